// ESLint rule `svc/domain-boundary`: code under subgraphs/<domain>/ imports only its own files, `@svc/kit`,
// third-party packages and other domains' published contract modules: the subpaths a domain lists under
// "exports" in its package.json (`@svc/catalog/events`, `@svc/webhooks/verify`), never a package root
// (`@svc/catalog`), a wildcard export (`./src/*`), a relative path into another folder, or the platform's
// own packages (gateway, rest-facade, platform). The kit imports no domain at all.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const subgraphs = path.join(root, 'subgraphs');

/** `@svc/<domain>` -> its contract subpaths ("./events" -> "events"), read once from the package.json files. */
function contracts() {
  const out = new Map();
  for (const folder of fs.readdirSync(subgraphs)) {
    const file = path.join(subgraphs, folder, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
    const subpaths = Object.keys(pkg.exports ?? {})
      .filter((k) => k !== '.' && k !== './package.json' && !k.includes('*'))
      .map((k) => k.slice(2));
    out.set(pkg.name, { folder, subpaths: new Set(subpaths) });
  }
  return out;
}

/** @type {import('eslint').Rule.RuleModule} */
export const domainBoundary = {
  meta: {
    type: 'problem',
    docs: { description: "a domain imports only @svc/kit, its own files and other domains' published contract modules" },
    schema: [],
    messages: {
      root: "'{{source}}' is another domain's package root: import its published contract module ({{allowed}}), or go through a port (src/ports/)",
      internal: "'{{source}}' is not a published contract module of {{pkg}} (published: {{allowed}})",
      platform: "'{{source}}': a domain does not import the platform's processes (gateway, rest-facade, platform)",
      kit: "'{{source}}': the kit does not import domains",
      relative: "'{{source}}' leaves subgraphs/{{folder}}/: import another domain through its published contract module",
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const rel = path.relative(subgraphs, file);
    if (rel.startsWith('..') || !rel.includes(path.sep)) return {};
    const folder = rel.split(path.sep)[0];
    const own = path.join(subgraphs, folder) + path.sep;
    const known = contracts();

    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const source = node.value;
      if (source.startsWith('.')) {
        const target = path.resolve(path.dirname(file), source);
        if (!(target + path.sep).startsWith(own)) context.report({ node, messageId: 'relative', data: { source, folder } });
        return;
      }
      const m = /^(@svc\/[^/]+)(?:\/(.+))?$/.exec(source);
      if (!m) return;
      const [, pkg, sub] = m;
      if (pkg === '@svc/kit' && folder !== 'kit') return;
      const target = known.get(pkg);
      if (!target) return context.report({ node, messageId: 'platform', data: { source } });
      if (target.folder === folder) return;
      if (folder === 'kit') return context.report({ node, messageId: 'kit', data: { source } });
      const allowed = [...target.subpaths].map((s) => `${pkg}/${s}`).join(', ') || 'none';
      if (!sub) return context.report({ node, messageId: 'root', data: { source, allowed } });
      if (!target.subpaths.has(sub)) context.report({ node, messageId: 'internal', data: { source, pkg, allowed } });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
      TSImportType: (n) => check(n.argument?.literal ?? n.argument),
      TSExternalModuleReference: (n) => check(n.expression),
      CallExpression: (n) => {
        if (n.callee.type === 'Identifier' && n.callee.name === 'require' && n.arguments.length === 1) check(n.arguments[0]);
      },
    };
  },
};
