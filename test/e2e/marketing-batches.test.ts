import { randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import { newId } from '@svc/kit';
import type { PlatformClient } from '../support/http';
import { sharedTwoStores } from '../support/two-stores';
import { waitFor } from '../support/wait';

/**
 * A campaign to a list larger than one batch (marketing's SEND_BATCH, 500 recipients): the send
 * writes the first batch with the status change and answers `sending`; each further batch is a
 * transaction of its own (`campaign.sending` → marketing's `send-campaign` subscription), until
 * the last marks the campaign `sent`. A batch that fails midway (a crash) leaves nothing of itself
 * behind and is done again from the cursor: every member gets exactly one message. A stray
 * `campaign.sending` of a sent campaign writes nothing.
 */
describe('marketing: campaigns sent in batches', () => {
  const MEMBERS = 2_100;
  const BATCH = 500;
  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  const tag = randomBytes(4).toString('hex');
  const crashFn = `public.crash_campaign_batch_${tag}`;
  const crashSeq = `public.crash_campaign_batch_seq_${tag}`;

  const run = async (query: string, variables: Record<string, unknown> = {}, token = admin) => {
    const r = await p.graphql(query, variables, { token });
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data;
  };
  const CREATE_LIST = 'mutation($input: MailingListInput!) { createMailingList(input: $input) { id } }';
  const CREATE_CAMPAIGN = 'mutation($input: CampaignInput!) { createCampaign(input: $input) { id status } }';
  const SEND = 'mutation($id: String!) { sendCampaign(id: $id) { id status recipients } }';
  const CAMPAIGN = 'query($id: String!) { campaign(id: $id) { id status recipients sent_at } }';
  const outboxOf = async (type: string, campaignId: string) =>
    (
      await sql.query(`select data from marketing.outbox_event where tenant_id = $1 and type = $2 and data->>'id' = $3 order by position`, [
        shop.tenant_id,
        type,
        campaignId,
      ])
    ).rows.map((r) => r.data);

  beforeAll(async () => {
    ({ p, sql, shop, admin, otherAdmin } = await sharedTwoStores());
  });
  afterAll(async () => {
    await sql?.query(`drop trigger if exists crash_campaign_batch_${tag} on marketing.email_message`).catch(() => undefined);
    await sql?.query(`drop function if exists ${crashFn}()`).catch(() => undefined);
    await sql?.query(`drop sequence if exists ${crashSeq}`).catch(() => undefined);
    await sql?.end();
  });

  it('writes the messages of a 2,100-member list in transactions of at most 500, survives a batch that fails midway, and sends each member one message', async () => {
    const list = (await run(CREATE_LIST, { input: { handle: `big-${tag}`, name: 'Big list', double_opt_in: false } })).createMailingList;
    const ids = Array.from({ length: MEMBERS }, () => newId('msub')).sort();
    await sql.query(
      `insert into marketing.subscriber (id, tenant_id, list_id, email, status, source, created_at, updated_at)
       select id, $1, $2, 'member-' || n || '@big.example', 'subscribed', 'admin', now(), now() from unnest($3::text[]) with ordinality as u(id, n)`,
      [shop.tenant_id, list.id, ids],
    );
    // the third batch fails once, midway through its insert, as a crash would end it
    await sql.query(`create sequence ${crashSeq}`);
    await sql.query(
      `create function ${crashFn}() returns trigger language plpgsql as $$
       begin
         if new.subscriber_id = '${ids[2 * BATCH + 7]}' and nextval('${crashSeq}') = 1 then raise exception 'simulated crash in the middle of a batch'; end if;
         return new;
       end $$`,
    );
    await sql.query(`create trigger crash_campaign_batch_${tag} before insert on marketing.email_message for each row execute function ${crashFn}()`);

    const campaign = (
      await run(CREATE_CAMPAIGN, {
        input: {
          list_id: list.id,
          name: 'Big',
          subject: 'Big news',
          html: '<p><a href="https://shop.example/big">Big</a> {{unsubscribe_url}}</p>',
          text: 'Big',
        },
      })
    ).createCampaign;
    // the first batch is written with the send; the rest follows in the background
    expect((await run(SEND, { id: campaign.id })).sendCampaign).toEqual({ id: campaign.id, status: 'sending', recipients: BATCH });
    // another store's admin does not see it
    expect((await p.graphql(CAMPAIGN, { id: campaign.id }, { token: otherAdmin })).body.errors[0].extensions.code).toBe('not_found');

    // the failed batch is retried by the queue; the test lets its retry come at once
    await waitFor('the failed batch', async () => Number((await sql.query(`select last_value from ${crashSeq}`)).rows[0].last_value) >= 1);
    const done = await waitFor(
      'the campaign sent',
      async () => {
        await sql.query(`update pgboss.job set start_after = now() where name = 'sub_marketing_send-campaign' and state = 'retry'`);
        const c = (await run(CAMPAIGN, { id: campaign.id })).campaign;
        return c.status === 'sent' ? c : null;
      },
      120_000,
    );
    expect(done).toMatchObject({ status: 'sent', recipients: MEMBERS });
    expect(done.sent_at).toBeTruthy();

    // every member exactly one message; five transactions (each writes its rows at its own now()), none over the batch size
    const messages = await sql.query(
      `select count(*)::int as n, count(distinct subscriber_id)::int as members from marketing.email_message where tenant_id = $1 and campaign_id = $2`,
      [shop.tenant_id, campaign.id],
    );
    expect(messages.rows[0]).toEqual({ n: MEMBERS, members: MEMBERS });
    const batches = await sql.query(
      `select count(*)::int as n from marketing.email_message where tenant_id = $1 and campaign_id = $2 group by created_at order by min(subscriber_id)`,
      [shop.tenant_id, campaign.id],
    );
    expect(batches.rows.map((r) => r.n)).toEqual([500, 500, 500, 500, 100]);
    expect(await outboxOf('campaign.sending', campaign.id)).toEqual([500, 1000, 1500, 2000].map((n) => ({ id: campaign.id, list_id: list.id, recipients: n })));
    expect(await outboxOf('campaign.sent', campaign.id)).toEqual([{ id: campaign.id, list_id: list.id, recipients: MEMBERS }]);
    const queued = await sql.query(
      `select count(*)::int as n from marketing.outbox_event o join marketing.email_message m on m.id = o.data->>'id'
        where o.tenant_id = $1 and o.type = 'email_message.queued' and m.campaign_id = $2`,
      [shop.tenant_id, campaign.id],
    );
    expect(queued.rows[0].n).toBe(MEMBERS);

    // the members leave the list, so the queued mails are not delivered (each delivery checks the membership)
    await sql.query(`update marketing.subscriber set status = 'unsubscribed' where list_id = $1`, [list.id]);

    // a stray `campaign.sending` of the sent campaign (a duplicate of the chain) writes nothing
    const stray = newId('evt');
    await sql.query(
      `insert into marketing.outbox_event (id, tenant_id, type, data, request_id, created_at, attempts) values ($1, $2, 'campaign.sending', $3, 'test', now(), 0)`,
      [stray, shop.tenant_id, JSON.stringify({ id: campaign.id, list_id: list.id, recipients: MEMBERS })],
    );
    await waitFor(
      'the stray event handled',
      async () => (await sql.query(`select 1 from marketing.processed_event where subscription = 'send-campaign' and event_id = $1`, [stray])).rows.length > 0,
    );
    expect((await sql.query(`select count(*)::int as n from marketing.email_message where campaign_id = $1`, [campaign.id])).rows[0].n).toBe(MEMBERS);
    expect((await run(CAMPAIGN, { id: campaign.id })).campaign).toMatchObject({ status: 'sent', recipients: MEMBERS });
  });

  it('a list that fits one batch is sent at once', async () => {
    const list = (await run(CREATE_LIST, { input: { handle: `small-${tag}`, name: 'Small list', double_opt_in: false } })).createMailingList;
    const ids = Array.from({ length: BATCH }, () => newId('msub'));
    await sql.query(
      `insert into marketing.subscriber (id, tenant_id, list_id, email, status, source, created_at, updated_at)
       select id, $1, $2, 'small-' || n || '@small.example', 'unsubscribed', 'admin', now(), now() from unnest($3::text[]) with ordinality as u(id, n)`,
      [shop.tenant_id, list.id, ids],
    );
    // one subscribed member (the others left), so nothing much is delivered
    await sql.query(`update marketing.subscriber set status = 'subscribed' where id = $1`, [ids[0]]);
    const campaign = (await run(CREATE_CAMPAIGN, { input: { list_id: list.id, name: 'Small', subject: 'Small news', html: '<p>Hi</p>', text: 'Hi' } }))
      .createCampaign;
    expect((await run(SEND, { id: campaign.id })).sendCampaign).toEqual({ id: campaign.id, status: 'sent', recipients: 1 });
    expect(await outboxOf('campaign.sending', campaign.id)).toEqual([]);
  });
});
