import { requireTenant, type RequestContext } from './context';
import type { Store } from './store';
import { pgArray } from './db';
import { ALL_EVENTS, BOSS_SCHEMA, bindingLockKey, tenantEventsKeys } from './jobs';

/**
 * The bindings of a tenant-scoped subscription (`Subscription.tenants`), kept by the subscribing
 * domain in its own units of work: its queue receives the events of a tenant only while the
 * tenant is bound, so a tenant that needs nothing of it (no active webhook endpoint) costs no job.
 *
 * Every unit of work that may open or close the binding calls `hold` first (a per-tenant lock), so
 * an opening and a closing of one tenant never interleave: a closing checks what is committed
 * after the lock (an endpoint activated meanwhile keeps the binding), an opening writes after any
 * closing has committed. Opening early (the change then rolls back) or closing late is harmless:
 * the subscription's `skip` still sees that nothing is to be done. Without pg-boss's tables (no
 * process has run workers yet) or without the queue, nothing is written: the workers' start binds
 * the tenants `Subscription.tenants` names, after every unit of work that holds a binding has
 * committed (it waits for the lock `hold` takes shared).
 */
export class TenantBinding {
  constructor(
    private readonly store: Store,
    /** the subscription's queue (`subscriptionQueueName(domain, name)`) */
    readonly queue: string,
  ) {}

  /**
   * Serialises the binding changes of the tenant of `ctx` until its unit of work ends, and keeps
   * the workers' start from reading the tenants to bind (`JobQueue.bindTenants`) before it commits.
   */
  async hold(ctx: RequestContext): Promise<void> {
    await this.store.sql(ctx, 'select pg_advisory_xact_lock_shared(hashtext(?))', [bindingLockKey(this.queue)]);
    await this.store.lock(ctx, `binding:${this.queue}`);
  }

  /**
   * Binds the tenant of `ctx` to what it needs now, in its unit of work (after `hold`): `true`, every
   * event; `false` or none, nothing (unbound); else those event types and families (`order.placed`,
   * `order.*`; `*` is every event). Keys of the tenant no longer needed are removed.
   */
  async set(ctx: RequestContext, on: boolean | readonly string[]): Promise<void> {
    const [ready] = await this.store.sql<{ ok: boolean }>(ctx, `select to_regclass('${BOSS_SCHEMA}.subscription') is not null as ok`);
    if (!ready?.ok) return;
    const tenantId = requireTenant(ctx);
    const keys = tenantEventsKeys(tenantId, on === true ? [ALL_EVENTS] : on === false ? [] : on);
    // the tenant's keys are `<pattern>@<tenant id>`; patterns hold no `@`
    await this.store.sql(
      ctx,
      `delete from ${BOSS_SCHEMA}.subscription where name = ? and position('@' in event) > 0 and substr(event, position('@' in event) + 1) = ? and not (event = any(?::text[]))`,
      [this.queue, tenantId, pgArray(keys)],
    );
    if (keys.length)
      await this.store.sql(
        ctx,
        `insert into ${BOSS_SCHEMA}.subscription (event, name) select unnest(?::text[]), name from ${BOSS_SCHEMA}.queue where name = ? on conflict do nothing`,
        [pgArray(keys), this.queue],
      );
  }
}
