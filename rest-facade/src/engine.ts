import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { z, type ZodType } from 'zod';
import { DomainError, Errors, assertNoNul, type RequestContext } from '@svc/kit';
import type { ContextBuilder } from '@svc/gateway/src/context';
import type { LoadedGateway, PreparedOperation } from '@svc/gateway/src/gateway';
import { fromGraphQLErrors, fromZod, sendError } from './errors';
import { applyFields, parseFields, type FieldSpec } from './fields';

export type AuthLevel = 'none' | 'publishable' | 'customer' | 'admin' | 'token' | 'agent' | 'operator';

export interface RouteInput<P = any, Q = any, B = any> {
  params: P;
  query: Q;
  body: B;
  ctx: RequestContext;
}

/**
 * One documented endpoint: method + path + auth + validation + one named GraphQL operation +
 * variable mapping + response shaping. Nothing else happens in the facade.
 */
export interface RouteDef<P = any, Q = any, B = any> {
  method: 'GET' | 'POST' | 'DELETE';
  /** relative to /api, express syntax */
  path: string;
  auth: AuthLevel;
  antispam?: boolean;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** `<domain>/<OperationName>`: rest-facade/src/operations/<domain>/<OperationName>.graphql */
  operation: string;
  variables?: (input: RouteInput<P, Q, B>) => Record<string, unknown>;
  /** shapes `data` of the operation into the documented response body */
  respond: (data: any, input: RouteInput<P, Q, B>) => unknown;
  /**
   * Medusa's `fields` query parameter for the resource(s) under `key` of the response: checked
   * against `allowed` before the operation runs (400 for unknown fields), applied after shaping.
   */
  fields?: FieldsOption;
  summary: string;
}

export interface FieldsOption {
  key: string;
  allowed: ReadonlySet<string>;
  /** brings in data that the default document leaves out (e.g. `variants.prices`) */
  extra?: (doc: any, path: string) => any;
}

function projected(body: unknown, opt: FieldsOption, spec: FieldSpec): unknown {
  const b = body as Record<string, unknown>;
  const v = b[opt.key];
  const one = (d: unknown) => applyFields(d, spec, opt.extra);
  return { ...b, [opt.key]: Array.isArray(v) ? v.map(one) : v == null ? v : one(v) };
}

export const route = <P, Q, B>(def: RouteDef<P, Q, B>): RouteDef<P, Q, B> => def;

const OPERATIONS_DIR = path.join(__dirname, 'operations');

export function loadOperation(gw: LoadedGateway, ref: string): PreparedOperation {
  const [domain, name] = ref.split('/');
  const file = path.join(OPERATIONS_DIR, domain, `${name}.graphql`);
  return gw.prepare(fs.readFileSync(file, 'utf8'), name);
}

function checkAuth(def: RouteDef, ctx: RequestContext, req: Request): void {
  const needsKey = def.path.startsWith('/store/') || def.path.startsWith('/auth/customer/');
  if (needsKey && !req.headers['x-publishable-api-key']) throw Errors.publishableKeyRequired();
  const t = ctx.actor.type;
  switch (def.auth) {
    case 'customer':
      if (t !== 'customer' || !ctx.actor.id) throw Errors.unauthenticated('authentication_required', 'A customer token is required');
      return;
    case 'admin':
      if (t !== 'admin') throw Errors.unauthenticated('authentication_required', 'An admin token is required');
      return;
    case 'token':
      if (t !== 'customer' && t !== 'admin') throw Errors.unauthenticated('authentication_required', 'A customer or admin token is required');
      return;
    case 'agent':
      if (t !== 'agent') throw Errors.unauthenticated('authentication_required', 'An agent API key is required');
      return;
    case 'operator':
      if (t !== 'operator') throw Errors.unauthenticated('authentication_required', 'The operator token is required');
      return;
    default:
      return;
  }
}

function parse<T>(schema: ZodType<T> | undefined, value: unknown, where: 'query' | 'body' | 'params'): T {
  assertNoNul(value, where);
  if (!schema) {
    if (where !== 'params' && value && typeof value === 'object' && Object.keys(value).length) {
      const keys = Object.keys(value);
      throw new DomainError('validation_error', 'unknown_field', `Invalid request: Unrecognized fields: ${keys.map((k) => `'${k}'`).join(', ')}`,
        keys.map((k) => ({ field: k, code: 'unknown_field', message: `Unrecognized field '${k}'` })));
    }
    return (value ?? {}) as T;
  }
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw fromZod(where, r.error);
  return r.data;
}

export interface CompiledRoute {
  def: RouteDef;
  op: PreparedOperation;
}

/** Prepares every operation at start (a route whose operation does not validate stops the start). */
export function compileRoutes(defs: RouteDef[], gw: LoadedGateway): CompiledRoute[] {
  return defs.map((def) => ({ def, op: loadOperation(gw, def.operation) }));
}

export function mountRoutes(router: Router, compiled: CompiledRoute[], gw: LoadedGateway, builder: ContextBuilder): void {
  for (const { def, op } of compiled) {
    const handler = async (req: Request, res: Response) => {
      const requestId = (res.locals.requestId as string) ?? builder.requestId(req.headers);
      let ctx: RequestContext | undefined;
      try {
        const params = parse(def.params, req.params, 'params');
        const query = parse(def.query, req.query, 'query');
        const body = def.method === 'GET' || def.method === 'DELETE' ? undefined : parse(def.body, req.body, 'body');
        const antispamToken = typeof (req.body as { antispam_token?: unknown })?.antispam_token === 'string' ? (req.body as { antispam_token: string }).antispam_token : undefined;
        const rawFields = (query as { fields?: unknown } | undefined)?.fields;
        const spec = def.fields && typeof rawFields === 'string' ? parseFields(rawFields, def.fields.allowed) : null;
        ctx = await builder.build(req.headers, { antispam: def.antispam, antispamToken }, requestId, res.locals.log);
        checkAuth(def, ctx, req);
        const input = { params, query, body, ctx } as RouteInput;
        const result = await gw.run(op, def.variables ? def.variables(input) : {}, ctx);
        if (result.errors?.length) throw fromGraphQLErrors(result.errors as never, ctx.log);
        const shaped = def.respond(result.data, input);
        res.status(200).json(spec && def.fields ? projected(shaped, def.fields, spec) : shaped);
      } catch (err) {
        sendError(res, err, ctx?.log ?? res.locals.log);
      }
    };
    const m = def.method.toLowerCase() as 'get' | 'post' | 'delete';
    router[m](def.path, handler);
  }
}

// ---- shared query/body schema pieces ----

const MAX_INT = 2_147_483_647;

/** `limit`: non-negative integer, clamped to 100 (the applied value is echoed by the list). */
/** `limit=` with no value means the default, like an absent parameter */
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);
export const limitParam = z.preprocess(
  blankIsAbsent,
  z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be an integer')
    .min(0, 'limit must not be negative')
    .transform((v) => Math.min(v, 100))
    .optional(),
);
export const offsetParam = z.preprocess(
  blankIsAbsent,
  z.coerce.number({ message: 'offset must be a number' }).int('offset must be an integer').min(0, 'offset must not be negative').max(MAX_INT).optional(),
);
/** `id=a`, `id[0]=a&id[1]=b` (qs) -> string[] */
export const stringList = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(100)])
  .transform((v) => (Array.isArray(v) ? v : [v]));
export const fieldsParam = z.string().max(2000).optional();
export const money = z.coerce.number().min(0).max(1e12);

export const jsonBody = express.json({ limit: '1mb', strict: true });
