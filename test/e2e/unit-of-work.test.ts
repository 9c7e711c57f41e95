import { Client } from 'pg';
import { ChangeBus, TRANSLATIONS_CHANNEL, announceTranslations, systemContext, type RequestContext, type Store } from '@svc/kit';
import type { CatalogServices } from '@svc/catalog';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/**
 * One unit of work across service calls: services called with the context a transaction hands
 * out join that transaction, so their writes and their outbox events commit or roll back together.
 */
describe('unit of work carried by the request context', () => {
  let p: TestPlatform;
  let sql: Client;
  let tenantId: string;
  let ctx: RequestContext;
  let catalog: CatalogServices;

  beforeAll(async () => {
    p = await startTestPlatform({ env: { WORKERS_DISABLED: 'true' } });
    sql = new Client({ connectionString: p.dbUrl });
    await sql.connect();
    tenantId = (await p.createTenant()).tenant_id;
    ctx = { ...systemContext(p.log, tenantId, 'uow-test'), actor: { type: 'admin', id: 'user_test' }, roles: ['admin'] };
    catalog = p.services<CatalogServices>('catalog');
  });
  afterAll(async () => {
    await sql?.end();
    await p?.stop();
  });

  const count = async (q: string, params: unknown[]) => Number((await sql.query(q, params)).rows[0].n);
  const events = (type: string, schema: string) =>
    count(`select count(*) as n from ${schema}.outbox_event where tenant_id = $1 and type = $2`, [tenantId, type]);

  it('rolls back every service call and its events when the unit of work fails', async () => {
    const email = 'rollback@example.com';
    let seenInside = 0;
    await expect(
      p.identity.store.transaction(ctx, async (_em, tx) => {
        await p.identity.customers.ensureForAccount(tx, email);
        // a raw read in the same unit of work sees the uncommitted customer
        seenInside = (
          await p.identity.store.sql<{ n: number }>(tx, 'select count(*)::int as n from identity.customer where tenant_id = ? and email = ?', [tenantId, email])
        )[0].n;
        throw new Error('boom after the customer was written');
      }),
    ).rejects.toThrow('boom');
    expect(seenInside).toBe(1);
    expect(await count('select count(*) as n from identity.customer where tenant_id = $1 and email = $2', [tenantId, email])).toBe(0);
    expect(await events('customer.created', 'identity')).toBe(0);
  });

  it('commits the writes of several services and their events together', async () => {
    await p.identity.store.transaction(ctx, async (_em, tx) => {
      await p.identity.customers.ensureForAccount(tx, 'together@example.com');
    });
    expect(await count('select count(*) as n from identity.customer where tenant_id = $1 and email = $2', [tenantId, 'together@example.com'])).toBe(1);
    expect(await events('customer.created', 'identity')).toBe(1);
  });

  it('lets one service use what another wrote earlier in the same transaction, and runs after-commit work only on commit', async () => {
    const after: string[] = [];
    await expect(
      catalog.store.transaction(ctx, async (_em, tx) => {
        const col = await catalog.collections.create(tx, { title: 'Doomed collection' });
        await catalog.store.afterCommit(tx, () => void after.push('ran'));
        // the product service joins the transaction and finds the uncommitted collection
        await catalog.products.create(tx, { title: 'Doomed product', collection_id: col.id });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(after).toEqual([]);
    expect(await count('select count(*) as n from catalog.product_collection where tenant_id = $1', [tenantId])).toBe(0);
    expect(await count('select count(*) as n from catalog.product where tenant_id = $1', [tenantId])).toBe(0);
    expect(await events('collection.created', 'catalog')).toBe(0);
    expect(await events('product.created', 'catalog')).toBe(0);

    const product = await catalog.store.transaction(ctx, async (_em, tx) => {
      const col = await catalog.collections.create(tx, { title: 'Kept collection' });
      await catalog.store.afterCommit(tx, () => void after.push('ran'));
      return catalog.products.create(tx, { title: 'Kept product', collection_id: col.id });
    });
    expect(after).toEqual(['ran']);
    expect(product.collection?.title).toBe('Kept collection');
    expect(await events('collection.created', 'catalog')).toBe(1);
    expect(await events('product.created', 'catalog')).toBe(1);
  });

  it('refuses to emit an event outside a unit of work', async () => {
    const { identityEvents } = await import('@svc/identity');
    const em = p.identity.store.em(ctx);
    expect(() => identityEvents.emit(em, ctx, 'customer.created', { id: 'cus_x', email: 'x@example.com' })).toThrow(/inside a unit of work/);
    await expect(
      p.identity.store.transaction(ctx, async (tem, tx) => identityEvents.emit(tem, tx, 'customer.created', { id: 'cus_x' } as never)),
    ).rejects.toThrow(/does not match its schema/);
  });

  it('runs raw SQL, batches and deferred writes in the unit of work, and keeps values with a question mark intact', async () => {
    const store = catalog.store;
    const text = 'Why? Because ? and $1 are text';
    // a value with `?` comes back as written (no placeholder pass over formatted values)
    expect(await store.sql(ctx, 'select ? as a, ? as b', [text, 'x'])).toEqual([{ a: text, b: 'x' }]);
    expect(await store.sql(ctx, 'select ? as a', [text], { prepare: true })).toEqual([{ a: text }]);
    // a batch outside a unit of work: one transaction, every statement's rows
    const table = store.table('outbox_event');
    const insert = (id: string, type: string) =>
      [
        `insert into ${table} (id, tenant_id, type, data, request_id, created_at, published_at, attempts) values (?, ?, ?, ?::jsonb, null, now(), now(), 0) returning id`,
        [id, tenantId, type, JSON.stringify({ text })],
      ] as const;
    const rows = await store.batch(ctx, [insert('evt_batch_a', 'uow.batch'), insert('evt_batch_b', 'uow.batch')]);
    expect(rows).toEqual([[{ id: 'evt_batch_a' }], [{ id: 'evt_batch_b' }]]);
    expect((await sql.query(`select data->>'text' as t from ${table} where id = 'evt_batch_a'`)).rows[0].t).toBe(text);
    // a failing statement fails the whole batch: nothing of it commits
    await expect(store.batch(ctx, [insert('evt_batch_c', 'uow.batch'), insert('evt_batch_a', 'uow.batch')])).rejects.toThrow();
    expect(await count(`select count(*) as n from ${table} where id = $1`, ['evt_batch_c'])).toBe(0);
    // deferred: sent with the next statement of the unit of work (which sees it) or before commit; rolled back with it
    const seen = await store.transaction(ctx, async (_em, tx) => {
      store.defer(tx, insert('evt_defer_a', 'uow.defer'));
      const [r] = await store.sql(tx, `select count(*)::int as n from ${table} where id = ?`, ['evt_defer_a']);
      store.defer(tx, insert('evt_defer_b', 'uow.defer'));
      return r.n as number;
    });
    expect(seen).toBe(1);
    expect(await count(`select count(*) as n from ${table} where type = $1`, ['uow.defer'])).toBe(2);
    await expect(
      store.transaction(ctx, async (_em, tx) => {
        store.defer(tx, insert('evt_defer_c', 'uow.defer'));
        await store.sql(tx, 'select 1');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await count(`select count(*) as n from ${table} where id = $1`, ['evt_defer_c'])).toBe(0);
    expect(() => store.defer(ctx, insert('evt_defer_d', 'uow.defer'))).toThrow(/outside a unit of work/);
  });
  it("hands a translation change to this process's overlay caches right after commit, not before and not on rollback", async () => {
    // never started: it hears nothing by NOTIFY, so only the writer's own delivery can reach it
    const bus = new ChangeBus(p.dbUrl, p.log);
    const heard: string[] = [];
    await bus.on(TRANSLATIONS_CHANNEL, (tenant) => void heard.push(tenant));
    const store = p.services<{ store: Store }>('localization').store;
    await expect(
      store.transaction(ctx, async (_em, tx) => {
        await announceTranslations(store, bus, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(heard).toEqual([]);
    await store.transaction(ctx, async (_em, tx) => {
      await announceTranslations(store, bus, tx);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([tenantId]);
  });
});
