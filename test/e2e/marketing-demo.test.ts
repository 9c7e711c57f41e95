import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemContext } from '@svc/kit';
import { domain, type MarketingServices } from '@svc/marketing';
import { graphqlData } from '../support/antispam';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { parseMail } from '../support/providers/smtp';
import { waitFor } from '../support/wait';

/** The demo seed, and the outbox without SMTP_URL: mails are kept (as .eml) and readable in admin GraphQL. */
describe('marketing: the demo seed and the outbox without SMTP_URL', () => {
  let p: TestPlatform;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketing-mail-'));
    p = await startTestPlatform({ env: { DATA_DIR: dataDir, MAIL_FROM: 'Demo Store <news@demo.store>' } });
  });
  afterAll(async () => {
    await p?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds a newsletter with subscribers, a sent campaign with opens and clicks, the banner and analytics; the mails stay in the outbox', async () => {
    const t = await p.createTenant();
    const admin = await p.adminToken(t);
    const ctx = systemContext(p.log, t.tenant_id, 'seed');
    await domain.seed!(p.services<MarketingServices>('marketing'), { ctx, tenantId: t.tenant_id, publicUrl: p.url, staticDir: p.staticDir, log: p.log });
    const gql = (q: string, v: Record<string, unknown> = {}) => graphqlData(p, q, v, admin);

    const lists = (await gql('{ mailingLists { id handle is_newsletter } }')).mailingLists;
    expect(lists).toEqual([expect.objectContaining({ handle: 'newsletter', is_newsletter: true })]);
    const subs = (await gql('query($l: String!) { mailingListSubscribers(list_id: $l, status: "subscribed") { count } }', { l: lists[0].id }))
      .mailingListSubscribers;
    expect(subs.count).toBe(4);
    const campaign = (await gql('{ campaigns { items { id status recipients } } }')).campaigns.items[0];
    expect(campaign).toMatchObject({ status: 'sent', recipients: 4 });
    const stats = (await gql('query($id: String!) { campaignStats(id: $id) { unique_opens total_opens unique_clicks open_rate } }', { id: campaign.id }))
      .campaignStats;
    expect(stats).toMatchObject({ unique_opens: 3, total_opens: 4, unique_clicks: 2 });

    const outbox = await waitFor('the mails kept', async () => {
      const o = (await gql('{ marketingOutbox(status: "stored", limit: 10) { count items { to subject text html via headers } } }')).marketingOutbox;
      return o.count === 4 && o;
    });
    expect(outbox.items[0].html).toMatch(/track\/open\//);
    expect(outbox.items[0].headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const file = outbox.items[0].via as string;
    expect(file.startsWith(path.join(dataDir, 'mail'))).toBe(true);
    const eml = parseMail(fs.readFileSync(file, 'utf8'));
    expect(eml.header('from')).toBe('Demo Store <news@demo.store>');
    expect(eml.header('list-unsubscribe')).toMatch(/email-unsubscribe\?token=/);

    const banner = await p.api('GET', '/store/cookie-banner-config?locale=de', { key: t.publishable_key });
    expect(banner.body.cookie_banner).toMatchObject({ version: 2, locale: 'de', locales: ['en', 'de'], copy: { accept_all: 'Alle akzeptieren' } });
    expect(banner.body.cookie_banner.categories.map((c: any) => c.key)).toEqual(['necessary', 'analytics', 'marketing', 'personalization']);
    const today = new Date().toISOString().slice(0, 10);
    const funnel = (await gql(`{ analyticsFunnel(steps: ["page_view", "add_to_cart", "purchase"], from: "${today}", to: "${today}") { sessions } }`))
      .analyticsFunnel;
    // the third session refused analytics: its page view was not stored
    expect(funnel.map((s: any) => s.sessions)).toEqual([2, 2, 1]);
  });

  it('admin GraphQL is for admins of the tenant only', async () => {
    const t = await p.createTenant();
    const customer = await p.registerCustomer(t.publishable_key);
    for (const q of ['{ mailingLists { id } }', '{ marketingOutbox { count } }', '{ cookieConsentAudit { count } }', '{ campaigns { count } }']) {
      const anonymous = await p.graphql(q, {}, { key: t.publishable_key });
      expect(anonymous.body.errors?.[0]?.extensions?.type).toMatch(/authentication_error|permission_error/);
      const asCustomer = await p.graphql(q, {}, { key: t.publishable_key, token: customer.token });
      expect(asCustomer.body.errors?.[0]?.extensions?.type).toBe('permission_error');
    }
  });
});
