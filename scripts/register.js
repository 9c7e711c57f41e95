// Loads TypeScript sources on the fly with SWC (legacy decorators + decorator metadata, as
// type-graphql and MikroORM need). Used by every npm script: no build step before `npm start`.
process.env.SWC_NODE_PROJECT = process.env.SWC_NODE_PROJECT || require('path').join(__dirname, '..', 'tsconfig.json');
require('reflect-metadata');
require('@swc-node/register');
