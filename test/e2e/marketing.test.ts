import { generateKeyPairSync } from 'node:crypto';
import type { Client } from 'pg';
import type { TenantCredentials } from '@svc/identity';
import { solvedAntispam, graphqlData } from '../support/antispam';
import type { TestPlatform } from '../support/platform';
import { startTwoStores } from '../support/two-stores';
import { LocalSmtpServer, type ReceivedMail } from '../support/providers/smtp';
import { waitFor } from '../support/wait';
import { verifyDkim } from '../support/providers/dkim';

const LIST = 'id handle name double_opt_in is_newsletter';
const CREATE_LIST = `mutation($input: MailingListInput!) { createMailingList(input: $input) { ${LIST} } }`;
const SUBSCRIBERS = `query($list_id: String!, $status: String) { mailingListSubscribers(list_id: $list_id, status: $status) { count items { id email status unsubscribe_reason } } }`;
const CREATE_CAMPAIGN = `mutation($input: CampaignInput!) { createCampaign(input: $input) { id status links } }`;
const SEND = `mutation($id: String!) { sendCampaign(id: $id) { id status recipients } }`;
const OUTBOX = `query($campaign_id: String, $status: String) { marketingOutbox(campaign_id: $campaign_id, status: $status, limit: 100) { count items { id kind to subscriber_id status attempts last_error headers open_count click_count } } }`;
const STATS = `query($id: String!) { campaignStats(id: $id) { recipients delivered unique_opens total_opens unique_clicks total_clicks open_rate click_rate links { url clicks unique_clicks } } }`;
const SENDER = `mutation($input: SenderSettingsInput!) { configureMarketingSender(input: $input) { from_address dkim_domain dkim_selector has_dkim_key } }`;
const AUDIT = `query($session_id: String) { cookieConsentAudit(session_id: $session_id, limit: 100) { count items { action banner_version categories consent_mode tcf_string ip_hash user_agent created_at session_hash } } }`;

const session = (tag: string) => `sess_${tag}_${Math.random().toString(36).slice(2)}_${'x'.repeat(16)}`.slice(0, 60);
const linkIn = (text: string, re: RegExp): string => {
  const m = re.exec(text);
  if (!m) throw new Error(`no link matching ${re} in:\n${text}`);
  return m[0];
};

