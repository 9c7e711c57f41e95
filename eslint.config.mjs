// ESLint flat config for the whole repository (npm run lint runs it with Prettier and knip).
// TypeScript files are linted with type information (typescript-eslint's project service reads tsconfig.json);
// plain .js/.mjs files get the syntax-only rules.
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import { domainBoundary } from './scripts/eslint/domain-boundary.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '.data/**',
      '.test-data/**',
      'coverage/**',
      'bench/results/**',
      // generated: migrations by `npm run migration:create`, port clients by `npm run ports:generate`
      '**/migrations/Migration*.ts',
      '**/ports/generated.ts',
      // the console's build and its generated client (`npm run admin:codegen`)
      'admin/dist/**',
      'admin/src/graphql/generated.ts',
    ],
  },
  eslint.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    // the console has its own TypeScript project (admin/tsconfig.json, checked by tsc -p admin): syntax-only rules below
    ignores: ['admin/**'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `any` is kept where a value's shape is not ours (GraphQL/REST bodies in tests, third-party payloads);
      // tsc --strict still checks everything else, and the promise rules below catch what `any` would hide most
      '@typescript-eslint/no-explicit-any': 'off',
      // the control characters in our regular expressions are deliberate: input validation rejects or strips them
      'no-control-regex': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly', location: 'readonly', history: 'readonly' } },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        URL: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // a domain imports only @svc/kit, its own files and other domains' published contract modules
    files: ['subgraphs/**/*.ts'],
    plugins: { svc: { rules: { 'domain-boundary': domainBoundary } } },
    rules: { 'svc/domain-boundary': 'error' },
  },
);
