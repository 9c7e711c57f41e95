import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { DomainError, type PlatformConfig } from '@svc/kit';
import { SCHEMA_DIR } from '@svc/gateway';
import { openApiDocument, sendError, type RouteSource } from '@svc/rest-facade';

/**
 * The API describes itself, with nothing loaded from outside the platform:
 * - `GET /openapi.json`: the OpenAPI 3.1 document of the route table (generated once, at its first request);
 * - `GET /graphql/schema.graphql`: the public GraphQL schema as SDL (schema/public.graphql: what a
 *   storefront or a signed-in customer may query, without admin, agent and operator fields);
 * - `GET /docs`: Swagger UI over it, served from the `swagger-ui-dist` package (`/docs/assets/*`);
 * - `GET /graphql` from a browser (Accept: text/html, no `query`): GraphiQL, served from the
 *   `graphiql`, `react` and `react-dom` packages (`/graphql/explorer/assets/*`). Every other
 *   request to /graphql goes on to Apollo Server unchanged.
 * Library assets carry their package version in the URL and are cached for a year; the pages,
 * the two small start scripts and the document are `no-cache`.
 */

interface DocsDeps {
  config: PlatformConfig;
  /** the route table the facade serves */
  sources: RouteSource[];
}

const OPENAPI_PATH = '/openapi.json';
const PUBLIC_SCHEMA_PATH = '/graphql/schema.graphql';
const DOCS_PATH = '/docs';
const EXPLORER_ASSETS = '/graphql/explorer/assets';
const DOCS_ASSETS = `${DOCS_PATH}/assets`;
const YEAR_MS = 365 * 24 * 3600 * 1000;

const pkgDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const pkgVersion = (dir: string) => (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;

interface Asset {
  file: string;
  version: string;
}

/** name in the URL -> file on disk; a missing file stops the start (the install is broken). */
function assets(dir: string, files: Record<string, string>): Record<string, Asset> {
  const version = pkgVersion(dir);
  const out: Record<string, Asset> = {};
  for (const [name, rel] of Object.entries(files)) {
    const file = path.join(dir, rel);
    if (!fs.existsSync(file)) throw new Error(`docs: ${file} is missing; run npm install`);
    out[name] = { file, version };
  }
  return out;
}

function serveAssets(app: express.Express, prefix: string, table: Record<string, Asset>): void {
  app.get(`${prefix}/:name`, (req: Request, res: Response) => {
    const name = String(req.params.name);
    const asset = Object.hasOwn(table, name) ? table[name] : undefined;
    if (!asset) return sendError(res, new DomainError('not_found', 'route_not_found', `No asset ${req.path}`));
    res.sendFile(asset.file, { maxAge: YEAR_MS, immutable: true, dotfiles: 'deny' }, (err) => {
      if (err && !res.headersSent) sendError(res, new DomainError('not_found', 'route_not_found', `No asset ${req.path}`));
    });
  });
}

const url = (prefix: string, name: string, a: Record<string, Asset>) => `${prefix}/${name}?v=${encodeURIComponent(a[name].version)}`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sendNoCache(res: Response, type: string, body: string): void {
  res.setHeader('cache-control', 'no-cache');
  res.type(type).send(body);
}

/** Only a browser asking for a page (HTML preferred over JSON, no `query`) gets the explorer. */
function wantsExplorer(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.query && (req.query as Record<string, unknown>).query !== undefined) return false;
  if (!/text\/html/i.test(req.headers.accept ?? '')) return false;
  return req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html';
}

const SWAGGER_INIT = `(function () {
  var el = document.getElementById('swagger-ui');
  var key = el.getAttribute('data-publishable-key');
  var ui = SwaggerUIBundle({
    url: el.getAttribute('data-spec-url'),
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    persistAuthorization: false,
    displayOperationId: true,
    tryItOutEnabled: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    onComplete: function () { if (key) ui.preauthorizeApiKey('publishableKey', key); }
  });
  window.ui = ui;
})();
`;

const GRAPHIQL_INIT = `(function () {
  var el = document.getElementById('graphiql');
  var endpoint = new URL(el.getAttribute('data-endpoint'), window.location.href).toString();
  var props = {
    fetcher: GraphiQL.createFetcher({ url: endpoint }),
    defaultHeaders: el.getAttribute('data-default-headers') || undefined,
    defaultQuery: el.getAttribute('data-default-query') || undefined,
    defaultEditorToolsVisibility: 'headers'
  };
  ReactDOM.createRoot(el).render(React.createElement(GraphiQL, props));
})();
`;

const DEFAULT_QUERY = `# Storefront queries need the x-publishable-api-key header (Headers, below).
# Admin operations need "authorization": "Bearer <admin token>" too.
{
  products(limit: 3) {
    count
    items {
      title
      handle
      variants { sku inventory_quantity }
    }
  }
}
`;

