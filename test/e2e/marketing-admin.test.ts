import type { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import type { PlatformClient } from '../support/http';
import { sharedTwoStores } from '../support/two-stores';

/**
 * The admin operations the console's email marketing needs (issue 30): `deleteMailingList` (members
 * and draft campaigns go with it; a list a campaign was sent to is 409 `list_has_sent_campaigns`),
 * a list's `subscribed_count`, `mailingListSubscribers(q)` (part of the address or first name, any
 * case, `%` and `_` taken literally), `unsubscribeMailingListSubscriber` and
 * `removeMailingListSubscriber`, `deleteCampaign` (drafts only: a sent one is 409
 * `invalid_transition`) and a campaign's `stats` in the list. Another store's ids are `not_found`
 * and change nothing; bad input is `validation_error`.
 */
describe('marketing admin: lists, members and campaigns for the console', () => {
  let p: PlatformClient;
  let sql: Client;
  let shop: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let list: { id: string };

  const run = async (query: string, variables: Record<string, unknown> = {}, token = admin) => {
    const r = await p.graphql(query, variables, { token });
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data;
  };
  const refusal = async (query: string, variables: Record<string, unknown>, token = admin) => {
    const r = await p.graphql(query, variables, { token });
    expect(r.body.errors).toBeDefined();
    return r.body.errors[0].extensions as { type: string; code: string };
  };
  const LISTS = '{ mailingLists { id handle subscribed_count } }';
  const MEMBERS = `query($list_id: String!, $status: String, $q: String) {
    mailingListSubscribers(list_id: $list_id, status: $status, q: $q) { count items { id email status unsubscribe_reason first_name } }
  }`;
  const CREATE_LIST = 'mutation($input: MailingListInput!) { createMailingList(input: $input) { id handle } }';
  const DELETE_LIST = 'mutation($id: String!) { deleteMailingList(id: $id) }';
  const UNSUB =
    'mutation($id: String!, $reason: String) { unsubscribeMailingListSubscriber(id: $id, reason: $reason) { id status unsubscribe_reason unsubscribed_at } }';
  const REMOVE = 'mutation($id: String!) { removeMailingListSubscriber(id: $id) }';
  const CREATE_CAMPAIGN = 'mutation($input: CampaignInput!) { createCampaign(input: $input) { id status } }';
  const DELETE_CAMPAIGN = 'mutation($id: String!) { deleteCampaign(id: $id) }';
  const SEND = 'mutation($id: String!) { sendCampaign(id: $id) { id status recipients } }';
  const CAMPAIGNS = '{ campaigns { count items { id status stats { recipients delivered open_rate click_rate } } } }';
  const subscribe = (email: string, list_id: string, first_name?: string) =>
    p.api('POST', '/store/email-subscribe', { key: shop.publishable_key, body: { email, list_id, first_name } });
  const campaign = (list_id: string, name: string) => ({
    list_id,
    name,
    subject: `${name} subject`,
    html: '<p>Hello <a href="https://shop.example/sale">sale</a></p>',
    text: 'Hello https://shop.example/sale',
  });
  const events = async (type: string) =>
    Number((await sql.query(`select count(*)::int as n from marketing.outbox_event where type = $1 and tenant_id = $2`, [type, shop.tenant_id])).rows[0].n);

  beforeAll(async () => {
    const s = await sharedTwoStores();
    ({ p, sql, shop, admin, otherAdmin } = s);
    list = (await run(CREATE_LIST, { input: { handle: 'console-news', name: 'Console news', double_opt_in: false } })).createMailingList;
    for (const [email, name] of [
      ['ada.lovelace@example.com', 'Ada'],
      ['grace@example.com', 'Grace'],
      ['percent_100@example.com', null],
    ] as const)
      expect((await subscribe(email, list.id, name ?? undefined)).status).toBe(200);
  });
  afterAll(async () => {
    await sql?.end();
  });

  it('counts subscribed members and finds them by part of the address or first name, any case', async () => {
    expect((await run(LISTS)).mailingLists).toEqual([{ id: list.id, handle: 'console-news', subscribed_count: 3 }]);
    const byMail = (await run(MEMBERS, { list_id: list.id, q: 'LOVELACE' })).mailingListSubscribers;
    expect(byMail.items.map((s: { email: string }) => s.email)).toEqual(['ada.lovelace@example.com']);
    expect((await run(MEMBERS, { list_id: list.id, q: 'grace' })).mailingListSubscribers.count).toBe(1);
    // wildcards are literal: `_1` matches only the address that has it, `%` nothing
    expect((await run(MEMBERS, { list_id: list.id, q: 't_1' })).mailingListSubscribers.count).toBe(1);
    expect((await run(MEMBERS, { list_id: list.id, q: '%' })).mailingListSubscribers.count).toBe(0);
    expect((await run(MEMBERS, { list_id: list.id, q: 'example', status: 'subscribed' })).mailingListSubscribers.count).toBe(3);
    expect(await refusal(MEMBERS, { list_id: list.id, q: 'x'.repeat(400) })).toMatchObject({ type: 'validation_error' });
  });

  it("unsubscribes and removes members; another store's admin gets not_found and changes nothing", async () => {
    const members = (await run(MEMBERS, { list_id: list.id })).mailingListSubscribers.items as { id: string; email: string }[];
    const grace = members.find((m) => m.email === 'grace@example.com')!;
    const ada = members.find((m) => m.email.startsWith('ada'))!;
    expect(await refusal(UNSUB, { id: grace.id }, otherAdmin)).toMatchObject({ type: 'not_found' });
    expect(await refusal(REMOVE, { id: ada.id }, otherAdmin)).toMatchObject({ type: 'not_found' });
    expect(await refusal(UNSUB, { id: 'msub_nope' })).toMatchObject({ type: 'not_found' });
    expect((await run(LISTS)).mailingLists[0].subscribed_count).toBe(3);

    const before = await events('subscriber.unsubscribed');
    const out = (await run(UNSUB, { id: grace.id })).unsubscribeMailingListSubscriber;
    expect(out).toMatchObject({ id: grace.id, status: 'unsubscribed', unsubscribe_reason: 'admin' });
    expect(out.unsubscribed_at).toBeTruthy();
    // again: no change, no second event
    expect((await run(UNSUB, { id: grace.id, reason: 'asked by phone' })).unsubscribeMailingListSubscriber.unsubscribe_reason).toBe('admin');
    expect(await events('subscriber.unsubscribed')).toBe(before + 1);

    expect((await run(REMOVE, { id: ada.id })).removeMailingListSubscriber).toBe(true);
    expect(await events('subscriber.removed')).toBe(1);
    expect(await refusal(REMOVE, { id: ada.id })).toMatchObject({ type: 'not_found' });
    const left = (await run(MEMBERS, { list_id: list.id })).mailingListSubscribers;
    expect(left.items.map((m: { email: string; status: string }) => [m.email, m.status]).sort()).toEqual([
      ['grace@example.com', 'unsubscribed'],
      ['percent_100@example.com', 'subscribed'],
    ]);
    expect((await run(LISTS)).mailingLists[0].subscribed_count).toBe(1);
    // the address can sign up again (single opt-in: subscribed at once)
    expect((await subscribe('ada.lovelace@example.com', list.id)).status).toBe(200);
    expect((await run(LISTS)).mailingLists[0].subscribed_count).toBe(2);
  });

  it('deletes drafts but not sent campaigns; the list shows each campaign with its statistics', async () => {
    const draft = (await run(CREATE_CAMPAIGN, { input: campaign(list.id, 'Draft one') })).createCampaign;
    const sent = (await run(CREATE_CAMPAIGN, { input: campaign(list.id, 'Sent one') })).createCampaign;
    expect((await run(SEND, { id: sent.id })).sendCampaign).toMatchObject({ status: 'sent', recipients: 2 });

    expect(await refusal(DELETE_CAMPAIGN, { id: draft.id }, otherAdmin)).toMatchObject({ type: 'not_found' });
    expect(await refusal(DELETE_CAMPAIGN, { id: sent.id })).toMatchObject({ type: 'conflict', code: 'invalid_transition' });
    const listed = (await run(CAMPAIGNS)).campaigns;
    expect(listed.count).toBe(2);
    const stats = Object.fromEntries(listed.items.map((c: { id: string; stats: unknown }) => [c.id, c.stats]));
    expect(stats[draft.id]).toEqual({ recipients: 0, delivered: 0, open_rate: 0, click_rate: 0 });
    expect(stats[sent.id]).toMatchObject({ recipients: 2, open_rate: 0, click_rate: 0 });

    expect((await run(DELETE_CAMPAIGN, { id: draft.id })).deleteCampaign).toBe(true);
    expect((await run(CAMPAIGNS)).campaigns.items.map((c: { id: string }) => c.id)).toEqual([sent.id]);
    expect(await refusal(DELETE_CAMPAIGN, { id: draft.id })).toMatchObject({ type: 'not_found' });
  });

  it("the consent audit's CSV: a user agent a spreadsheet would run as a formula is exported with a leading quote", async () => {
    const session_id = `audit_${'x'.repeat(24)}`;
    const r = await p.api('POST', '/store/cookie-consent', {
      key: shop.publishable_key,
      body: { session_id, categories: { analytics: true } },
      headers: { 'user-agent': '=HYPERLINK("https://evil.example","open")' },
    });
    expect(r.status).toBe(200);
    const csv: string = (await run('query($s: String) { exportCookieConsentAudit(session_id: $s) }', { s: session_id })).exportCookieConsentAudit;
    const [head, row, end] = csv.split('\r\n');
    expect(head.split(',').at(-1)).toBe('user_agent');
    expect(row.endsWith(',"\'=HYPERLINK(""https://evil.example"",""open"")"')).toBe(true);
    expect(end).toBe('');
    expect((await run('query($s: String) { exportCookieConsentAudit(session_id: $s) }', { s: session_id }, otherAdmin)).exportCookieConsentAudit).toBe(
      'created_at,session_hash,action,banner_version,categories,consent_mode,tcf_string,ip_hash,user_agent\r\n',
    );
  });

  it("deletes a list with its members and drafts; a list a campaign went to is 409; another store's id not_found", async () => {
    expect(await refusal(DELETE_LIST, { id: list.id })).toMatchObject({ type: 'conflict', code: 'list_has_sent_campaigns' });

    const spare = (await run(CREATE_LIST, { input: { handle: 'spare', name: 'Spare', double_opt_in: false } })).createMailingList;
    expect((await subscribe('someone@example.com', spare.id)).status).toBe(200);
    const draft = (await run(CREATE_CAMPAIGN, { input: campaign(spare.id, 'Spare draft') })).createCampaign;
    expect(await refusal(DELETE_LIST, { id: spare.id }, otherAdmin)).toMatchObject({ type: 'not_found' });
    expect((await run(LISTS)).mailingLists.map((l: { handle: string }) => l.handle)).toEqual(['console-news', 'spare']);

    expect((await run(DELETE_LIST, { id: spare.id })).deleteMailingList).toBe(true);
    expect(await events('mailing_list.deleted')).toBe(1);
    expect((await run(LISTS)).mailingLists.map((l: { handle: string }) => l.handle)).toEqual(['console-news']);
    expect(await refusal(MEMBERS, { list_id: spare.id })).toMatchObject({ type: 'not_found' });
    expect(await refusal('query($id: String!) { campaign(id: $id) { id } }', { id: draft.id })).toMatchObject({ type: 'not_found' });
    const rows = await sql.query('select count(*)::int as n from marketing.subscriber where list_id = $1', [spare.id]);
    expect(rows.rows[0].n).toBe(0);
    expect(await refusal(DELETE_LIST, { id: spare.id })).toMatchObject({ type: 'not_found' });
  });
});
