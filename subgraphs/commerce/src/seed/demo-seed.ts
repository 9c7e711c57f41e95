import type { SeedContext } from '@svc/kit';
import type { CommerceServices } from '../services';

/** Shipping, taxes, a promotion and the bank account of the demo store, per region currency. */
export const demoCommerceSetup = {
  shipping: [
    {
      name: 'Standard Shipping',
      type_label: 'Standard',
      type_code: 'standard',
      type_description: 'Delivered in 3–5 business days',
      amount: '4.95',
      price_type: 'calculated' as const,
      free_above: '75',
    },
    {
      name: 'Express Shipping',
      type_label: 'Express',
      type_code: 'express',
      type_description: 'Delivered next business day',
      amount: '14.95',
      price_type: 'flat' as const,
    },
  ],
  /** region currency -> [default rate name, code, percent] plus per-country rates */
  taxes: {
    eur: {
      name: 'VAT',
      code: 'VAT',
      rate: '19',
      countries: [
        { country_code: 'fr', name: 'TVA', code: 'TVA', rate: '20' },
        { country_code: 'it', name: 'IVA', code: 'IVA', rate: '22' },
      ],
    },
    usd: { name: 'Sales tax', code: 'SALES', rate: '7.25', countries: [] as Array<{ country_code: string; name: string; code: string; rate: string }> },
    gbp: { name: 'VAT', code: 'VAT', rate: '20', countries: [] as Array<{ country_code: string; name: string; code: string; rate: string }> },
  } as Record<string, { name: string; code: string; rate: string; countries: Array<{ country_code: string; name: string; code: string; rate: string }> }>,
  promotions: [
    { code: 'WELCOME10', type: 'percentage' as const, value: '10', target_type: 'items' as const },
    { code: 'FREESHIP', type: 'percentage' as const, value: '100', target_type: 'shipping_methods' as const },
  ],
  bank: {
    account_holder: 'Demo Store GmbH',
    bank_name: 'Example Bank',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    instructions: 'Transfer the order total within 7 days; put the payment reference shown with your order on the transfer.',
  },
};

/** commerce's part of the demo store: created like an admin would, once the catalog's regions exist. */
export async function seedDemoCommerce(s: CommerceServices, seed: SeedContext): Promise<void> {
  const { ctx } = seed;
  const regions = await s.catalog.allRegions(ctx);
  for (const region of regions) {
    for (const o of demoCommerceSetup.shipping) await s.setup.saveShippingOption(ctx, null, { ...o, region_id: region.id });
    const tax = demoCommerceSetup.taxes[region.currency_code];
    if (tax) {
      await s.setup.saveTaxRate(ctx, null, { region_id: region.id, name: tax.name, code: tax.code, rate: tax.rate });
      for (const c of tax.countries) await s.setup.saveTaxRate(ctx, null, { region_id: region.id, ...c });
    }
  }
  for (const p of demoCommerceSetup.promotions) await s.setup.savePromotion(ctx, null, p);
  await s.setup.saveProviderSetting(ctx, { provider_id: 'pp_system_default', enabled: true, region_ids: [] });
  await s.setup.saveProviderSetting(ctx, { provider_id: 'pp_bank-transfer_default', enabled: true, region_ids: [], settings: demoCommerceSetup.bank });
  // one placed order, so the admin's order list and the order events show something at once
  const europe = regions.find((r) => r.currency_code === 'eur') ?? regions[0];
  const variants = await s.catalog.sampleVariants(ctx, 2);
  if (europe && variants.length) {
    const address = {
      first_name: 'Mia',
      last_name: 'Schneider',
      address_1: 'Torstraße 12',
      city: 'Berlin',
      postal_code: '10119',
      country_code: 'de',
      phone: '+49 30 1234567',
    };
    const cart = await s.carts.create(ctx, {
      region_id: europe.id,
      email: 'mia.schneider@example.com',
      items: variants.map((variant_id) => ({ variant_id, quantity: 1 })),
      shipping_address: address,
      billing_address: address,
    });
    const [standard] = await s.setup.listShippingOptions(ctx, europe.id);
    await s.carts.addShippingMethod(ctx, cart.id, { option_id: standard.id });
    const pc = await s.payments.collectionFor(ctx, cart.id);
    await s.payments.initiateSession(ctx, pc.id, { provider_id: 'pp_system_default' });
    await s.orders.complete(ctx, cart.id);
  }
  seed.log.debug({ tenantId: seed.tenantId, regions: regions.length }, 'commerce: shipping, taxes, promotions, payment providers and a first order seeded');
}
