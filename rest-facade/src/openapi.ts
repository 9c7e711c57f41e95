import { z, type ZodType } from 'zod';
import { STATUS_BY_TYPE, lateRules, type AuthLevel, type RouteDef, type StateRefusal } from '@svc/kit';
import type { RouteSource } from './engine';
import { LOCALE_TAG } from '@svc/gateway';

/**
 * `/openapi.json`: an OpenAPI 3.1 document generated from the route table. Everything comes from
 * the route declarations: method and path, auth level (security), the zod schemas of params, query
 * and body (parameters and request body, as the client sends them: input mode), the declared
 * response schema, summary, tag, anti-spam, `fields`. Nothing is written by hand per route.
 */

type Json = Record<string, unknown>;

const JSON_MEDIA = 'application/json';

/** Security requirement per auth level (an empty list: public). */
const SECURITY: Record<AuthLevel, Array<Record<string, string[]>>> = {
  none: [],
  publishable: [{ publishableKey: [] }],
  customer: [{ publishableKey: [], bearer: [] }],
  token: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  agent: [{ agentKey: [] }],
  analyst: [{ bearer: [] }, { analystKey: [] }],
  operator: [{ operator: [] }],
};

const SECURITY_SCHEMES: Json = {
  publishableKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-publishable-api-key',
    description: 'Publishable key of a storefront; names the tenant. Every /store/* and /auth/customer/* call carries it.',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Customer token (POST /auth/customer/emailpass) or admin token (POST /auth/user/emailpass).',
  },
  agentKey: { type: 'http', scheme: 'bearer', description: 'Agent API key of a tenant (`sk_…`).' },
  analystKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'Analyst API key of a tenant (`sk_analyst_…`, admin mutation `createAnalystApiKey`): analytics reads only.',
  },
  operator: { type: 'http', scheme: 'bearer', description: 'The platform operator token (`OPERATOR_TOKEN`).' },
  mailToken: { type: 'http', scheme: 'bearer', description: 'A one-time token the platform mailed (a password reset token `rst_…`), not a session.' },
};

const errorResponse = (description: string, extra: Json = {}): Json => ({
  description,
  ...extra,
  content: { [JSON_MEDIA]: { schema: { $ref: '#/components/schemas/Error' } } },
});

const intHeader = (description: string): Json => ({ description, schema: { type: 'integer', minimum: 0 } });

/** Shared error responses; operations reference them by status. */
const ERROR_RESPONSES: Record<string, { name: string; body: Json }> = {
  '400': { name: 'ValidationError', body: errorResponse('validation_error: the request is invalid; `errors` lists one entry per offending field') },
  '401': { name: 'Unauthenticated', body: errorResponse('authentication_error: a required key or token is missing or invalid') },
  '403': { name: 'Forbidden', body: errorResponse('permission_error: e.g. a missing, forged, expired or replayed anti-spam token (`invalid_antispam_token`)') },
  '404': { name: 'NotFound', body: errorResponse('not_found: no such resource') },
  '409': {
    name: 'Conflict',
    body: errorResponse(
      'conflict: the write collides with the current state (a duplicate, an outdated version, an invalid transition, insufficient inventory, a concurrent update)',
    ),
  },
  '415': { name: 'UnsupportedMediaType', body: errorResponse('unsupported_media_type: the body is not sent as a media type the route reads') },
  '429': {
    name: 'RateLimited',
    body: errorResponse('rate_limit_error: too many requests', {
      headers: {
        'Retry-After': intHeader('Seconds to wait before retrying'),
        'X-RateLimit-Limit': intHeader('Requests allowed per window'),
        'X-RateLimit-Remaining': intHeader('Requests left in the current window'),
        'X-RateLimit-Reset': intHeader('Seconds until the window resets'),
      },
    }),
  },
  '431': {
    name: 'HeadersTooLarge',
    body: {
      description:
        "The request line and headers exceed the HTTP server's limit (16 KB): long query strings (many or long list values) are answered by the server itself, without a JSON body",
    },
  },
  '500': { name: 'InternalError', body: errorResponse('api_error: an unexpected error (logged with the request id)') },
  '502': { name: 'ProviderError', body: errorResponse('provider_error: a provider the route calls (payment, identity, challenge verifier) failed or refused') },
  '503': {
    name: 'ServiceUnavailable',
    body: errorResponse('service_unavailable: the capability needs a provider the store has not configured (provider_required)'),
  },
};

