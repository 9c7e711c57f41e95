import { z, type ZodError, type ZodObject, type ZodType } from 'zod';
import type { ValidatorFn } from 'type-graphql';
import { DomainError, type FieldError } from './errors';

/**
 * Validation is written once, as zod schemas in a domain's `inputs/<aggregate>.input.ts`:
 * - GraphQL: `@ValidateWith(schema)` on an @InputType/@ArgsType class; the schema builder's
 *   `validateInput` checks every such argument before the resolver runs;
 * - REST: the route uses the same schema for its body, or `queryOf(schema)` for its query string.
 * Both doors answer the same 400 `{type, code, message, errors}` for the same bad input.
 */
// keyed by the input class (a constructor; only its name is read)
const SCHEMAS = new Map<{ readonly name: string }, ZodType>();

export function ValidateWith(schema: ZodType): ClassDecorator {
  return (target) => {
    SCHEMAS.set(target, schema);
  };
}

export const schemaOf = (cls: { readonly name: string }): ZodType | undefined => SCHEMAS.get(cls);

/** Every input schema registered with `@ValidateWith` (by class name): what contract tests walk. */
export const registeredSchemas = (): Array<[string, ZodType]> => [...SCHEMAS].map(([cls, schema]) => [cls.name, schema]);

/** zod issues -> 400 with one field error per issue (`where` names the part of the request). */
export function fromZod(where: string, err: ZodError): DomainError {
  const errors: FieldError[] = [];
  for (const issue of err.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) errors.push({ field: [...issue.path, k].join('.'), code: 'unknown_field', message: `Unrecognized field '${k}'` });
      continue;
    }
    const field = issue.path.join('.') || where;
    const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
    errors.push({ field, code: missing ? 'missing_field' : 'invalid_field', message: missing ? `Field '${field}' is required` : `${field}: ${issue.message}` });
  }
  const first = errors[0];
  return new DomainError('validation_error', first?.code ?? 'invalid_field', `Invalid request: ${first?.message ?? 'invalid input'}`, errors);
}

/** `value` parsed with `schema`, or the same 400 as a route's own validation (for checks a route makes after authentication) */
export function validated<T>(schema: ZodType<T>, value: unknown, where: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw fromZod(where, r.error);
  return r.data;
}

/** type-graphql's validate function: the zod schema registered for the argument's class, if any. */
export const validateInput: ValidatorFn = (value, type) => {
  const schema = typeof type === 'function' ? SCHEMAS.get(type) : undefined;
  if (!schema || value === null || value === undefined) return;
  for (const item of Array.isArray(value) ? value : [value]) {
    const r = schema.safeParse({ ...(item as object) });
    if (!r.success) throw fromZod('input', r.error);
  }
};

// ---- the query string door ----

type Def = { type: string; innerType?: ZodType; element?: ZodType; in?: ZodType; schema?: ZodType };
const defOf = (s: ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The base type of a field: optional/nullable/default wrappers removed. */
function baseType(s: ZodType): string {
  let d = defOf(s);
  while (d.innerType && ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(d.type)) d = defOf(d.innerType);
  return d.type;
}

const DECIMAL = /^-?(?:\d+)(?:\.\d+)?$/;

/**
 * Query strings carry text: decimal numbers only (no hex, no exponent), `true`/`false`, and lists.
 * An empty value (`?order=`, `?tag=`) is a value: text and enum parameters check it like any other
 * (an enum or pattern refuses it); for numbers, booleans and lists it means absent.
 */
function fromQueryString(type: string) {
  return (v: unknown): unknown => {
    if (v === '') return type === 'string' || type === 'enum' ? '' : undefined;
    if (type === 'number' && typeof v === 'string') return DECIMAL.test(v) ? Number(v) : v;
    if (type === 'boolean' && typeof v === 'string') return v === 'true' ? true : v === 'false' ? false : v;
    if (type === 'array' && typeof v === 'string') return [v];
    return v;
  };
}

/**
 * The REST query form of a domain's argument schema: the same constraints, read from query-string
 * text (`limit=20`, `id=a` or `id[0]=a&id[1]=b`, `flag=true`), unknown parameters refused.
 */
export function queryOf<T extends ZodObject>(schema: T) {
  const shape: Record<string, ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, ZodType>)) {
    shape[key] = z.preprocess(fromQueryString(baseType(field)), field);
  }
  // what the schema says about itself for documents (cross-parameter rules: dependentRequired, …) stays with it
  const meta = z.globalRegistry.get(schema);
  const query = z.strictObject(shape);
  return (meta ? query.meta(meta) : query) as unknown as z.ZodObject<{ [K in keyof T['shape']]: z.ZodPipe<z.ZodTransform, T['shape'][K]> }, z.core.$strict>;
}

// ---- shared schema pieces ----

/**
 * Free-form metadata, limited the way Stripe limits it, for every domain: a flat object of at most
 * 50 keys, each key 1–40 characters, each value a string of at most 500 characters, a number, a
 * boolean or null (no nested objects or lists).
 */
