import { DomainError, Errors, withRawAmounts, type RequestContext } from '@svc/kit';
import { itemSubtotal } from './totals';
import { shippingPrice, type CartService } from './cart.service';
import { shippingOptionView, type SetupService, type ShippingOptionView } from './setup.service';
import type { PaymentService } from './payment.service';

/** Public settings of a provider a storefront may see (never a secret). */
const PUBLIC_SETTINGS: Record<string, string[]> = {
  pp_stripe_stripe: ['publishable_key'],
  pp_paypal_paypal: ['client_id', 'mode'],
  'pp_bank-transfer_default': ['bank_name', 'account_holder'],
  pp_system_default: [],
};

/** Medusa's calculated price of a shipping option for a cart: the one price of the option (no price lists). */
function calculatedPrice(optionId: string, amount: number, currencyCode: string) {
  const price = { id: `${optionId}_price`, price_list_id: null, price_list_type: null, min_quantity: null, max_quantity: null };
  return withRawAmounts(
    {
      id: `${optionId}_price_set`,
      is_calculated_price_price_list: false,
      is_calculated_price_tax_inclusive: false,
      calculated_amount: amount,
      is_original_price_price_list: false,
      is_original_price_tax_inclusive: false,
      original_amount: amount,
      currency_code: currencyCode,
      calculated_price: price,
      original_price: price,
    },
    ['calculated_amount', 'original_amount'],
  );
}

/**
 * Medusa's service zone of an option: the platform ships a region's options from one shipping
 * fulfilment set per region and keeps no stock locations, so the location has no address lines
 * (its keys answer null).
 */
function serviceZone(regionId: string) {
  return {
    id: `sz_${regionId}`,
    fulfillment_set_id: `fuset_${regionId}`,
    fulfillment_set: {
      id: `fuset_${regionId}`,
      type: 'shipping',
      location: {
        id: `sloc_${regionId}`,
        address: {
          id: `laddr_${regionId}`,
          address_1: null,
          address_2: null,
          company: null,
          city: null,
          country_code: null,
          phone: null,
          province: null,
          postal_code: null,
          metadata: null,
          created_at: null,
          updated_at: null,
          deleted_at: null,
        },
      },
    },
  };
}

/** What a storefront's checkout reads: shipping options priced for a cart, checkout and payment configuration, bank details. */
export class CheckoutService {
  constructor(
    private readonly carts: CartService,
    private readonly setup: SetupService,
    private readonly payments: PaymentService,
  ) {}

  /** The enabled options of the cart's region, each with its price for this cart (Medusa's `amount` and `calculated_price`). */
  async optionsForCart(ctx: RequestContext, cartId: string): Promise<Array<ShippingOptionView & Record<string, unknown>>> {
    // the lines and region only: a whole cart document (payment collection, totals) is not needed here
    const cart = await this.carts.lines(ctx, cartId);
    const shape = {
      units: cart.items.reduce((s, i) => s + i.quantity, 0),
      itemSubtotal: cart.items.reduce((s, i) => s + itemSubtotal({ unit_price: i.unit_price, quantity: i.quantity }), 0n),
    };
    const options = (await this.setup.shippingOptionsOf(ctx, cart.region_id)).filter((o) => o.enabled);
    return options.map((o) => {
      const amount = Number(shippingPrice(o, shape));
      const view = shippingOptionView(o);
      return {
        ...view,
        amount,
        is_tax_inclusive: false,
        calculated_price: calculatedPrice(o.id, amount, cart.currency_code),
        prices: [
          withRawAmounts(
            {
              id: `${o.id}_price`,
              title: null,
              currency_code: cart.currency_code,
              amount: Number(o.amount),
              min_quantity: null,
              max_quantity: null,
              rules_count: 1,
              price_set_id: `${o.id}_price_set`,
              price_list_id: null,
              price_list: null,
              // an option's price is its region's (the option belongs to one region)
              price_rules: [
                {
                  id: `${o.id}_price_rule`,
                  attribute: 'region_id',
                  value: o.regionId,
                  operator: 'eq',
                  priority: 0,
                  price_id: `${o.id}_price`,
                  created_at: view.created_at,
                  updated_at: view.updated_at,
                  deleted_at: null,
                },
              ],
              created_at: view.created_at,
              updated_at: view.updated_at,
              deleted_at: null,
            },
            ['amount', 'min_quantity', 'max_quantity'],
          ),
        ],
        rules: [
          { attribute: 'enabled_in_store', value: String(o.enabled), operator: 'eq' },
          // the platform has no return shipping: every option is an outbound one
          { attribute: 'is_return', value: 'false', operator: 'eq' },
        ],
        service_zone_id: `sz_${o.regionId}`,
        service_zone: serviceZone(o.regionId),
        shipping_profile_id: 'sp_default',
        provider: { id: o.providerId, is_enabled: true },
        data: o.data,
        insufficient_inventory: false,
      };
    });
  }

  async optionForCart(ctx: RequestContext, optionId: string, cartId: string) {
    const found = (await this.optionsForCart(ctx, cartId)).find((o) => o.id === optionId);
    if (!found) throw Errors.notFound('Shipping option', optionId);
    return found;
  }

  async config(ctx: RequestContext, regionId: string | null) {
    const settings = await this.setup.settings(ctx);
    return {
      fields: settings.checkout_fields,
      cancellation_window_hours: settings.cancellation_window_hours,
      payment_providers: regionId
        ? await this.payments.listProviders(ctx, regionId)
        : (await this.setup.listProviderSettings(ctx)).filter((p) => p.enabled).map((p) => ({ id: p.provider_id, is_enabled: true })),
      shipping_options: (await this.setup.listShippingOptions(ctx, regionId ?? undefined)).filter((o) => o.enabled),
    };
  }

  /** Per region (or the one asked): the providers offered there and their public settings. */
  async paymentConfig(ctx: RequestContext, regionId: string | null) {
    const options = await this.setup.listShippingOptions(ctx);
    const rates = await this.setup.listTaxRates(ctx);
    const regionIds = regionId ? [regionId] : [...new Set([...options.map((o) => o.region_id), ...rates.map((r) => r.region_id)])];
    const regions = [];
    for (const id of regionIds) {
      const providers = await this.setup.providersFor(ctx, id);
      regions.push({
        region_id: id,
        payment_providers: providers.map((p) => ({
          id: p.id,
          settings: Object.fromEntries(Object.entries(p.settings).filter(([k]) => (PUBLIC_SETTINGS[p.id] ?? []).includes(k))),
        })),
      });
    }
    return { regions };
  }

  /** The tenant's bank-transfer instructions (404 provider_not_enabled when it does not offer bank transfer). */
  async bankInfo(ctx: RequestContext) {
    const s = await this.setup.providerSettings(ctx, 'pp_bank-transfer_default');
    const row = (await this.setup.listProviderSettings(ctx)).find((p) => p.provider_id === 'pp_bank-transfer_default');
    if (!s || !row?.enabled) throw new DomainError('not_found', 'provider_not_enabled', 'Bank transfer is not enabled for this store');
    const text = (k: string) => (typeof s[k] === 'string' ? (s[k] as string) : null);
    return {
      account_holder: text('account_holder'),
      bank_name: text('bank_name'),
      iban: text('iban'),
      bic: text('bic'),
      instructions: text('instructions') ?? 'Please transfer the order total to the account below and put your order number as the payment reference.',
      reference_hint: 'Use the payment reference shown with your order.',
    };
  }
}