export function mountDocs(app: express.Express, d: DocsDeps): void {
  // ---- OpenAPI document ----
  let version = '0.0.0';
  try {
    version = pkgVersion(path.resolve(__dirname, '..'));
  } catch {
    /* keep the placeholder */
  }
  // written at the first request, not at every start (a tenth of a second of each start's CPU)
  let openapi: string | undefined;
  const openapiText = () =>
    (openapi ??= JSON.stringify(
      openApiDocument(d.sources, {
        title: 'Headless commerce platform REST API',
        version,
        description:
          'The storefront and admin REST API (Medusa v2 compatible under /store and /auth). Every error body is `{type, code, message}`; validation errors add `errors`. The same operations are available as GraphQL at /graphql.',
      }),
    ));
  app.get(OPENAPI_PATH, (_req, res) => {
    res.setHeader('access-control-allow-origin', '*'); // public: code generators and other tools may read it cross-origin
    sendNoCache(res, 'application/json', openapiText());
  });

  // the public GraphQL schema, for code generators (committed and drift-checked: `npm run schema:generate`)
  let publicSdl: string | undefined;
  app.get(PUBLIC_SCHEMA_PATH, (_req, res) => {
    publicSdl ??= fs.readFileSync(path.join(SCHEMA_DIR, 'public.graphql'), 'utf8');
    res.setHeader('access-control-allow-origin', '*');
    sendNoCache(res, 'text/plain', publicSdl);
  });

  // a publishable key to pre-fill: the demo key outside production, a placeholder in production
  const demoKey = d.config.env !== 'production' && d.config.demo.publishableKey ? d.config.demo.publishableKey : '';
  const keyPlaceholder = demoKey || '<your publishable key>';

  // ---- Swagger UI ----
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- swagger-ui-dist ships no type declarations
  const swaggerDir = (require('swagger-ui-dist/absolute-path.js') as () => string)();
  const swagger = assets(swaggerDir, {
    'swagger-ui-bundle.js': 'swagger-ui-bundle.js',
    'swagger-ui.css': 'swagger-ui.css',
    'favicon-32x32.png': 'favicon-32x32.png',
    'favicon-16x16.png': 'favicon-16x16.png',
    'swagger-ui-bundle.js.map': 'swagger-ui-bundle.js.map',
    'swagger-ui.css.map': 'swagger-ui.css.map',
  });
  const docsInit = `${DOCS_PATH}/init.js?v=${encodeURIComponent(version)}`;
  const docsPage = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>API reference</title>
  <link rel="icon" type="image/png" sizes="32x32" href="${url(DOCS_ASSETS, 'favicon-32x32.png', swagger)}">
  <link rel="icon" type="image/png" sizes="16x16" href="${url(DOCS_ASSETS, 'favicon-16x16.png', swagger)}">
  <link rel="stylesheet" href="${url(DOCS_ASSETS, 'swagger-ui.css', swagger)}">
</head>
<body>
  <div id="swagger-ui" data-spec-url="${OPENAPI_PATH}" data-publishable-key="${escapeHtml(demoKey)}"></div>
  <script src="${url(DOCS_ASSETS, 'swagger-ui-bundle.js', swagger)}"></script>
  <script src="${docsInit}"></script>
</body>
</html>
`;
  app.get(`${DOCS_PATH}/init.js`, (_req, res) => sendNoCache(res, 'text/javascript', SWAGGER_INIT));
  serveAssets(app, DOCS_ASSETS, swagger);
  app.get(DOCS_PATH, (_req, res) => sendNoCache(res, 'html', docsPage));

  // ---- GraphiQL ----
  const graphiqlDir = pkgDir('graphiql');
  const explorer = {
    ...assets(pkgDir('react'), { 'react.production.min.js': 'umd/react.production.min.js' }),
    ...assets(pkgDir('react-dom'), { 'react-dom.production.min.js': 'umd/react-dom.production.min.js' }),
    ...assets(graphiqlDir, { 'graphiql.min.js': 'graphiql.min.js', 'graphiql.min.css': 'graphiql.min.css' }),
  };
  // the bundle names its source map after the file it was built as
  if (fs.existsSync(path.join(graphiqlDir, 'dist', 'index.umd.js.map')))
    Object.assign(explorer, assets(graphiqlDir, { 'index.umd.js.map': 'dist/index.umd.js.map' }));
  const explorerInit = `/graphql/explorer/init.js?v=${encodeURIComponent(version)}`;
  const defaultHeaders = JSON.stringify({ 'x-publishable-api-key': keyPlaceholder }, null, 2);
  const explorerPage = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>GraphQL explorer</title>
  <link rel="stylesheet" href="${url(EXPLORER_ASSETS, 'graphiql.min.css', explorer)}">
  <style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
  <div id="graphiql" data-endpoint="/graphql" data-default-headers="${escapeHtml(defaultHeaders)}" data-default-query="${escapeHtml(DEFAULT_QUERY)}">Loading the GraphQL explorer…</div>
  <script src="${url(EXPLORER_ASSETS, 'react.production.min.js', explorer)}"></script>
  <script src="${url(EXPLORER_ASSETS, 'react-dom.production.min.js', explorer)}"></script>
  <script src="${url(EXPLORER_ASSETS, 'graphiql.min.js', explorer)}"></script>
  <script src="${explorerInit}"></script>
</body>
</html>
`;
  app.get('/graphql/explorer/init.js', (_req, res) => sendNoCache(res, 'text/javascript', GRAPHIQL_INIT));
  serveAssets(app, EXPLORER_ASSETS, explorer);
  app.get('/graphql', (req: Request, res: Response, next: NextFunction) => {
    if (!wantsExplorer(req)) return next();
    res.setHeader('vary', 'Accept');
    sendNoCache(res, 'html', explorerPage);
  });
}
