import { DomainError } from '@svc/kit';

/**
 * Medusa's `fields` query parameter on a ready JSON document. Tokens prefixed with `+`, `*` or
 * `-` (or ending in `.*`) modify the route's defaults, and so does a token that begins with a space:
 * a `+` written unencoded in a query string arrives as one (`fields=+metadata`), and Medusa reads it
 * as an addition. Bare tokens replace the defaults (plus `id`): in `id, handle` the bare `id` replaces
 * them and ` handle` is added to it.
 * `allowed` names the top-level fields and relations a route knows; anything else is a 400.
 */
export interface FieldSpec {
  replace: Set<string> | null;
  remove: Set<string>;
  add: Set<string>;
}

export function parseFields(raw: string | undefined, allowed: ReadonlySet<string>): FieldSpec | null {
  if (raw === undefined || raw.trim() === '') return null;
  const tokens = raw.split(',').filter((t) => t.trim() !== '');
  const spec: FieldSpec = { replace: null, remove: new Set(), add: new Set() };
  const bad: string[] = [];
  for (const token of tokens) {
    let t = token.trim();
    let kind: 'add' | 'remove' | 'bare' = /^\s/.test(token) ? 'add' : 'bare';
    if (t.startsWith('+') || t.startsWith('*')) {
      kind = 'add';
      t = t.slice(1);
    } else if (t.startsWith('-')) {
      kind = 'remove';
      t = t.slice(1);
    }
    if (t.endsWith('.*')) {
      kind = kind === 'bare' ? 'add' : kind;
      t = t.slice(0, -2);
    }
    const root = t.split('.')[0];
    if (!allowed.has(root)) {
      bad.push(t);
      continue;
    }
    if (kind === 'add') spec.add.add(t);
    else if (kind === 'remove') spec.remove.add(t);
    else (spec.replace ??= new Set(['id'])).add(t);
  }
  if (bad.length) {
    throw new DomainError('validation_error', 'invalid_field', `Requested fields [${bad.join(', ')}] are not valid`, [
      { field: 'fields', code: 'invalid_field', message: `Unknown fields: ${bad.join(', ')}` },
    ]);
  }
  return spec;
}

/** The `paths` of `obj` (arrays element by element); every object picked from keeps its `id`, as Medusa's answers do. */
function pick(obj: unknown, paths: string[][]): unknown {
  if (Array.isArray(obj)) return obj.map((o) => pick(o, paths));
  if (!obj || typeof obj !== 'object') return obj;
  const src = obj as Record<string, unknown>;
  const out: Record<string, unknown> = 'id' in src ? { id: src.id } : {};
  const nested = new Map<string, string[][]>();
  for (const p of paths) {
    if (p.length === 1) out[p[0]] = src[p[0]];
    else nested.set(p[0], [...(nested.get(p[0]) ?? []), p.slice(1)]);
  }
  for (const [k, sub] of nested) if (!(k in out)) out[k] = pick(src[k], sub);
  return out;
}

function removePath(obj: unknown, path: string[]): unknown {
  if (Array.isArray(obj)) return obj.map((o) => removePath(o, path));
  if (!obj || typeof obj !== 'object') return obj;
  const copy = { ...(obj as Record<string, unknown>) };
  if (path.length === 1) delete copy[path[0]];
  else copy[path[0]] = removePath(copy[path[0]], path.slice(1));
  return copy;
}

/** Projects a shaped document; data outside the default document must come from the operation (its arguments). */
export function applyFields<T>(doc: T, spec: FieldSpec | null): T {
  if (!spec) return doc;
  let out: unknown = doc;
  if (spec.replace)
    out = pick(
      out,
      [...spec.replace, ...spec.add].map((p) => p.split('.')),
    );
  for (const r of spec.remove) out = removePath(out, r.split('.'));
  return out as T;
}