export const METADATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500 } as const;
export const metadataSchema = z
  .record(
    z.string().min(1, 'metadata keys must not be empty').max(METADATA_LIMITS.keyLength, `metadata keys are at most ${METADATA_LIMITS.keyLength} characters`),
    z.union(
      [z.string().max(METADATA_LIMITS.valueLength, `metadata values are at most ${METADATA_LIMITS.valueLength} characters`), z.number(), z.boolean(), z.null()],
      {
        message: 'metadata values are strings, numbers, booleans or null (metadata is flat)',
      },
    ),
  )
  .refine((m) => Object.keys(m).length <= METADATA_LIMITS.keys, `metadata holds at most ${METADATA_LIMITS.keys} keys`);
export const handleSchema = z
  .string()
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'handle must be lowercase words joined by dashes');
export const currencySchema = z.string().regex(/^[a-z]{3}$/, 'currency_code must be a 3-letter lowercase ISO code');
export const countrySchema = z.string().regex(/^[a-zA-Z]{2}$/, 'country_code must be a 2-letter ISO code');
/** The fields of a postal address, as customers keep them and carts and orders copy them (all optional). */
const addressText = (max: number) => z.string().max(max).nullish();
export const postalAddressFields = {
  company: addressText(200),
  first_name: addressText(200),
  last_name: addressText(200),
  address_1: addressText(300),
  address_2: addressText(300),
  city: addressText(200),
  country_code: countrySchema.nullish(),
  province: addressText(200),
  postal_code: addressText(40),
  phone: addressText(60),
  metadata: metadataSchema.nullish(),
};
/** list arguments: at most 100 ids or handles */
export const idList = z.array(z.string().max(200)).max(100);
/** `order`: one of `keys`, ascending, or descending with a leading `-` (`title`, `-created_at`). */
export const orderSchema = (keys: readonly string[]) => {
  const values = keys.flatMap((k) => [k, `-${k}`]) as [string, ...string[]];
  return z.enum(values, { message: `order must be one of ${values.join(', ')}` });
};
export const pageSchema = {
  limit: z.number().int('limit must be an integer').min(0, 'limit must not be negative').max(2_147_483_647).optional(),
  offset: z.number().int('offset must be an integer').min(0, 'offset must not be negative').max(2_147_483_647).optional(),
};
export type Metadata = z.infer<typeof metadataSchema>;

/**
 * The URL rule, one for every URL field of every domain: an absolute http(s) URL with a host, or
 * (where the field allows it) a path of the storefront starting with a single `/`; never quotes
 * (`"`, `'`, `` ` ``), angle brackets, backslashes, spaces or control characters (so a URL can be
 * put into an HTML attribute as is and cannot break out of it), at most `max` characters.
 */
export interface UrlRule {
  max?: number;
  /** also a path of the storefront (`/about`, not `//host`) */
  relative?: boolean;
  /** https only (no plain http) */
  httpsOnly?: boolean;
}
const URL_FORBIDDEN = /[\u0000-\u0020\u007f-\u009f"'`<>\\\s]/;

export function isUrl(s: string, rule: UrlRule = {}): boolean {
  const max = rule.max ?? 2000;
  if (typeof s !== 'string' || !s || s.length > max || URL_FORBIDDEN.test(s)) return false;
  if (s.startsWith('/')) return !!rule.relative && !s.startsWith('//');
  if (!(rule.httpsOnly ? /^https:\/\//i : /^https?:\/\//i).test(s)) return false;
  try {
    return !!new URL(s).hostname;
  } catch {
    return false;
  }
}

/** URL_FORBIDDEN as the body of a character class, for the pattern documents carry (/openapi.json) */
const FORBIDDEN_CLASS = '\\u0000-\\u0020\\u007f-\\u009f"\'`<>\\\\';

/** The URL rule as JSON Schema keywords: `format` and a `pattern` of the characters it allows (the host is checked by parsing too). */
function urlJsonSchema(rule: UrlRule): Record<string, string> {
  const absolute = `${rule.httpsOnly ? 'https' : 'https?'}://[^${FORBIDDEN_CLASS}/?#]+(?:[/?#][^${FORBIDDEN_CLASS}]*)?`;
  const path = `/(?:[^${FORBIDDEN_CLASS}/][^${FORBIDDEN_CLASS}]*)?`;
  return rule.relative ? { format: 'uri-reference', pattern: `^(?:${absolute}|${path})$` } : { format: 'uri', pattern: `^${absolute}$` };
}

/** The URL rule as a schema. */
export const urlSchema = (what = 'url', rule: UrlRule = {}) =>
  z
    .string()
    .max(rule.max ?? 2000, `${what} must be at most ${rule.max ?? 2000} characters`)
    .refine(
      (s) => isUrl(s, rule),
      `${what} must be an absolute ${rule.httpsOnly ? 'https' : 'http(s)'} URL${rule.relative ? ' or a path starting with a single /' : ''} without quotes, spaces or control characters`,
    )
    .meta(urlJsonSchema(rule));

/** An absolute http(s) URL with a host (the URL rule without paths), at most `max` characters. */
export function isHttpUrl(s: string, max = 2000): boolean {
  return isUrl(s, { max });
}

/** `isHttpUrl` as a schema. */
export const httpUrlSchema = (what = 'url', max = 2000) => urlSchema(what, { max });
