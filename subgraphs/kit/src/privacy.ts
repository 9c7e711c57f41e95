import { z } from 'zod';
import { Arg, Authorized, Ctx, Field, InputType, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from './context';
import { requireTenant } from './context';
import { portPrefix } from './ports';
import { JSONScalar } from './scalars';
import type { Row, Store } from './store';
import { ValidateWith } from './validation';

/**
 * A customer's personal data across the platform (issue 27): every domain that keeps any declares
 * `privacy` in its manifest, and the kit gives it two operator-only root fields named after the
 * domain: `<domain>CustomerData(subject)` (a query: the export, as JSON) and
 * `erase<Domain>CustomerData(subject)` (a mutation: removes or pseudonymises, answers what it did
 * per table). Identity's privacy requests run them through its ports, one domain after the other.
 *
 * Erasing is idempotent (a second run finds nothing left to change) and runs in one unit of work of
 * the domain, together with the redaction of the domain's own outbox rows that carried the subject
 * (an event payload is a copy of personal data too).
 */

/** The customer a privacy request is about, as identity hands it to every domain. */
export const privacySubjectSchema = z.strictObject({
  customer_id: z.string().min(1).max(40),
  email: z.string().min(3).max(320),
  /**
   * every string that identifies the person and must not survive an erasure in a copy (event
   * payloads, logs, mails): the email, names, phone numbers, address lines, as identity knew them
   */
  personal: z.array(z.string().max(500)).max(200),
  /** the store's policy for the customer's reviews and comments: removed (true) or kept as "anonymous" (false) */
  remove_reviews: z.boolean().default(false),
});

export type PrivacySubject = z.infer<typeof privacySubjectSchema>;

@InputType('PrivacySubjectInput', { description: 'Operator: the customer of a privacy request (export or erasure)' })
@ValidateWith(privacySubjectSchema)
export class PrivacySubjectInput {
  @Field({ description: 'the customer id (cus_…)' }) customer_id!: string;
  @Field({ description: "the customer's email address" }) email!: string;
  @Field(() => [String], { description: 'the strings that identify the person (email, names, phones, address lines)' }) personal!: string[];
  @Field(() => Boolean, { nullable: true, description: 'remove reviews and comments instead of keeping them as "anonymous"' }) remove_reviews?: boolean;
}

/** What an erasure writes in place of a personal value. */
export const ERASED = '[erased]';
/** The author shown on a review or comment whose author was erased. */
export const ANONYMOUS_AUTHOR = 'anonymous';

/** What a domain contributes to privacy requests (its manifest's `privacy`). */
export interface PrivacyDefinition<S = any> {
  /** the domain's store (the unit of work of an erasure, and its outbox) */
  store(services: S): Store;
  /** the subject's data as JSON: one key per kind of record */
  export(ctx: RequestContext, services: S, subject: PrivacySubject): Promise<Record<string, unknown>>;
  /** removes or pseudonymises the subject's data in the unit of work of `ctx`; answers rows changed per table */
  erase(ctx: RequestContext, services: S, subject: PrivacySubject): Promise<Record<string, number>>;
}

/** Lower-cased needles worth looking for (very short strings would match everything). */
export function privacyNeedles(subject: Pick<PrivacySubject, 'customer_id' | 'email' | 'personal'>): string[] {
  const all = [subject.email, subject.customer_id, ...subject.personal].map((s) => s.trim().toLowerCase()).filter((s) => s.length >= 3);
  return [...new Set(all)];
}

/** `value` with every string that contains a needle (case-insensitively) replaced by ERASED, also object keys' values deep down. */
export function redactValue(value: unknown, needles: readonly string[]): unknown {
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    return needles.some((n) => lower.includes(n)) ? ERASED : value;
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, needles));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, needles)]));
  return value;
}

const LIKE = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** SQL: `<expr>` contains any of the needles (case-insensitive); bind `likeAny(needles)` once. */
export const containsAny = (expr: string) => `lower(${expr}) like any(?::text[])`;
export const likeAny = (needles: readonly string[]): string => `{${needles.map((n) => `"${LIKE(n).replace(/["\\]/g, (m) => `\\${m}`)}"`).join(',')}}`;

export interface RedactRows {
  /** table of the domain's schema */
  table: string;
  /** which rows are the subject's (SQL after `tenant_id = ? and`), with its parameters */
  where: string;
  params?: readonly unknown[];
  /** columns whose strings (also inside JSON) are redacted where they contain a needle */
  redact?: readonly string[];
  /** columns set to fixed values */
  set?: Record<string, unknown>;
  /** the primary key (default `id`) */
  key?: string;
}