const ERROR_SCHEMA: Json = {
  type: 'object',
  description: 'Every error body. Validation errors add `errors`, one per offending field.',
  required: ['type', 'code', 'message'],
  properties: {
    type: { type: 'string', enum: Object.keys(STATUS_BY_TYPE) },
    code: { type: 'string', examples: ['invalid_field', 'publishable_key_required', 'not_found'] },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'code', 'message'],
        properties: { field: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

/** `?locale=`: accepted by every route, before the x-medusa-locale and accept-language headers. */
const LOCALE_PARAMETER: Json = {
  name: 'locale',
  in: 'query',
  required: false,
  description:
    'The locale to answer in (BCP 47 tag: en, de-CH). Wins over x-medusa-locale and accept-language; translated fields fall back to the language, then to the default locale.',
  schema: { type: 'string', maxLength: 35, pattern: LOCALE_TAG.source },
};

/** The header the Medusa SDK sends on every call (empty unless the shopper chose a locale). */
const MEDUSA_LOCALE_PARAMETER: Json = {
  name: 'x-medusa-locale',
  in: 'header',
  required: false,
  description: 'The locale to answer in when ?locale= is absent (then accept-language decides). Empty, or a BCP 47 tag (400 otherwise).',
  schema: { type: 'string', maxLength: 35, pattern: `^$|${LOCALE_TAG.source}` },
};

const ANTISPAM_PARAMETER: Json = {
  name: 'x-antispam-token',
  in: 'header',
  required: false,
  description:
    'Base64 solution of a challenge from GET /store/anti-spam/challenge (ALTCHA). Required unless the JSON body carries it as `antispam_token`; each solution is accepted once.',
  schema: { type: 'string' },
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * zod -> JSON Schema (2020-12, the OpenAPI 3.1 dialect). Unrepresentable parts (custom checks,
 * transforms' outputs, maps) become `{}`; dates become date-time strings (their JSON form).
 * Named (`.meta({ id })`) and recursive schemas come out as `$defs`: they are moved to
 * `components.schemas` (equal schemas of the same name are shared) and their `$ref`s rewritten.
 */
class SchemaConverter {
  /** `Error` is reserved: a route schema named so gets another name */
  readonly components: Record<string, Json> = { Error: ERROR_SCHEMA };

  convert(schema: ZodType, io: 'input' | 'output', hint: string): Json {
    let raw: Json;
    try {
      raw = z.toJSONSchema(schema, {
        io,
        unrepresentable: 'any',
        override: ({ zodSchema, jsonSchema }) => {
          if ((zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def?.type === 'date')
            Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
        },
      }) as Json;
    } catch {
      return {}; // the route still appears; its schema is "anything"
    }
    const { $schema: _dialect, $defs, ...root } = raw;
    const defs = (isObject($defs) ? $defs : {}) as Record<string, Json>;
    const keys = Object.keys(defs);
    const recursiveRoot = JSON.stringify(raw).includes('"$ref":"#"');

    // names for every def (and the root when it refers to itself); bumped until nothing clashes
    const names = new Map<string, string>(keys.map((k) => [k, safeName(k.startsWith('__') ? `${hint}_${k.replace(/^_+/, '')}` : k)]));
    if (recursiveRoot) names.set('#', safeName(hint));
    for (let round = 0; ; round++) {
      const rewrite = (v: unknown): unknown => {
        if (Array.isArray(v)) return v.map(rewrite);
        if (!isObject(v)) return v;
        const out: Json = {};
        for (const [k, val] of Object.entries(v)) {
          if (k === '$ref' && typeof val === 'string') {
            const target = val === '#' ? '#' : val.startsWith('#/$defs/') ? val.slice('#/$defs/'.length) : undefined;
            out.$ref = target !== undefined && names.has(target) ? `#/components/schemas/${names.get(target)}` : val;
          } else out[k] = rewrite(val);
        }
        return out;
      };
      const rewritten = new Map<string, Json>(keys.map((k) => [k, rewrite(defs[k]) as Json]));
      if (recursiveRoot) rewritten.set('#', rewrite(root) as Json);
      const clash = [...rewritten.keys()].find((k) => {
        const name = names.get(k)!;
        return this.components[name] !== undefined && !same(this.components[name], rewritten.get(k));
      });
      if (clash === undefined || round > 50) {
        for (const [k, s] of rewritten) this.components[names.get(k)!] = s;
        return recursiveRoot ? { $ref: `#/components/schemas/${names.get('#')}` } : (rewrite(root) as Json);
      }
      const base = names.get(clash)!;
      const used = new Set([...Object.keys(this.components), ...names.values()]);
      let n = 2;
      while (used.has(`${base}_${n}`)) n++;
      names.set(clash, `${base}_${n}`);
    }
  }

  /** follows a top-level `$ref` into components (to read an object's properties) */
  deref(schema: Json): Json {
    for (let i = 0; i < 10 && typeof schema.$ref === 'string' && schema.$ref.startsWith('#/components/schemas/'); i++) {
      schema = this.components[schema.$ref.slice('#/components/schemas/'.length)] ?? {};
    }
    return schema;
  }

  /** the properties of an object schema (also of `allOf` / `anyOf` / `oneOf` of objects) and which are required */
  properties(schema: Json): { props: Record<string, Json>; required: Set<string> } {
    const s = this.deref(schema);
    const props: Record<string, Json> = {};
    const required = new Set<string>();
    if (isObject(s.properties)) Object.assign(props, s.properties);
    if (Array.isArray(s.required)) for (const r of s.required) required.add(String(r));
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const parts = s[key];
      if (!Array.isArray(parts)) continue;
      for (const p of parts) {
        const sub = this.properties(p as Json);
        for (const [k, v] of Object.entries(sub.props)) props[k] ??= v;
        if (key === 'allOf') for (const r of sub.required) required.add(r);
      }
    }
    return { props, required };
  }
}

/** `/store/products/:id` -> `/store/products/{id}`, with the names of its path parameters */
function openApiPath(expressPath: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = expressPath.replace(/[:*]([A-Za-z0-9_]+)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

const operationName = (def: RouteDef) => def.operation.split('/').pop() ?? def.operation;
const pathSlug = (p: string) =>
  p
    .replace(/[:*]/g, '')
    .split('/')
    .filter(Boolean)
    .join('_')
    .replace(/[^A-Za-z0-9_]/g, '_');

/**
 * `operationId`s: `<domain>_<OperationName>`. Routes sharing one operation (`/store/categories`
 * and `/store/product-categories`) keep the plain id for the first route in table order; the
 * next ones add their path (then a number), so ids are unique and stable.
 */
function operationIds(entries: Array<{ domain: string; def: RouteDef }>): string[] {
  const used = new Set<string>();
  return entries.map(({ domain, def }) => {
    const base = safeName(`${domain}_${operationName(def)}`);
    let id = base;
    if (used.has(id)) id = `${base}_${def.method.toLowerCase()}_${pathSlug(def.path)}`;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    return id;
  });
}

const fieldsDescription = (key: string, allowed: ReadonlySet<string>) =>
  `Fields of \`${key}\` to return (Medusa syntax): bare names replace the defaults, \`+name\` / \`*relation\` add, \`-name\` removes; ` +
  `an unknown field is 400 (checked after authentication). Allowed: ${[...allowed].join(', ')}.`;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The `fields` a route reads (see fields.ts): comma-separated tokens, each an allowed top-level
 * name, optionally prefixed with `+`, `*` or `-` and followed by a `.`-path; blanks around tokens
 * and empty tokens are ignored.
 */
function fieldsPattern(allowed: ReadonlySet<string>): string {
  const token = `\\s*(?:[+*-]?(?:${[...allowed].map(escapeRegex).join('|')})(?:\\.[^,]*)?)?\\s*`;
  return `^${token}(?:,${token})*$`;
}

/** JSON Schema keywords of a query's object schema that relate its parameters (OpenAPI has no place for them on one parameter) */
const CROSS_PARAMETER = ['dependentRequired', 'dependentSchemas', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not'] as const;

/** The operation's 400: the shared one, or, when the route names refusals that depend on the store's state, one that lists them. */
function badRequest(refusals: StateRefusal[] | undefined): Json {
  if (!refusals?.length) return { $ref: '#/components/responses/ValidationError' };
  const { body } = ERROR_RESPONSES['400'];
  const list = refusals.map((r) => `\`${r.code}\`${r.field ? ` (${r.field})` : ''}: ${r.when}`).join('; ');
  return {
    ...body,
    description: `${body.description as string}. Besides input the schemas refuse, input of a valid shape that the store's state refuses: ${list}`,
    'x-state-refusals': refusals.map((r) => ({ ...r })),
  };
}

/** The OpenAPI 3.1 document of every route of the sources (generated once, at start). */
export function openApiDocument(sources: RouteSource[], info: { title: string; version: string; description?: string }): object {
  const conv = new SchemaConverter();
  const entries = sources.flatMap((s) => s.routes.map((def) => ({ domain: s.domain, def })));
  const ids = operationIds(entries);
  const paths: Record<string, Json> = {};
  const tags: string[] = [];

  entries.forEach(({ domain, def }, i) => {
    const operationId = ids[i];
    const { path, params: pathParams } = openApiPath(def.path);
    const method = def.method.toLowerCase();
    const item = (paths[path] ??= {});
    if (item[method]) return; // express serves the first route of a method and path; so does the document
    const tag = def.tag ?? domain;
    if (!tags.includes(tag)) tags.push(tag);

    const op: Json = {
      operationId,
      tags: [tag],
      summary: def.summary,
      'x-graphql-operation': def.operation,
      // a mailed one-time token instead of a session bearer (beside the publishable key where the route needs one)
      security: def.bearerCredential ? [{ ...(def.auth === 'publishable' ? { publishableKey: [] } : {}), mailToken: [] }] : SECURITY[def.auth],
    };
    if (def.bearerCredential) op.description = def.bearerCredential.description;
    const parameters: Json[] = [];
    const paramSchema = def.params ? conv.properties(conv.convert(def.params, 'input', `${operationId}_params`)).props : {};
    // parameters checked after authentication are documented by their rule, not by their loose parse
    for (const [name, rule] of Object.entries(lateRules(def.params))) paramSchema[name] = conv.convert(rule, 'input', `${operationId}_${name}`);
    for (const name of pathParams) {
      parameters.push({ name, in: 'path', required: true, schema: paramSchema[name] ?? { type: 'string' } });
    }
    if (def.query) {
      const querySchema = conv.convert(def.query, 'input', `${operationId}_query`);
      const { props, required } = conv.properties(querySchema);
      for (const [name, rule] of Object.entries(lateRules(def.query))) {
        props[name] = conv.convert(rule, 'input', `${operationId}_${name}`);
        if (rule.safeParse(undefined).success) required.delete(name);
        else required.add(name);
      }
      // rules that relate parameters (a price range needs a currency): on the operation, as one JSON Schema of the query object
      const root = conv.deref(querySchema);
      const crossRules = Object.fromEntries(CROSS_PARAMETER.filter((k) => root[k] !== undefined).map((k) => [k, root[k]]));
      if (Object.keys(crossRules).length) op['x-query-rules'] = crossRules;
      for (const [name, schema] of Object.entries(props)) {
        const p: Json = { name, in: 'query', required: required.has(name), schema };
        if (typeof schema.description === 'string') p.description = schema.description;
        if (name === 'fields' && def.fields) {
          p.description = fieldsDescription(def.fields.key, def.fields.allowed);
          p.schema = { ...schema, pattern: fieldsPattern(def.fields.allowed) };
        }
        const types = ([] as unknown[]).concat(conv.deref(schema).type ?? []);
        if (types.includes('object')) Object.assign(p, { style: 'deepObject', explode: true });
        // the query door reads numbers written as decimals only (kit queryOf): `1e2` and `0x10` are 400
        if (types.includes('number') || types.includes('integer'))
          p.description = `${typeof p.description === 'string' ? `${p.description} ` : ''}Written as a decimal number (\`20\`, \`12.5\`; no exponent or hex).`;
        parameters.push(p);
      }
    }
    if (def.antispam) parameters.push({ $ref: '#/components/parameters/AntispamToken' });
    // reads answer in the requested locale (every route accepts ?locale=; reads document it, or their own schema does)
    if (def.method === 'GET') {
      if (!parameters.some((p) => p.name === 'locale' && p.in === 'query')) parameters.push({ $ref: '#/components/parameters/Locale' });
      parameters.push({ $ref: '#/components/parameters/MedusaLocale' });
    }

    if (parameters.length) op.parameters = parameters;
    if (def.body && (def.method === 'POST' || def.method === 'DELETE')) {
      const schema = conv.convert(def.body, 'input', `${operationId}_body`);
      const required = conv.properties(schema).required.size > 0;
      // the other media types a route reads (the form_post callback) carry the same fields
      const content: Json = { [JSON_MEDIA]: { schema } };
      for (const media of def.accepts ?? []) content[media] = { schema };
      op.requestBody = { required, content };
    }

    const responses: Json =
      def.reply?.kind === 'binary'
        ? { '200': { description: def.reply.description, content: { [def.reply.contentType]: { schema: { type: 'string', format: 'binary' } } } } }
        : def.reply?.kind === 'redirect'
          ? { '302': { description: def.reply.description, headers: { Location: { schema: { type: 'string', format: 'uri' } } } } }
          : def.reply?.kind === 'empty'
            ? { [String(def.reply.status)]: { description: def.reply.description } }
            : def.reply?.kind === 'event-stream'
              ? {
                  '200': {
                    description: `${def.reply.description} Events: ${Object.entries(def.reply.events)
                      .map(([name, what]) => `\`${name}\` ${what}`)
                      .join('; ')}.`,
                    content: {
                      'text/event-stream': { schema: { type: 'string', description: 'server-sent events: `event: <name>` and `data: <JSON>` per event' } },
                    },
                  },
                }
              : {
                  [String(def.status ?? 200)]: def.response
                    ? {
                        description: def.status === 202 ? 'Accepted' : 'OK',
                        content: { [JSON_MEDIA]: { schema: conv.convert(def.response, 'output', `${operationId}_response`) } },
                      }
                    : {
                        description: `${def.status === 202 ? 'Accepted' : 'OK'}: ${def.summary}`,
                        content: {
                          [JSON_MEDIA]: { schema: { type: 'object', description: 'A JSON object; this route does not declare its response schema yet.' } },
                        },
                      },
                };
    // derived from the declaration, the way the engine answers (see engine.ts), so the document cannot drift:
    // 400: every route checks ?locale=, x-medusa-locale and unknown parameters; 401: a key or token is
    // needed, or the route signs in (bad credentials); 404: every route resolves the store's resources
    // (an id from the path, query or body, or a store setting such as a provider that is not enabled);
    // 409: any write may collide with the current state; 415: a POST (or a DELETE with a body) reads a body of declared media types
    const errors = new Set<string>(['400']);
    if (def.auth !== 'none' || def.path.startsWith('/auth/')) errors.add('401');
    if (def.antispam) errors.add('403');
    errors.add('404');
    if (def.method !== 'GET') errors.add('409');
    if (def.method === 'POST' || (def.method === 'DELETE' && def.body)) errors.add('415');
    if (def.query) errors.add('431');
    for (const e of def.errors ?? []) errors.add(String(e));
    errors.add('429');
    errors.add('500');
    for (const status of [...errors].sort())
      responses[status] = status === '400' ? badRequest(def.refusals) : { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
    op.responses = responses;
    item[method] = op;
  });

  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/api' }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: conv.components,
      responses: Object.fromEntries(Object.values(ERROR_RESPONSES).map(({ name, body }) => [name, body])),
      parameters: { AntispamToken: ANTISPAM_PARAMETER, Locale: LOCALE_PARAMETER, MedusaLocale: MEDUSA_LOCALE_PARAMETER },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
