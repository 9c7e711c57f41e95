// Loads TypeScript sources on the fly with SWC (legacy decorators + decorator metadata, as
// type-graphql and MikroORM need). Used by every npm script: no build step before `npm start`.
// Compiled modules are kept in a V8 code cache (compile-cache.js); packages a dependency loads but
// the platform never uses are loaded at their first use (lazy-modules.js).
process.env.SWC_NODE_PROJECT = process.env.SWC_NODE_PROJECT || require('path').join(__dirname, '..', 'tsconfig.json');
require('./compile-cache');
require('./lazy-modules').install();
require('reflect-metadata');
require('@swc-node/register');
