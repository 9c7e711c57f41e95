import { systemContext, type SeedContext } from '@svc/kit';
import type { MarketingServices } from '../services';
import { DEFAULT_BANNER } from '../services/consent.service';

const DEMO_SUBSCRIBERS = ['jane@demo.store', 'max@demo.store', 'lea@demo.store', 'sam@demo.store'];
/** session ids of the demo's analytics (consent granted for the first two) */
const DEMO_SESSIONS = ['demo-session-aaaaaaaaaaaaaaaa1', 'demo-session-bbbbbbbbbbbbbbbb2', 'demo-session-cccccccccccccccc3'];

const GERMAN_DESCRIPTIONS: Record<string, string> = {
  necessary: 'Für den Shop nötig: Warenkorb, Anmeldung, Sicherheit. Immer aktiv.',
  analytics: 'Hilft uns zu verstehen, wie der Shop genutzt wird.',
  marketing: 'Misst und verbessert unsere Werbung.',
  personalization: 'Zeigt Ihnen Werbung, die zu Ihren Interessen passt.',
};

/**
 * marketing's part of the demo store: the newsletter list (single opt-in for the demo) with four
 * subscribers, a sent campaign with opens and clicks, the cookie banner with the four Consent
 * Mode categories in English and German, and a few sessions' consent and analytics events.
 */
export async function seedDemoMarketing(s: MarketingServices, seed: SeedContext): Promise<void> {
  const ctx = seed.ctx;
  const list = await s.subscriptions.saveList(ctx, null, {
    handle: 'newsletter',
    name: 'Demo Store Newsletter',
    description: 'New arrivals and offers, twice a month',
    double_opt_in: false,
    is_newsletter: true,
  });
  for (const email of DEMO_SUBSCRIBERS) await s.subscriptions.subscribe(ctx, { email, list_id: list.id }, 'admin');
  const shop = seed.publicUrl.replace(/\/+$/, '');
  const campaign = await s.campaigns.save(ctx, null, {
    list_id: list.id,
    name: 'Autumn drop',
    subject: 'The autumn collection is here',
    html: `<html><body><h1>Autumn is here</h1><p>Warm layers for cool days: <a href="${shop}/store/collections/autumn">see the collection</a>.</p><p><a href="${shop}/blog">Read the journal</a></p><p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`,
    text: `Autumn is here.\nSee the collection: ${shop}/store/collections/autumn\n\nUnsubscribe: {{unsubscribe_url}}`,
  });
  await s.campaigns.send(ctx, campaign.id);
  const outbox = await s.outbox.list(ctx, { campaign_id: campaign.id, limit: 100 } as never);
  const [first, second, third] = outbox.items;
  const anon = systemContext(seed.log, null, 'demo-seed');
  for (const m of [first, first, second, third]) if (m) await s.campaigns.recordOpen(anon, campaign.id, m.subscriber_id);
  if (first) await s.campaigns.recordClick(anon, campaign.id, first.subscriber_id, campaign.links[0]);
  if (second) await s.campaigns.recordClick(anon, campaign.id, second.subscriber_id, campaign.links[1] ?? campaign.links[0]);

  await s.consent.saveBanner(ctx, {
    ...DEFAULT_BANNER,
    categories: DEFAULT_BANNER.categories.map((c) => ({
      ...c,
      label: {
        ...c.label,
        de: { necessary: 'Notwendig', analytics: 'Statistik', marketing: 'Marketing', personalization: 'Personalisierte Werbung' }[c.key] ?? c.label.en,
      },
      description: { ...c.description, de: GERMAN_DESCRIPTIONS[c.key] ?? c.description.en },
    })),
    copy: {
      ...DEFAULT_BANNER.copy,
      de: {
        title: 'Cookies',
        body: 'Wir verwenden Cookies für den Shop und, mit Ihrer Einwilligung, für Statistik und Marketing.',
        accept_all: 'Alle akzeptieren',
        reject_all: 'Alle ablehnen',
        save: 'Auswahl speichern',
      },
    },
    privacy_policy_url: '/pages/privacy-policy',
    cookie_policy_url: '/pages/privacy-policy#cookies',
    imprint_url: null,
  });
  await s.consent.decide(ctx, { session_id: DEMO_SESSIONS[0], categories: { analytics: true, marketing: true, personalization: false } });
  await s.consent.decide(ctx, { session_id: DEMO_SESSIONS[1], categories: { analytics: true } });
  await s.consent.decide(ctx, { session_id: DEMO_SESSIONS[2], categories: {} });
  const events: Array<[number, 'page_view' | 'add_to_cart' | 'checkout_started' | 'purchase']> = [
    [0, 'page_view'],
    [0, 'add_to_cart'],
    [0, 'checkout_started'],
    [0, 'purchase'],
    [1, 'page_view'],
    [1, 'add_to_cart'],
    [2, 'page_view'],
  ];
  for (const [i, type] of events) {
    await s.analytics.track(ctx, {
      session_id: DEMO_SESSIONS[i],
      type,
      url: `${shop}/store?utm_source=newsletter&utm_medium=email&utm_campaign=autumn`,
      properties: type === 'purchase' ? { value: 59.9, currency: 'eur' } : null,
    });
  }
  seed.log.debug({ tenantId: seed.tenantId }, 'marketing: demo list, campaign, banner and events created');
}
