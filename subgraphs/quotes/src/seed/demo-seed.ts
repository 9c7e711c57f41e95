import type { SeedContext } from '@svc/kit';
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

/** quotes' part of the demo store: the settings, the ISG configuration and one submitted quote (its PDF link is logged). */
export async function seedDemoQuotes(s: QuotesServices, seed: SeedContext): Promise<void> {
  await s.config.saveSettings(seed.ctx, demoQuoteSettings());
  for (const service of demoQuoteServices()) await s.config.saveService(seed.ctx, service);
  for (const location of demoQuoteLocations()) await s.config.saveLocation(seed.ctx, location);
  // the demo's quote is submitted as the storefront would, its anti-spam check passed
  const submitted = await s.quotes.submit(
    { ...seed.ctx, antispam: { verified: true } },
    {
      name: 'Jane Doe',
      email: 'jane@demo.store',
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
  seed.log.debug({ tenantId: seed.tenantId, number: submitted.quote.number }, 'quotes: demo configuration and quote created');
}