/**
 * Pseudonymises the subject's rows of one table: `set` columns get their value, `redact` columns
 * keep what does not identify the person. Answers how many rows changed (0 when run again).
 */
export async function redactRows(store: Store, ctx: RequestContext, subject: PrivacySubject, r: RedactRows): Promise<number> {
  const key = r.key ?? 'id';
  const redact = r.redact ?? [];
  const set = r.set ?? {};
  const cols = [...new Set([key, ...redact, ...Object.keys(set)])];
  const rows = await store.sql(
    ctx,
    `select ${cols.map((c) => `"${c}"`).join(', ')} from ${store.table(r.table)} where tenant_id = ? and (${r.where}) for update`,
    [requireTenant(ctx), ...(r.params ?? [])],
  );
  const needles = privacyNeedles(subject);
  let changed = 0;
  for (const row of rows) {
    const next: Row = { ...set };
    for (const c of redact) next[c] = redactValue(row[c], needles);
    const differs = Object.keys(next).filter((c) => JSON.stringify(next[c]) !== JSON.stringify(normalise(row[c])));
    if (!differs.length) continue;
    changed++;
    await store.sql(ctx, `update ${store.table(r.table)} set ${differs.map((c) => `"${c}" = ?`).join(', ')} where tenant_id = ? and "${key}" = ?`, [
      ...differs.map((c) => sqlValue(next[c])),
      requireTenant(ctx),
      row[key],
    ]);
  }
  return changed;
}

/** Deletes the subject's rows of one table; answers how many. */
export async function deleteRows(store: Store, ctx: RequestContext, table: string, where: string, params: readonly unknown[] = []): Promise<number> {
  const rows = await store.sql(ctx, `delete from ${store.table(table)} where tenant_id = ? and (${where}) returning 1`, [requireTenant(ctx), ...params]);
  return rows.length;
}

/** The subject's rows of one table, for an export (columns as stored). */
export async function exportRows(
  store: Store,
  ctx: RequestContext,
  table: string,
  columns: readonly string[],
  where: string,
  params: readonly unknown[] = [],
): Promise<Row[]> {
  return store.sql(ctx, `select ${columns.map((c) => `"${c}"`).join(', ')} from ${store.table(table)} where tenant_id = ? and (${where}) order by 1`, [
    requireTenant(ctx),
    ...params,
  ]);
}

const normalise = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v);
/** JSON columns take objects as text; everything else as is */
const sqlValue = (v: unknown): unknown => (v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v);

/**
 * The domain's outbox rows (events it published or will publish) that name the subject by id or
 * email: every string in their payload that identifies the person is redacted.
 */
export async function redactOutbox(store: Store, ctx: RequestContext, subject: PrivacySubject): Promise<number> {
  const find = likeAny([subject.customer_id.toLowerCase(), subject.email.toLowerCase()]);
  return redactRows(store, ctx, subject, { table: 'outbox_event', where: containsAny('data::text'), params: [find], redact: ['data'] });
}

/**
 * The job queue's copies (pg-boss's jobs, event deliveries among them, and its archive): payloads
 * of the tenant that name the subject by id or email get every identifying string redacted. Run by
 * identity once every domain is done. Answers how many jobs changed.
 */
export async function redactJobPayloads(store: Store, ctx: RequestContext, subject: PrivacySubject, bossSchema: string): Promise<number> {
  const needles = privacyNeedles(subject);
  const find = likeAny([subject.customer_id.toLowerCase(), subject.email.toLowerCase()]);
  let changed = 0;
  for (const table of ['job', 'archive']) {
    const exists = await store.sql(ctx, `select to_regclass(?) as t`, [`"${bossSchema}"."${table}"`]);
    if (!exists[0]?.t) continue;
    const rows = await store.sql(ctx, `select id, name, data from "${bossSchema}"."${table}" where data->>'tenant_id' = ? and ${containsAny('data::text')}`, [
      requireTenant(ctx),
      find,
    ]);
    for (const row of rows) {
      const data = redactValue(row.data, needles);
      if (JSON.stringify(data) === JSON.stringify(row.data)) continue;
      changed++;
      await store.sql(ctx, `update "${bossSchema}"."${table}" set data = ?::jsonb where name = ? and id = ?`, [JSON.stringify(data), row.name, row.id]);
    }
  }
  return changed;
}

const resolvers = new WeakMap<object, abstract new (...args: never[]) => unknown>();

