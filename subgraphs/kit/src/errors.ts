/**
 * The one error vocabulary of the platform. Services throw DomainError; database errors are
 * translated in one place; the facade maps `type` to an HTTP status with STATUS_BY_TYPE.
 */
export type ErrorType =
  | 'validation_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'conflict'
  | 'rate_limit_error'
  | 'provider_error'
  | 'service_unavailable'
  | 'api_error';

export const STATUS_BY_TYPE: Record<ErrorType, number> = {
  validation_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found: 404,
  method_not_allowed: 405,
  unsupported_media_type: 415,
  conflict: 409,
  rate_limit_error: 429,
  provider_error: 502,
  /** a capability needs a provider the store has not configured (the assistant's translation: provider_required) */
  service_unavailable: 503,
  api_error: 500,
};

export interface FieldError {
  field: string;
  code: string;
  message: string;
}

export interface ErrorBody {
  type: ErrorType;
  code: string;
  message: string;
  errors?: FieldError[];
  /** rate_limit_error: seconds until a retry may succeed */
  retry_after?: number;
}

export class DomainError extends Error {
  readonly extensions: ErrorBody;
  /** for rate_limit_error: seconds until a retry may succeed (REST sends Retry-After; the body says `retry_after`) */
  get retryAfterSeconds(): number | undefined {
    return this.extensions.retry_after;
  }
  set retryAfterSeconds(seconds: number | undefined) {
    if (seconds === undefined) delete this.extensions.retry_after;
    else this.extensions.retry_after = seconds;
  }
  constructor(
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'DomainError';
    this.extensions = errors ? { type, code, message, errors } : { type, code, message };
  }
  get status(): number {
    return STATUS_BY_TYPE[this.type];
  }
  toBody(): ErrorBody {
    return this.extensions;
  }
}

export const isErrorType = (v: unknown): v is ErrorType => typeof v === 'string' && v in STATUS_BY_TYPE;

export const Errors = {
  notFound: (what: string, id?: string) =>
    new DomainError('not_found', 'not_found', id ? `${what} with id or handle "${id}" was not found` : `${what} was not found`),
  validation: (code: string, message: string, errors?: FieldError[]) => new DomainError('validation_error', code, message, errors),
  invalidField: (field: string, message: string) => new DomainError('validation_error', 'invalid_field', message, [{ field, code: 'invalid_field', message }]),
  unauthenticated: (code = 'authentication_required', message = 'Authentication is required') => new DomainError('authentication_error', code, message),
  forbidden: (message = 'You are not allowed to do this', code = 'forbidden') => new DomainError('permission_error', code, message),
  conflict: (code: string, message: string) => new DomainError('conflict', code, message),
  publishableKeyRequired: () => new DomainError('authentication_error', 'publishable_key_required', 'The x-publishable-api-key header is required'),
  internal: () => new DomainError('api_error', 'internal_error', 'An internal error occurred'),
};

/** Translates PostgreSQL (and MikroORM-wrapped) errors into domain errors; undefined if not one. */
export function translateDbError(err: unknown): DomainError | undefined {
  const e = err as { code?: string; sqlState?: string; cause?: { code?: string }; constraint?: string; detail?: string };
  const code = [e?.sqlState, e?.code, e?.cause?.code].find((c) => typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c));
  if (!code) return undefined;
  switch (code) {
    case '23505':
      return new DomainError('conflict', 'duplicate', 'A record with the same unique value already exists');
    case '23503':
      return new DomainError('validation_error', 'invalid_reference', 'A referenced record does not exist');
    case '23502':
      return new DomainError('validation_error', 'missing_field', 'A required value is missing');
    case '23514':
      return new DomainError('validation_error', 'invalid_field', 'A value breaks a rule of the record');
    case '22001':
    case '22003':
    case '22P02':
    case '22007':
    case '22008':
      return new DomainError('validation_error', 'invalid_field', 'A value has the wrong format or is out of range');
    case '40001':
    case '40P01':
      return new DomainError('conflict', 'concurrent_update', 'The record was changed concurrently; retry the request');
    default:
      return undefined;
  }
}

/** Any thrown value to a DomainError: domain errors pass, DB errors translate, the rest is masked. */
export function toDomainError(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  const ext = (err as { extensions?: { type?: unknown; code?: unknown; message?: unknown } })?.extensions;
  if (ext && isErrorType(ext.type) && typeof ext.code === 'string') {
    return new DomainError(ext.type, ext.code, String((err as Error).message ?? ext.message ?? ''));
  }
  return translateDbError(err) ?? Errors.internal();
}

/** How deeply request bodies, query strings and GraphQL arguments may nest (objects and arrays). */
export const MAX_INPUT_DEPTH = 32;

/**
 * Checks client input before anything else reads it, without recursion (a deeply nested body
 * cannot exhaust the stack): nesting deeper than MAX_INPUT_DEPTH is 400 `too_deep`; text or an object key with NUL
 * (U+0000, which PostgreSQL text cannot hold) is 400 `invalid_field`. Called once for every REST
 * input and every resolver's arguments (schema guard).
 */
export function assertNoNul(value: unknown, field = 'input'): void {
  const stack: Array<[unknown, string, number]> = [[value, field, 0]];
  while (stack.length) {
    const [v, name, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) throw Errors.invalidField(name, `${name} must not contain NUL characters`);
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) {
      throw new DomainError('validation_error', 'too_deep', `The input nests deeper than ${MAX_INPUT_DEPTH} levels`, [
        { field: name, code: 'too_deep', message: `${name} nests deeper than ${MAX_INPUT_DEPTH} levels` },
      ]);
    }
    if (Array.isArray(v)) for (const item of v) stack.push([item, name, depth + 1]);
    else
      for (const [k, item] of Object.entries(v)) {
        // keys reach PostgreSQL too (jsonb metadata): a NUL in a key is refused like one in a value
        if (k.includes('\u0000')) throw Errors.invalidField(name, `${name} must not contain NUL characters in its keys`);
        stack.push([item, k, depth + 1]);
      }
  }
}