describe('marketing: subscriptions, campaigns, tracking, analytics, consent', () => {
  let p: TestPlatform;
  let sql: Client;
  let smtp: LocalSmtpServer;
  let shop: TenantCredentials;
  let other: TenantCredentials;
  let admin: string;
  let otherAdmin: string;
  let news: any;
  let single: any;

  const gql = (query: string, variables: Record<string, unknown> = {}, token = admin): Promise<any> => graphqlData(p, query, variables, token);
  const solved = (key = shop.publishable_key): Promise<string> => solvedAntispam(p, key);
  const count = async (table: string, where = 'true', params: unknown[] = []) =>
    Number((await sql.query(`select count(*)::int as n from marketing.${table} where ${where}`, params)).rows[0].n);
  const mailsTo = (addr: string): ReceivedMail[] => smtp.received.filter((m) => m.to.includes(addr));
  /** a URL of the platform, fetched as a mail client or browser would (no key, no redirects followed) */
  const open = (url: string, init: RequestInit = {}) => fetch(url.replace(/^http:\/\/[^/]+/, p.url), { redirect: 'manual', ...init });

  beforeAll(async () => {
    smtp = await new LocalSmtpServer().start();
    ({ p, sql, shop, other, admin, otherAdmin } = await startTwoStores({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Demo Shop <shop@example.com>' } }));
    news = (await gql(CREATE_LIST, { input: { handle: 'newsletter', name: 'Newsletter', is_newsletter: true } })).createMailingList;
    single = (await gql(CREATE_LIST, { input: { handle: 'product-news', name: 'Product news', double_opt_in: false } })).createMailingList;
  });
  afterAll(async () => {
    await sql?.end();
    await p?.stop();
    await smtp?.close();
  });

  describe('subscriptions', () => {
    it('double opt-in: pending, a confirmation mail over SMTP, subscribed only after following its link', async () => {
      const r = await p.api('POST', '/store/email-subscribe', { key: shop.publishable_key, body: { email: 'Ada@Example.com', list: 'newsletter' } });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ subscription: { list_id: news.id, email: 'ada@example.com', status: 'pending', confirmation_required: true } });
      const mail = await waitFor('confirmation mail', () => mailsTo('ada@example.com')[0]);
      expect(mail.header('list-unsubscribe')).toMatch(/^<http:\/\/.+\/api\/store\/email-unsubscribe\?token=msub_/);
      expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      let subs = (await gql(SUBSCRIBERS, { list_id: news.id })).mailingListSubscribers;
      expect(subs.items).toEqual([expect.objectContaining({ email: 'ada@example.com', status: 'pending' })]);
      const confirm = linkIn(mail.text, /http:\/\/\S+\/api\/store\/email-subscribe\/confirm\?token=\S+/);
      const tampered = confirm.replace(/token=msub_(.)/, (_m, c) => `token=msub_${c === 'A' ? 'B' : 'A'}`);
      expect((await open(tampered)).status).toBe(400);
      const done = await open(confirm);
      expect(done.status).toBe(200);
      expect(((await done.json()) as any).subscription).toMatchObject({ email: 'ada@example.com', status: 'subscribed' });
      subs = (await gql(SUBSCRIBERS, { list_id: news.id, status: 'subscribed' })).mailingListSubscribers;
      expect(subs.count).toBe(1);
      // subscribing again: same answer, no second row, no second mail
      const again = await p.api('POST', '/store/email-subscribe', { key: shop.publishable_key, body: { email: 'ada@example.com', list: 'newsletter' } });
      expect(again.body.subscription.status).toBe('pending');
      expect(await count('subscriber', 'email = $1', ['ada@example.com'])).toBe(1);
      expect(mailsTo('ada@example.com')).toHaveLength(1);
    });

    it('one-click unsubscribe: the RFC 8058 POST from the mail header works without key or cookies, at once', async () => {
      await p.api('POST', '/store/email-subscribe', { key: shop.publishable_key, body: { email: 'bob@example.com' } });
      const mail = await waitFor('mail', () => mailsTo('bob@example.com')[0]);
      await open(linkIn(mail.text, /http:\/\/\S+confirm\?token=\S+/));
      const url = /^<(.+)>$/.exec(mail.header('list-unsubscribe')!)![1];
      const r = await open(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(r.status).toBe(200);
      expect(((await r.json()) as any).subscription).toMatchObject({ email: 'bob@example.com', status: 'unsubscribed' });
      // the reason is recorded with a later JSON POST; multipart one-click is read too
      const token = new URL(url).searchParams.get('token')!;
      const why = await p.api('POST', '/store/email-unsubscribe', { body: { token, reason: 'Too many mails' } });
      expect(why.body.subscription).toMatchObject({ status: 'unsubscribed', unsubscribe_reason: 'Too many mails' });
      const form = new FormData();
      form.set('List-Unsubscribe', 'One-Click');
      expect((await open(url, { method: 'POST', body: form })).status).toBe(200);
    });

    it('single opt-in subscribes at once; a tampered unsubscribe token is 400 and changes nothing', async () => {
      await p.api('POST', '/store/email-subscribe', { key: shop.publishable_key, body: { email: 'cy@example.com', list: 'product-news' } });
      const mail = await waitFor('mail', () => mailsTo('cy@example.com')[0], 1500).catch(() => null);
      expect(mail).toBeNull(); // single opt-in: no confirmation mail
      const sub = (await gql(SUBSCRIBERS, { list_id: single.id })).mailingListSubscribers.items.find((s: any) => s.email === 'cy@example.com');
      expect(sub.status).toBe('subscribed');
      const bad = [`${sub.id}.AAAA`, `${sub.id}.${'A'.repeat(43)}`, 'msub_nonsense.x', 'x'.repeat(201)];
      for (const t of bad) {
        const r = await p.api('GET', `/store/email-unsubscribe?token=${encodeURIComponent(t)}`);
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ type: 'validation_error' });
      }
      expect((await gql(SUBSCRIBERS, { list_id: single.id, status: 'subscribed' })).mailingListSubscribers.count).toBe(1);
    });

    it('newsletter: needs the anti-spam token (403, nothing written); with it, subscribes to the newsletter list', async () => {
      const before = await count('subscriber');
      const no = await p.api('POST', '/store/newsletter', { key: shop.publishable_key, body: { email: 'spam@example.com' } });
      expect(no.status).toBe(403);
      expect(no.body).toMatchObject({ type: 'permission_error', code: 'invalid_antispam_token' });
      const forged = await p.api('POST', '/store/newsletter', { key: shop.publishable_key, body: { email: 'spam@example.com', antispam_token: 'Zm9v' } });
      expect(forged.status).toBe(403);
      expect(await count('subscriber')).toBe(before);
      const ok = await p.api('POST', '/store/newsletter', {
        key: shop.publishable_key,
        headers: { 'x-antispam-token': await solved() },
        body: { email: 'dee@example.com', first_name: 'Dee' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.subscription).toMatchObject({ list_id: news.id, status: 'pending' });
    });

    it('concurrent sign-ups of one address create one subscriber and one confirmation mail', async () => {
      const rs = await Promise.all(
        Array.from({ length: 8 }, () => p.api('POST', '/store/email-subscribe', { key: shop.publishable_key, body: { email: 'race@example.com' } })),
      );
      expect(rs.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(await count('subscriber', 'email = $1', ['race@example.com'])).toBe(1);
      expect(await count('email_message', '"to" = $1', ['race@example.com'])).toBe(1);
    });

    it('refuses bad input with 400 and writes nothing', async () => {
      const before = await count('subscriber');
      const bad: unknown[] = [
        {},
        { email: 'not-an-email' },
        { email: 'a@b.co', extra: 1 },
        { email: 'a@b.co', list: 'Not A Handle' },
        { email: `${'a'.repeat(320)}@b.co` },
      ];
      for (const body of bad) {
        const r = await p.api('POST', '/store/email-subscribe', { key: shop.publishable_key, body });
        expect([r.status, r.body.type]).toEqual([400, 'validation_error']);
      }
      const unknownList = await p.api('POST', '/store/email-subscribe', { key: shop.publishable_key, body: { email: 'a@b.co', list: 'nope' } });
      expect(unknownList.status).toBe(404);
      expect((await p.api('POST', '/store/email-subscribe', { body: { email: 'a@b.co' } })).status).toBe(401);
      expect((await p.api('POST', '/store/email-unsubscribe', { body: {} })).status).toBe(400);
      expect((await p.api('POST', '/store/email-unsubscribe', { body: { token: 'x', reason: 'r'.repeat(1001) } })).status).toBe(400);
      expect((await p.api('GET', '/store/email-unsubscribe')).status).toBe(400);
      expect((await p.api('GET', '/store/email-unsubscribe?token=a&extra=1')).status).toBe(400);
      expect((await p.api('GET', '/store/email-subscribe/confirm?token=msub_01JD5Z8X4N3C6V7B8M9K0QWERT.1.x')).status).toBe(400);
      expect((await p.api('POST', '/store/email-subscribe/confirm', { body: { token: 'x', more: 1 } })).status).toBe(400);
      const form = await p.api('POST', '/store/email-unsubscribe', {
        raw: 'List-Unsubscribe=Two-Clicks',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect([form.status, form.body.type]).toEqual([400, 'validation_error']);
      expect((await p.api('POST', '/store/email-unsubscribe', { raw: 'x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
      const badNewsletter = await p.api('POST', '/store/newsletter', {
        key: shop.publishable_key,
        headers: { 'x-antispam-token': await solved() },
        body: { email: 'nope' },
      });
      expect(badNewsletter.status).toBe(400);
      expect((await p.api('GET', `/store/track/open/${'c'.repeat(61)}/x`)).status).toBe(200); // the pixel never breaks (issue 20 #8)
      expect((await p.api('GET', '/store/track/open/a/b?x=1')).status).toBe(400);
      expect((await p.api('DELETE', '/store/cookie-consent/short', { key: shop.publishable_key })).status).toBe(400);
      expect((await p.api('POST', '/store/track/events', { body: { session_id: session('k'), type: 'page_view' } })).status).toBe(401);
      expect(await count('subscriber')).toBe(before);
    });
  });

  describe('campaigns, outbox and tracking', () => {
    let campaign: any;
    let messages: any[];
    let dkimPublic: string;

    beforeAll(async () => {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
      dkimPublic = publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const sender = (
        await gql(SENDER, {
          input: {
            from_address: 'Shop <news@shop.example>',
            dkim_domain: 'shop.example',
            dkim_selector: 'mk1',
            dkim_private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          },
        })
      ).configureMarketingSender;
      expect(sender).toEqual({ from_address: 'Shop <news@shop.example>', dkim_domain: 'shop.example', dkim_selector: 'mk1', has_dkim_key: true });
      const stored = (await sql.query('select dkim_key_sealed from marketing.sender_settings')).rows[0].dkim_key_sealed;
      expect(stored).toMatch(/^v1\./);
      expect(stored).not.toMatch(/PRIVATE KEY/);
      for (const email of ['m1@example.com', 'm2@example.com', 'm3@example.com']) {
        await p.api('POST', '/store/email-subscribe', { key: shop.publishable_key, body: { email, list: 'product-news' } });
      }
      campaign = (
        await gql(CREATE_CAMPAIGN, {
          input: {
            list_id: single.id,
            name: 'Launch',
            subject: 'New things',
            html: '<html><body><p><a href="https://shop.example/new">New</a> and <a href="https://shop.example/sale?x=1&amp;y=2">sale</a></p></body></html>',
            text: 'New: https://shop.example/new\nUnsubscribe: {{unsubscribe_url}}',
            links: ['https://partner.example/offer'],
          },
        })
      ).createCampaign;
      expect(campaign.links).toEqual(['https://shop.example/new', 'https://shop.example/sale?x=1&y=2', 'https://partner.example/offer']);
      expect((await gql(SEND, { id: campaign.id })).sendCampaign).toMatchObject({ status: 'sent', recipients: 4 });
      await waitFor('campaign mails', () =>
        ['m1@example.com', 'm2@example.com', 'm3@example.com', 'cy@example.com'].every((a) => mailsTo(a).some((m) => m.header('subject') === 'New things')),
      );
      // a mail reaches the SMTP server before its outbox row records the send: wait for the rows
      await waitFor('campaign messages recorded', async () => {
        messages = (await gql(OUTBOX, { campaign_id: campaign.id })).marketingOutbox.items;
        return messages.length === 4 && messages.every((m) => m.status !== 'queued' && m.status !== 'sending');
      });
    });

    it('sends through the outbox over SMTP: List-Unsubscribe headers, DKIM signature, pixel and tracked links', async () => {
      expect(messages).toHaveLength(4);
      expect(messages.every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true);
      const mail = mailsTo('m1@example.com').find((m) => m.header('subject') === 'New things')!;
      expect(mail.header('from')).toBe('Shop <news@shop.example>');
      expect(mail.header('dkim-signature')).toMatch(/d=shop\.example/);
      expect(mail.header('dkim-signature')).toMatch(/s=mk1/);
      // verified as a receiving server would (body hash and signature with the published key)
      expect(verifyDkim(mail.raw, dkimPublic)).toMatchObject({
        d: 'shop.example',
        s: 'mk1',
        h: expect.arrayContaining(['from', 'subject', 'list-unsubscribe']),
      });
      expect(() => verifyDkim(mail.raw.replace('New things', 'Old things'), dkimPublic)).toThrow(/does not verify/);
      expect(mail.header('list-unsubscribe')).toMatch(/^<http.+email-unsubscribe\?token=msub_/);
      expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toMatch(/\/api\/store\/track\/click\/camp_\w+\/msub_\w+\?url=https%3A%2F%2Fshop\.example%2Fnew/);
      const html = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(html).toMatch(/<img src="http:\/\/[^"]+\/api\/store\/track\/open\/camp_\w+\/msub_\w+" width="1" height="1"/);
      expect(html.indexOf('Unsubscribe</a>')).toBeLessThan(html.indexOf('</body>'));
      // a campaign is sent once
      const again = await p.graphql(SEND, { id: campaign.id }, { token: admin });
      expect(again.body.errors[0].extensions).toMatchObject({ type: 'conflict', code: 'invalid_transition' });
    });

    it('the open pixel answers a no-cache GIF and counts opens; repeated and concurrent opens count once as unique', async () => {
      const m = messages.find((x) => x.to === 'm1@example.com');
      const url = `/store/track/open/${campaign.id}/${m.subscriber_id}`;
      const rs = await Promise.all(Array.from({ length: 6 }, () => fetch(`${p.url}/api${url}`)));
      for (const r of rs) {
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toBe('image/gif');
        expect(r.headers.get('cache-control')).toMatch(/no-store/);
        expect(r.headers.get('etag')).toBeNull();
        expect(
          Buffer.from(await r.arrayBuffer())
            .subarray(0, 6)
            .toString(),
        ).toBe('GIF89a');
      }
      const stats = (await gql(STATS, { id: campaign.id })).campaignStats;
      expect(stats).toMatchObject({ recipients: 4, delivered: 4, unique_opens: 1, total_opens: 6, open_rate: 0.25 });
    });

    it('unknown, malformed ids and ids of another store answer the GIF without recording', async () => {
      const m = messages.find((x) => x.to === 'm2@example.com');
      const tries = [
        `/store/track/open/camp_01JD5Z8X4N3C6V7B8M9K0QWERT/${m.subscriber_id}`,
        `/store/track/open/${campaign.id}/msub_01JD5Z8X4N3C6V7B8M9K0QWERT`,
      ];
      for (const t of tries) {
        const r = await fetch(`${p.url}/api${t}`);
        expect([r.status, r.headers.get('content-type')]).toEqual([200, 'image/gif']);
      }
      // malformed ids: the pixel too (a mail client would show a broken image), nothing recorded (issue 20 #8)
      for (const t of ['/store/track/open/nonsense/also-nonsense', `/store/track/open/cus_01JD5Z8X4N3C6V7B8M9K0QWERT/${m.subscriber_id}`]) {
        const r = await fetch(`${p.url}/api${t}`);
        expect([r.status, r.headers.get('content-type')]).toEqual([200, 'image/gif']);
      }
      // the other store's key with this store's ids
      const r = await fetch(`${p.url}/api/store/track/open/${campaign.id}/${m.subscriber_id}`, { headers: { 'x-publishable-api-key': other.publishable_key } });
      expect(r.status).toBe(200);
      expect((await gql(STATS, { id: campaign.id })).campaignStats.unique_opens).toBe(1);
      // and the other store's admin cannot read this campaign
      const theirs = await p.graphql(STATS, { id: campaign.id }, { token: otherAdmin });
      expect(theirs.body.errors[0].extensions.type).toBe('not_found');
    });

    it('a click redirects (302) only to a registered or platform-signed destination and is counted', async () => {
      const mail = mailsTo('m2@example.com').find((x) => x.header('subject') === 'New things')!;
      const click = linkIn(mail.text, /http:\/\/\S+\/track\/click\/\S+/);
      const r = await open(click);
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe('https://shop.example/new');
      expect(r.headers.get('cache-control')).toMatch(/no-store/);
      const m = messages.find((x) => x.to === 'm2@example.com');
      const base = `${p.url}/api/store/track/click/${campaign.id}/${m.subscriber_id}`;
      const registered = await open(`${base}?url=${encodeURIComponent('https://partner.example/offer')}`);
      expect(registered.headers.get('location')).toBe('https://partner.example/offer');
      const signed = (
        await gql(`query($c: String!, $s: String!, $u: String!) { signedCampaignLink(campaign_id: $c, subscriber_id: $s, url: $u) }`, {
          c: campaign.id,
          s: m.subscriber_id,
          u: 'https://elsewhere.example/x',
        })
      ).signedCampaignLink;
      const viaSig = await open(signed);
      expect([viaSig.status, viaSig.headers.get('location')]).toEqual([302, 'https://elsewhere.example/x']);
      const stats = (await gql(STATS, { id: campaign.id })).campaignStats;
      expect(stats).toMatchObject({ unique_clicks: 1, total_clicks: 3, unique_opens: 2 });
      expect(stats.links).toEqual(expect.arrayContaining([{ url: 'https://shop.example/new', clicks: 1, unique_clicks: 1 }]));
    });

    it('refuses open redirects with 400 and records nothing', async () => {
      const m = messages.find((x) => x.to === 'm3@example.com');
      const base = `${p.url}/api/store/track/click/${campaign.id}/${m.subscriber_id}`;
      const attempts = [
        'https://evil.example/',
        '//evil.example/',
        'javascript:alert(1)',
        'https://shop.example/new/../../evil',
        'https://shop.example.evil.example/new',
        'https:\\\\evil.example',
        '/\\evil.example',
        'https://shop.example/new#@evil.example',
        'HTTPS://SHOP.EXAMPLE/new',
        'https://user:pass@shop.example/new',
        'data:text/html,hi',
      ];
      for (const a of attempts) {
        const r = await open(`${base}?url=${encodeURIComponent(a)}`);
        expect([a, r.status]).toEqual([a, 400]);
        expect(r.headers.get('location')).toBeNull();
      }
      const doubleEncoded = await open(`${base}?url=${encodeURIComponent(encodeURIComponent('https://evil.example'))}`);
      expect(doubleEncoded.status).toBe(400);
      const forgedSig = await open(`${base}?url=${encodeURIComponent('https://evil.example/')}&sig=${'A'.repeat(43)}`);
      expect(forgedSig.status).toBe(400);
      const noUrl = await open(base);
      expect(noUrl.status).toBe(400);
      // another store's key: the campaign is unknown there
      const cross = await open(`${base}?url=${encodeURIComponent('https://shop.example/new')}`, {
        headers: { 'x-publishable-api-key': other.publishable_key },
      });
      expect(cross.status).toBe(400);
      expect(await count('campaign_click', 'subscriber_id = $1', [m.subscriber_id])).toBe(0);
    });

    it('the one-click unsubscribe of a campaign mail takes the member off the list; the next campaign skips it', async () => {
      const mail = mailsTo('m3@example.com').find((x) => x.header('subject') === 'New things')!;
      const url = /^<(.+)>$/.exec(mail.header('list-unsubscribe')!)![1];
      // the token of this store, presented with another store's key: 400, nothing changes
      const cross = await open(url, { headers: { 'x-publishable-api-key': other.publishable_key } });
      expect([cross.status, ((await cross.json()) as any).code]).toEqual([400, 'invalid_token']);
      expect((await gql(SUBSCRIBERS, { list_id: single.id, status: 'subscribed' })).mailingListSubscribers.count).toBe(4);
      const r = await open(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(r.status).toBe(200);
      const next = (await gql(CREATE_CAMPAIGN, { input: { list_id: single.id, name: 'Two', subject: 'Second', html: '<p>Hi</p>', text: 'Hi' } }))
        .createCampaign;
      expect((await gql(SEND, { id: next.id })).sendCampaign.recipients).toBe(3);
    });

    it('a recipient who unsubscribes between the send and a (retried) delivery gets nothing', async () => {
      const late = (await gql(CREATE_LIST, { input: { handle: 'late', name: 'Late', double_opt_in: false } })).createMailingList;
      for (const email of ['stay@example.com', 'leave@example.com'])
        await p.api('POST', '/store/email-subscribe', { key: shop.publishable_key, body: { email, list: 'late' } });
      await waitFor('an empty outbox', async () => (await gql(OUTBOX, { status: 'queued' })).marketingOutbox.count === 0);
      smtp.refuseNext(2);
      const c = (await gql(CREATE_CAMPAIGN, { input: { list_id: late.id, name: 'Late', subject: 'Late news', html: '<p>x</p>', text: 'x' } })).createCampaign;
      await gql(SEND, { id: c.id });
      const tried = await waitFor('both first attempts refused', async () => {
        const items = (await gql(OUTBOX, { campaign_id: c.id })).marketingOutbox.items;
        return items.length === 2 && items.every((m: any) => m.attempts >= 1) && items;
      });
      const leaving = tried.find((m: any) => m.to === 'leave@example.com');
      const url = /^<(.+)>$/.exec(leaving.headers['List-Unsubscribe'])![1];
      expect((await open(url)).status).toBe(200);
      const done = await waitFor('deliveries settled', async () => {
        const items = (await gql(OUTBOX, { campaign_id: c.id })).marketingOutbox.items;
        return items.every((m: any) => m.status !== 'queued') && items;
      });
      expect(done.find((m: any) => m.to === 'stay@example.com')).toMatchObject({ status: 'sent' });
      expect(done.find((m: any) => m.to === 'leave@example.com')).toMatchObject({ status: 'failed', last_error: 'the recipient unsubscribed before delivery' });
      expect(mailsTo('leave@example.com')).toEqual([]);
    });

    it("another store's admin and key see none of this store's lists, subscribers or campaigns", async () => {
      const lists = await p.graphql(SUBSCRIBERS, { list_id: single.id }, { token: otherAdmin });
      expect(lists.body.errors[0].extensions.type).toBe('not_found');
      expect((await gql('{ mailingLists { id } }', {}, otherAdmin)).mailingLists).toEqual([]);
      expect((await gql(OUTBOX, {}, otherAdmin)).marketingOutbox.count).toBe(0);
      const send = await p.graphql(SEND, { id: campaign.id }, { token: otherAdmin });
      expect(send.body.errors[0].extensions.type).toBe('not_found');
      const before = await count('subscriber');
      const r = await p.api('POST', '/store/email-subscribe', { key: other.publishable_key, body: { email: 'x@example.com', list_id: single.id } });
      expect(r.status).toBe(404);
      expect(await count('subscriber')).toBe(before);
    });

    it('a refused delivery is retried from the outbox', async () => {
      await waitFor('an empty outbox', async () => (await gql(OUTBOX, { status: 'queued' })).marketingOutbox.count === 0);
      smtp.refuseNext(1);
      await p.api('POST', '/store/email-subscribe', { key: shop.publishable_key, body: { email: 'retry@example.com' } });
      await waitFor('retried mail', () => mailsTo('retry@example.com')[0], 30_000);
      const msg = (await gql(OUTBOX, {})).marketingOutbox.items.find((x: any) => x.to === 'retry@example.com');
      expect(msg).toMatchObject({ status: 'sent', attempts: 2 });
    });
  });

  describe('cookie consent and analytics', () => {
    it('the banner: four Consent Mode categories by default; admins replace it (version up), per locale', async () => {
      const r = await p.api('GET', '/store/cookie-banner-config', { key: shop.publishable_key });
      expect(r.status).toBe(200);
      expect(r.body.cookie_banner.version).toBe(1);
      expect(r.body.cookie_banner.categories.map((c: any) => [c.key, c.required, c.consent_mode])).toEqual([
        ['necessary', true, []],
        ['analytics', false, ['analytics_storage']],
        ['marketing', false, ['ad_storage', 'ad_user_data']],
        ['personalization', false, ['ad_personalization']],
      ]);
      expect(r.body.cookie_banner.consent_mode_default).toEqual({
        ad_storage: 'denied',
        analytics_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      });
      const saved = await gql(`mutation($input: CookieBannerInput!) { saveCookieBanner(input: $input) { version } }`, {
        input: {
          default_locale: 'en',
          categories: [
            { key: 'necessary', required: true, signals: [], label: { en: 'Necessary', de: 'Notwendig' }, description: { en: 'Always on', de: 'Immer an' } },
            {
              key: 'analytics',
              required: false,
              signals: ['analytics_storage'],
              label: { en: 'Analytics', de: 'Statistik' },
              description: { en: 'Usage', de: 'Nutzung' },
            },
            {
              key: 'ads',
              required: false,
              signals: ['ad_storage', 'ad_user_data', 'ad_personalization'],
              label: { en: 'Ads' },
              description: { en: 'Advertising' },
            },
          ],
          copy: {
            en: { title: 'Cookies', body: 'We use cookies.', accept_all: 'Accept', reject_all: 'Reject', save: 'Save' },
            de: { title: 'Cookies', body: 'Wir nutzen Cookies.', accept_all: 'Annehmen', reject_all: 'Ablehnen', save: 'Speichern' },
          },
          privacy_policy_url: '/pages/privacy',
        },
      });
      expect(saved.saveCookieBanner.version).toBe(2);
      const de = await p.api('GET', '/store/cookie-banner-config?locale=de-AT', { key: shop.publishable_key });
      expect(de.body.cookie_banner).toMatchObject({ version: 2, locale: 'de', copy: { accept_all: 'Annehmen' }, links: { privacy_policy: '/pages/privacy' } });
      expect(de.body.cookie_banner.categories[2]).toMatchObject({ key: 'ads', label: 'Ads' });
      const otherShop = await p.api('GET', '/store/cookie-banner-config', { key: other.publishable_key });
      expect(otherShop.body.cookie_banner.version).toBe(1);
    });

    it('grant → change → withdraw: state with Consent Mode signals and TCF string; a complete audit trail', async () => {
      const sid = session('audit');
      const ua = { 'user-agent': 'ConsentTest/1.0' };
      const grant = await p.api('POST', '/store/cookie-consent', {
        key: shop.publishable_key,
        headers: ua,
        body: { session_id: sid, categories: { analytics: true, ads: true }, banner_version: 2, tcf_string: 'CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA' },
      });
      expect(grant.status).toBe(200);
      expect(grant.body.consent).toMatchObject({
        session_id: sid,
        banner_version: 2,
        withdrawn: false,
        categories: { necessary: true, analytics: true, ads: true },
        consent_mode: { ad_storage: 'granted', analytics_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
        tcf_string: 'CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA',
      });
      const change = await p.api('POST', '/store/cookie-consent', {
        key: shop.publishable_key,
        headers: ua,
        body: { session_id: sid, categories: { analytics: true } },
      });
      expect(change.body.consent.consent_mode).toEqual({
        ad_storage: 'denied',
        analytics_storage: 'granted',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      });
      const get = await p.api('GET', `/store/cookie-consent/${sid}`, { key: shop.publishable_key });
      expect(get.status).toBe(200);
      expect(get.headers.get('cache-control')).toBe('no-store');
      // GraphQL answers one typed choice per category, the same decisions as REST's map
      const typed = await p.graphql(
        'query($s: String!) { cookieConsent(session_id: $s) { categories { key granted } } }',
        { s: sid },
        { key: shop.publishable_key },
      );
      expect(typed.body.errors).toBeUndefined();
      expect(Object.fromEntries(typed.body.data.cookieConsent.categories.map((c: { key: string; granted: boolean }) => [c.key, c.granted]))).toEqual(
        get.body.consent.categories,
      );
      expect(typed.body.data.cookieConsent.categories.length).toBeGreaterThan(1);
      expect(get.body.consent.categories).toEqual({ necessary: true, analytics: true, ads: false });
      const del = await p.api('DELETE', `/store/cookie-consent/${sid}`, { key: shop.publishable_key, headers: ua });
      expect(del.status).toBe(200);
      expect(del.body.consent).toMatchObject({ withdrawn: true, categories: { necessary: true, analytics: false, ads: false }, tcf_string: null });
      expect(Object.values(del.body.consent.consent_mode)).toEqual(['denied', 'denied', 'denied', 'denied']);
      const trail = (await gql(AUDIT, { session_id: sid })).cookieConsentAudit;
      expect(trail.items.map((e: any) => e.action)).toEqual(['granted', 'updated', 'withdrawn']);
      for (const e of trail.items) {
        expect(e).toMatchObject({
          banner_version: 2,
          user_agent: 'ConsentTest/1.0',
          ip_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          session_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        });
        expect(e.session_hash).not.toContain(sid);
      }
      expect(trail.items[0].categories).toEqual({ necessary: true, analytics: true, ads: true });
      expect(trail.items[0].tcf_string).toMatch(/^CPX/);
      expect(trail.items[2].categories).toEqual({ necessary: true, analytics: false, ads: false });
      const csv = (await gql(`query($s: String) { exportCookieConsentAudit(session_id: $s) }`, { s: sid })).exportCookieConsentAudit;
      expect(csv.trim().split('\r\n')).toHaveLength(4);
      // append-only: the database refuses to change or remove an entry
      await expect(sql.query(`update marketing.consent_audit set action = 'x'`)).rejects.toThrow(/append-only/);
      await expect(sql.query(`delete from marketing.consent_audit`)).rejects.toThrow(/append-only/);
    });

    it("another store's key, or an unknown session, never reads or withdraws a session's consent", async () => {
      const sid = session('iso');
      await p.api('POST', '/store/cookie-consent', { key: shop.publishable_key, body: { session_id: sid, categories: { analytics: true } } });
      const theirs = await p.api('GET', `/store/cookie-consent/${sid}`, { key: other.publishable_key });
      expect([theirs.status, theirs.body.code]).toEqual([404, 'not_found']);
      expect((await p.api('DELETE', `/store/cookie-consent/${sid}`, { key: other.publishable_key })).status).toBe(404);
      expect((await p.api('GET', `/store/cookie-consent/${session('unknown')}`, { key: shop.publishable_key })).status).toBe(404);
      expect((await p.api('GET', `/store/cookie-consent/${sid}`, { key: shop.publishable_key })).body.consent.withdrawn).toBe(false);
    });

    it('refuses bad consent input with 4xx and writes nothing', async () => {
      const before = await count('consent_audit');
      const sid = session('bad');
      const bad: Array<[unknown, number]> = [
        [{ session_id: 'short', categories: {} }, 400],
        [{ session_id: sid, categories: { nope: true } }, 400],
        [{ session_id: sid, categories: { necessary: false } }, 400],
        [{ session_id: sid, categories: { analytics: 'yes' } }, 400],
        [{ session_id: sid, categories: {}, tcf_string: 'not a tc string!' }, 400],
        [{ session_id: sid, categories: {}, banner_version: 1 }, 409],
        [{ session_id: sid }, 400],
      ];
      for (const [body, status] of bad) {
        const r = await p.api('POST', '/store/cookie-consent', { key: shop.publishable_key, body });
        expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), status]);
      }
      expect((await p.api('GET', '/store/cookie-consent/short', { key: shop.publishable_key })).status).toBe(400);
      expect((await p.api('GET', '/store/cookie-banner-config?locale=xx_bad', { key: shop.publishable_key })).status).toBe(400);
      expect(await count('consent_audit')).toBe(before);
      expect(await count('consent_state', 'session_hash = encode(sha256($1::bytea), $2)', [sid, 'hex'])).toBe(0);
    });

    it('analytics events: stored only with analytics consent, dropped (and said so) otherwise; counts and funnels', async () => {
      const yes = session('yes');
      const no = session('no');
      await p.api('POST', '/store/cookie-consent', { key: shop.publishable_key, body: { session_id: yes, categories: { analytics: true } } });
      await p.api('POST', '/store/cookie-consent', { key: shop.publishable_key, body: { session_id: no, categories: { ads: true } } });
      const send = (session_id: string, type: string, extra: object = {}) =>
        p.api('POST', '/store/track/events', { key: shop.publishable_key, body: { session_id, type, ...extra } });
      const stored = await send(yes, 'page_view', {
        url: 'https://shop.example/?utm_source=news&utm_medium=email&utm_campaign=launch',
        referrer: 'https://google.com/',
        properties: { title: 'Home' },
      });
      expect(stored.status).toBe(200);
      expect(stored.body).toMatchObject({ success: true, stored: true, dropped_reason: null, id: expect.stringMatching(/^aev_/) });
      const row = (await sql.query('select utm_source, utm_medium, utm_campaign, properties from marketing.analytics_event where id = $1', [stored.body.id]))
        .rows[0];
      expect(row).toEqual({ utm_source: 'news', utm_medium: 'email', utm_campaign: 'launch', properties: { title: 'Home' } });
      for (const t of ['add_to_cart', 'checkout_started', 'purchase']) expect((await send(yes, t)).body.stored).toBe(true);
      const before = await count('analytics_event');
      for (const sid of [no, session('never-asked')]) {
        const dropped = await send(sid, 'page_view');
        expect(dropped.status).toBe(200);
        expect(dropped.body).toEqual({ success: true, stored: false, dropped_reason: 'no_analytics_consent', id: null });
      }
      await p.api('DELETE', `/store/cookie-consent/${yes}`, { key: shop.publishable_key });
      expect((await send(yes, 'page_view')).body.stored).toBe(false);
      expect(await count('analytics_event')).toBe(before);
      // validation and size limits: 400, nothing written
      const bad: unknown[] = [
        { session_id: yes, type: 'nope' },
        { session_id: yes, type: 'custom' },
        { session_id: 'short', type: 'page_view' },
        { session_id: yes, type: 'page_view', properties: { big: 'x'.repeat(5000) } },
        { session_id: yes, type: 'page_view', properties: { a: { b: { c: { d: 1 } } } } },
        { session_id: yes, type: 'page_view', url: 'javascript:alert(1)' },
        { session_id: yes, type: 'page_view', unknown: 1 },
      ];
      for (const body of bad) expect((await p.api('POST', '/store/track/events', { key: shop.publishable_key, body })).status).toBe(400);
      expect(await count('analytics_event')).toBe(before);
      const today = new Date().toISOString().slice(0, 10);
      const counts = (await gql(`query($f: String!, $t: String!) { analyticsEventCounts(from: $f, to: $t) { day type count } }`, { f: today, t: today }))
        .analyticsEventCounts;
      expect(counts).toEqual(
        expect.arrayContaining([
          { day: today, type: 'page_view', count: 1 },
          { day: today, type: 'purchase', count: 1 },
        ]),
      );
      const funnel = (
        await gql(
          `query($f: String!, $t: String!) { analyticsFunnel(steps: ["page_view", "add_to_cart", "purchase"], from: $f, to: $t) { step type sessions } }`,
          { f: today, t: today },
        )
      ).analyticsFunnel;
      expect(funnel).toEqual([
        { step: 1, type: 'page_view', sessions: 1 },
        { step: 2, type: 'add_to_cart', sessions: 1 },
        { step: 3, type: 'purchase', sessions: 1 },
      ]);
      const theirs = (await gql(`query($f: String!, $t: String!) { analyticsEventCounts(from: $f, to: $t) { count } }`, { f: today, t: today }, otherAdmin))
        .analyticsEventCounts;
      expect(theirs).toEqual([]);
    });
  });
});