/**
 * The operator-only root fields of a domain's `privacy` (built once per manifest):
 * `<domain>CustomerData(subject)` and `erase<Domain>CustomerData(subject)`.
 */
export function privacyResolverFor(def: { name: string; privacy?: PrivacyDefinition }): abstract new (...args: never[]) => unknown {
  const declared = def.privacy;
  if (!declared) throw new Error(`domain ${def.name} declares no privacy`);
  const privacy: PrivacyDefinition = declared;
  const known = resolvers.get(def);
  if (known) return known;
  const prefix = portPrefix(def.name);
  const queryName = `${prefix[0].toLowerCase()}${prefix.slice(1)}CustomerData`;

  @Authorized('operator')
  @Resolver()
  class DomainPrivacyResolver {
    constructor(private readonly services: unknown) {}

    @Query(() => JSONScalar, { name: queryName, description: `Operator: the ${def.name} domain's records of a customer (a privacy export)` })
    exportCustomerData(@Ctx() ctx: RequestContext, @Arg('subject', () => PrivacySubjectInput, { description: 'the customer' }) subject: PrivacySubjectInput) {
      return privacy.export(ctx, this.services, privacySubjectSchema.parse(subject));
    }

    @Mutation(() => JSONScalar, {
      name: `erase${prefix}CustomerData`,
      description: `Operator: removes or pseudonymises a customer's personal data in the ${def.name} domain (idempotent); answers rows changed per table`,
    })
    eraseCustomerData(
      @Ctx() ctx: RequestContext,
      @Arg('subject', () => PrivacySubjectInput, { description: 'the customer, and the store policy for reviews' }) subject: PrivacySubjectInput,
    ) {
      const s = privacySubjectSchema.parse(subject);
      const store = privacy.store(this.services);
      return store.transaction(ctx, async (_em, tx) => {
        const counts = await privacy.erase(tx, this.services, s);
        const outbox = await redactOutbox(store, tx, s);
        return { ...counts, outbox_event: outbox };
      });
    }
  }
  Object.defineProperty(DomainPrivacyResolver, 'name', { value: `${prefix}PrivacyResolver` });
  resolvers.set(def, DomainPrivacyResolver);
  return DomainPrivacyResolver;
}

/**
 * The rows whose columns mention the subject by customer id or email anywhere (JSON included):
 * a `where` and its parameters for `redactRows`, `deleteRows` and `exportRows`.
 */
export function mentions(subject: Pick<PrivacySubject, 'customer_id' | 'email'>, columns: readonly string[]): { where: string; params: unknown[] } {
  return {
    where: containsAny(`concat_ws(' ', ${columns.map((c) => `"${c}"::text`).join(', ')})`),
    params: [likeAny([subject.customer_id.toLowerCase(), subject.email.toLowerCase()])],
  };
}

/** An address reduced to what the books need (country and province, for the tax): nothing that locates or names the person. */
export const pseudonymousAddressSql = (column: string): string =>
  `case when "${column}" is null then null else jsonb_strip_nulls(jsonb_build_object('country_code', "${column}"->'country_code', 'province', "${column}"->'province')) end`;

/** The address an erased buyer's records keep (reaches nobody: `.invalid` is reserved). */
export const ERASED_EMAIL = 'erased@erased.invalid';

/**
 * Sets columns of the subject's rows to SQL expressions (`{ email: `'x'`, shipping_address: pseudonymousAddressSql('shipping_address') }`);
 * only rows that still differ are written and counted, so a second run answers 0.
 */
export async function updateRows(
  store: Store,
  ctx: RequestContext,
  table: string,
  set: Record<string, string>,
  where: string,
  params: readonly unknown[] = [],
): Promise<number> {
  const cols = Object.entries(set);
  const rows = await store.sql(
    ctx,
    `update ${store.table(table)} set ${cols.map(([c, e]) => `"${c}" = ${e}`).join(', ')}
     where tenant_id = ? and (${where}) and (${cols.map(([c, e]) => `"${c}" is distinct from ${e}`).join(' or ')}) returning 1`,
    [requireTenant(ctx), ...params],
  );
  return rows.length;
}

/** Like `mentions`, for free text (messages, notes): rows that contain any of the subject's identifying strings. */
export function mentionsAnything(subject: PrivacySubject, columns: readonly string[]): { where: string; params: unknown[] } {
  return {
    where: containsAny(`concat_ws(' ', ${columns.map((c) => `"${c}"::text`).join(', ')})`),
    params: [likeAny(privacyNeedles(subject))],
  };
}
