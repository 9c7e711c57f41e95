import type { RequestContext, SeedContext } from '@svc/kit';
import type { SaveQuoteLocationData, SaveQuoteServiceData, SaveQuoteSettingsData } from '../inputs/quote.input';
import type { QuotesServices } from '../services';

/** The demo store's quote settings: euros, 30 days, three custom fields. */
const demoQuoteSettings = (): SaveQuoteSettingsData => ({
  currency_code: 'eur',
  validity_days: 30,
  notification_email: 'quotes@demo.store',
  form_fields: [
    { key: 'project_start', label: 'Project start', type: 'date', required: true },
    { key: 'team_size', label: 'Team size', type: 'number', required: false },
    { key: 'fabric', label: 'Fabric', type: 'select', required: false, options: ['Cotton', 'Linen', 'Wool'] },
    { key: 'rush', label: 'Rush order', type: 'boolean', required: false },
  ],
});

/** Two quotable services of the demo store. */
const demoQuoteServices = (): SaveQuoteServiceData[] => [
  { handle: 'uniform-fitting', name: 'Uniform fitting', description: 'Our tailor measures your team on site.', unit: 'hour', base_rate: 85 },
  { handle: 'logo-embroidery', name: 'Logo embroidery', description: 'Your logo embroidered on every garment.', unit: 'piece', base_rate: 6.5 },
];

/** The ISG locations of the demo store: three cities with their modifiers. */
const demoQuoteLocations = (): SaveQuoteLocationData[] => [
  { handle: 'berlin', name: 'Berlin', modifier: 1 },
  { handle: 'munich', name: 'Munich', modifier: 1.15 },
  { handle: 'hamburg', name: 'Hamburg', modifier: 1.05 },
];

const DEMO_REQUESTER_EMAIL = 'jane@demo.store';

/**
 * quotes' part of the demo store: the settings, the ISG configuration and one submitted quote,
 * Jane's: she is found through identity's port (so it works in the scale-out layout too) and the
 * quote is submitted as her, so her customer token opens its PDF. Without a Jane (a store seeded
 * without identity's demo customer) the quote is a guest's, its PDF behind the mailed link only.
 */
export async function seedDemoQuotes(s: QuotesServices, seed: SeedContext): Promise<void> {
  await s.config.saveSettings(seed.ctx, demoQuoteSettings());
  for (const service of demoQuoteServices()) await s.config.saveService(seed.ctx, service);
  for (const location of demoQuoteLocations()) await s.config.saveLocation(seed.ctx, location);
  const jane = await s.quotes.customerByEmail(seed.ctx, DEMO_REQUESTER_EMAIL);
  const as: RequestContext = jane ? { ...seed.ctx, actor: { type: 'customer', id: jane.id }, roles: ['customer'] } : seed.ctx;
  // the demo's quote is submitted as the storefront would, its anti-spam check passed
  const submitted = await s.quotes.submit(
    { ...as, antispam: { verified: true } },
    {
      name: 'Jane Doe',
      email: DEMO_REQUESTER_EMAIL,
      company: 'Doe & Partners',
      locale: 'en',
      services: [
        { service_id: 'uniform-fitting', location_id: 'munich', quantity: 3 },
        { service_id: 'logo-embroidery', location_id: 'berlin', quantity: 40 },
      ],
      fields: { project_start: '2027-03-01', team_size: 12, fabric: 'Linen', rush: false },
      message: 'Uniforms for our new shop team, with our logo on the chest.',
    },
  );
  seed.log.debug({ tenantId: seed.tenantId, number: submitted.quote.number, customerId: jane?.id ?? null }, 'quotes: demo configuration and quote created');
}
