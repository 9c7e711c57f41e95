/** Jest runs the TypeScript sources through SWC with the same decorator settings as runtime. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swc],
    // ESM-only packages the tests load inside Jest's CommonJS sandbox
    '/node_modules/(altcha-lib|openid-client|oauth4webapi|jose|marked)/.+\\.js$': [
      '@swc/jest',
      { ...swc, jsc: { ...swc.jsc, parser: { syntax: 'ecmascript' } } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(altcha-lib|openid-client|oauth4webapi|jose|marked)/)'],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  setupFiles: ['reflect-metadata'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // the slowest suites first (a clean clone has no timings of a previous run)
  testSequencer: '<rootDir>/test/support/sequencer.js',
  // Jest's runtime with a V8 code cache for the modules suites load (test/support/caching-runtime.js)
  runtime: '<rootDir>/test/support/caching-runtime.js',
  // a bound only decides how late a failure is reported: a hook that boots a platform took over 180 s
  // on a machine loaded to 12 runnable processes per core; a run stuck anywhere is still stopped by
  // scripts/test.js's TEST_TIME_LIMIT_MIN
  testTimeout: 600000,
  maxWorkers: 2,
};
