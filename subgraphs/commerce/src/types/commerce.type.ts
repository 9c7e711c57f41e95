import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('CartLineItem', { ...S, description: 'A line of a cart: a product variant, event tickets or seats on a tour departure, priced when added' })
class CartLineItemType {
  @Field(() => ID, { description: "The line's id (cali_…), for updateCartLineItem and the delete mutations" }) id!: string;
  @Field({ description: 'What the line sells: product, event_ticket or tour_booking' }) kind!: string;
  @Field({ description: "The variant's, ticket type's or departure's title as it was when added" }) title!: string;
  @Field(() => Int, { description: 'How many units (tickets, seats), at least 1' }) quantity!: number;
  @Field(() => Float, { description: "The price of one unit, before discounts and tax, in major units of the cart's currency (12.5 is 12.50)" })
  unit_price!: number;
  @Field(() => String, { nullable: true, description: 'The product variant of a product line; null for event tickets and tours' }) variant_id!: string | null;
  @Field(() => String, { nullable: true, description: 'The product of a product line; null for event tickets and tours' }) product_id!: string | null;
  @Field(() => String, { nullable: true, description: 'An image URL to show with the line, when the catalog has one' }) thumbnail!: string | null;
  @Field(() => Float, { description: 'unit_price × quantity, before discounts and tax (major units)' }) subtotal!: number;
  @Field(() => Float, { description: "What the cart's promotions take off this line, their tax share included (major units)" }) discount_total!: number;
  @Field(() => Float, { description: "The line's tax after discounts, from the rates of the shipping address (major units)" }) tax_total!: number;
  @Field(() => Float, { description: 'What the line costs: subtotal minus its discount plus tax (major units)' }) total!: number;
}

/** A cart: the typed essentials, and `document` with every field of Medusa's StoreCart (what REST answers). */
@ObjectType('Cart', { ...S, description: "A shopper's cart: its lines and totals in the region's currency, until completeCart places it as an order" })
export class CartType {
  @Field(() => ID, { description: "The cart's id (cart_…): a guest cart is open to whoever holds it, a customer's cart only to that customer (and staff)" })
  id!: string;
  @Field({ description: "The cart's currency, its region's: ISO 4217, lower-case (eur)" }) currency_code!: string;
  @Field({ description: 'The region (reg_…) whose prices, tax rates, shipping options and payment providers apply' }) region_id!: string;
  @Field(() => String, { nullable: true, description: 'The signed-in customer the cart belongs to (cus_…); null for a guest cart' }) customer_id!:
    string | null;
  @Field(() => String, { nullable: true, description: "The email the order confirmation goes to; null until given (a signed-in customer's email by default)" })
  email!: string | null;
  @Field(() => [CartLineItemType], { description: "The cart's lines, in the order they were added" }) items!: CartLineItemType[];
  @Field(() => Float, { description: 'The lines plus shipping, before discounts and tax (major units of currency_code)' }) subtotal!: number;
  @Field(() => Float, { description: 'What the promotions take off, their tax share included (major units)' }) discount_total!: number;
  @Field(() => Float, { description: "The chosen shipping method's price with its tax, after discounts (major units); 0 without one" }) shipping_total!: number;
  @Field(() => Float, { description: 'The tax on lines and shipping after discounts (major units)' }) tax_total!: number;
  @Field(() => Float, { description: 'What the shopper pays: subtotal minus discounts plus tax (major units)' }) total!: number;
  @Field(() => String, { nullable: true, description: 'When the cart was placed as an order (ISO 8601, UTC); null while it is open' }) completed_at!:
    string | null;
  @Field(() => JSONScalar, {
    description: "Medusa's StoreCart: lines with tax lines and adjustments, shipping methods, promotions, region, payment collection, every total",
  })
  document!: Record<string, unknown>;
}

/** An order: typed essentials plus `document` (Medusa's StoreOrder). */
@ObjectType('Order', { ...S, description: "A placed order: its state, its customer and its total; document has Medusa's full StoreOrder" })
@Directive('@key(fields: "id")')
export class OrderType {
  @Field(() => ID, { description: "The order's id (order_…)" }) id!: string;
  @Field(() => Int, { description: "The store's order number: 1, 2, 3… per store, for people (emails, support)" }) display_id!: number;
  @Field({ description: 'pending, completed, canceled, archived or requires_action' }) status!: string;
  @Field({ description: 'not_paid, awaiting, authorized, captured, refunded, canceled or requires_action' }) payment_status!: string;
  @Field({ description: 'not_fulfilled, fulfilled, shipped, delivered or canceled' }) fulfillment_status!: string;
  @Field(() => String, { nullable: true, description: 'The customer who owns the order (cus_…); null for a guest order' }) customer_id!: string | null;
  @Field(() => String, { nullable: true, description: "The email the order's mails go to; null when the order has none" }) email!: string | null;
  @Field({ description: "The order's currency: ISO 4217, lower-case (eur)" }) currency_code!: string;
  @Field(() => Float, { description: 'What the order costs with shipping, discounts and tax (major units of currency_code)' }) total!: number;
  @Field({ description: 'When the order was placed (ISO 8601, UTC)' }) created_at!: string;
  @Field(() => JSONScalar, { description: "Medusa's StoreOrder" }) document!: Record<string, unknown>;
}

@ObjectType('OrderList', { description: 'A page of orders, newest first' })
export class OrderListType extends PaginatedList(OrderType) {}

@ObjectType('CartCompletionError', { ...S, description: "Why a cart was not placed (Medusa's completion error)" })
class CartCompletionErrorType {
  @Field({ description: "the provider's or the platform's message" }) message!: string;
  @Field({ description: 'always Error' }) name!: string;
  @Field({ description: 'payment_authorization_error' }) type!: string;
}

@ObjectType('CartCompletion', { ...S, description: 'What completeCart answers: the order, or the cart when the payment was not authorised' })
export class CartCompletionType {
  @Field({ description: 'order, or cart when the payment was not authorised' }) type!: string;
  @Field(() => OrderType, { nullable: true, description: 'The placed order, when type is order' }) order!: unknown;
  @Field(() => CartType, { nullable: true, description: 'The cart, still open, when type is cart' }) cart!: unknown;
  @Field(() => CartCompletionErrorType, { nullable: true, description: 'when type is cart: why the payment was not authorised' })
  error!: CartCompletionErrorType | null;
}

@ObjectType('PaymentCollection', { ...S, description: "A cart's payment: the amount to pay and the sessions opened with the providers (in document)" })
export class PaymentCollectionType {
  @Field(() => ID, { description: "The collection's id (pay_col_…), for initiatePaymentSession" }) id!: string;
  @Field({ description: "The cart's currency: ISO 4217, lower-case" }) currency_code!: string;
  @Field(() => Float, { description: "The amount to pay: the cart's total when the collection was last refreshed (major units)" }) amount!: number;
  @Field({ description: 'not_paid, awaiting, authorized, partially_authorized, canceled, completed or failed' }) status!: string;
  @Field(() => JSONScalar, { description: "Medusa's StorePaymentCollection with its sessions" }) document!: Record<string, unknown>;
}

@ObjectType('PaymentProvider', { ...S, description: 'A payment provider offered in a region' })
export class PaymentProviderType {
  @Field(() => ID, {
    description: "The provider's id as Medusa names it: pp_system_default (manual), pp_stripe_stripe, pp_paypal_paypal, pp_bank-transfer_default",
  })
  id!: string;
  @Field({ description: 'Always true: only enabled providers are listed' }) is_enabled!: boolean;
}

@ObjectType('ShippingOptionType', { ...S, description: 'The kind of a shipping option (standard, express…)' })
class ShippingOptionKindType {
  @Field(() => ID, { description: "The type's id (the option's id with the suffix _type)" }) id!: string;
  @Field({ description: 'The name to show (Standard by default)' }) label!: string;
  @Field(() => String, { nullable: true, description: 'A longer text to show, e.g. delivery times; null when none' }) description!: string | null;
  @Field({ description: 'A machine name (standard by default)' }) code!: string;
}

@ObjectType('ShippingOption', { ...S, description: 'A way to ship in a region, with its price rule' })
export class ShippingOptionType {
  @Field(() => ID, { description: "The option's id (so_…), for addCartShippingMethod" }) id!: string;
  @Field({ description: 'The name to show' }) name!: string;
  @Field({ description: 'The region the option ships in' }) region_id!: string;
  @Field({ description: 'flat (always amount) or calculated (amount plus per_item for every unit in the cart, free from free_above)' }) price_type!: string;
  @Field(() => Float, {
    description: "The base price (major units of the region's currency); for a cart (cartShippingOptions, calculateShippingOption) the price for that cart",
  })
  amount!: number;
  @Field(() => Float, { nullable: true, description: 'calculated options: added for every unit in the cart (major units); null when not' }) per_item!:
    number | null;
  @Field(() => Float, {
    nullable: true,
    description: "calculated options: free when the cart's items subtotal reaches this amount (major units); null when never free",
  })
  free_above!: number | null;
  @Field(() => ShippingOptionKindType, { description: "The option's kind (standard, express…)" }) type!: ShippingOptionKindType;
  @Field({ description: 'The fulfilment provider (manual_manual by default)' }) provider_id!: string;
  @Field({ description: 'Offered at checkout; disabled options are listed only to admins' }) enabled!: boolean;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data; null when none' }) metadata!: Record<string, unknown> | null;
  @Field({ description: 'When the option was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the option last changed (ISO 8601, UTC)' }) updated_at!: string;
  @Field(() => JSONScalar, {
    nullable: true,
    description: "for a cart: Medusa's StoreCartShippingOption (amount and calculated_price for the cart, prices, provider, type)",
  })
  document?: unknown;
}

@ObjectType('TaxRate', {
  ...S,
  description:
    'A tax rate of a region: its default (no country), or for one country, optionally one province; the most specific one matching the shipping address applies',
})
export class TaxRateType {
  @Field(() => ID, { description: "The rate's id (txr_…)" }) id!: string;
  @Field({ description: 'The region it applies in (reg_…)' }) region_id!: string;
  @Field(() => String, { nullable: true, description: "ISO 3166-1 alpha-2 country code, lower-case (de); null for the region's default rate" }) country_code!:
    string | null;
  @Field(() => String, { nullable: true, description: 'The province or state it is limited to; null for the whole country' }) province!: string | null;
  @Field({ description: 'The name shown on tax lines (VAT)' }) name!: string;
  @Field({ description: 'A short code kept on tax lines (vat-de)' }) code!: string;
  @Field(() => Float, { description: 'The rate in percent (19 is 19 %, up to 4 decimals)' }) rate!: number;
}

@ObjectType('Promotion', { ...S, description: 'A promotion: a code shoppers enter, or an automatic discount' })
export class PromotionType {
  @Field(() => ID, { description: "The promotion's id (promo_…)" }) id!: string;
  @Field({ description: 'The code, upper-case (unique in the store); shoppers enter it in any case' }) code!: string;
  @Field({ description: 'Applies to every eligible cart without a code' }) is_automatic!: boolean;
  @Field({ description: 'active or inactive (inactive promotions never apply)' }) status!: string;
  @Field(() => JSONScalar, {
    description:
      'How it discounts: type (percentage or fixed), value (percent or major units), currency_code (fixed), target_type (items, shipping_methods or order), allocation (across or each)',
  })
  application_method!: Record<string, unknown>;
  @Field(() => String, { nullable: true, description: 'From when it applies (ISO 8601, UTC); null: already' }) starts_at!: string | null;
  @Field(() => String, { nullable: true, description: 'Until when it applies (ISO 8601, UTC); null: no end' }) ends_at!: string | null;
  @Field(() => Int, { nullable: true, description: 'How many orders may use it; null: no limit' }) usage_limit!: number | null;
  @Field(() => Int, { description: 'How many orders have used it' }) usage_count!: number;
  @Field(() => Float, { nullable: true, description: 'The items subtotal a cart needs for it to apply (major units); null: none' }) min_subtotal!:
    number | null;
}

@ObjectType('PaymentProviderSetting', { ...S, description: 'A payment provider as the store configured it' })
export class PaymentProviderSettingType {
  @Field(() => ID, { description: "The setting's id (pps_…)" }) id!: string;
  @Field({ description: 'pp_system_default, pp_bank-transfer_default, pp_stripe_stripe or pp_paypal_paypal' }) provider_id!: string;
  @Field({ description: 'Offered at checkout' }) enabled!: boolean;
  @Field(() => [String], { description: 'The regions it is offered in; empty: every region' }) region_ids!: string[];
  @Field(() => JSONScalar, { description: 'secret values are masked' }) settings!: Record<string, unknown>;
}

/** What the checkout asks of each field: `required`, `optional` or `hidden`. */
@ObjectType('CheckoutFields', { ...S, description: 'Per checkout field: required, optional or hidden' })
class CheckoutFieldsType {
  @Field({ description: "The shopper's email: required, optional or hidden" }) email!: string;
  @Field({ description: 'A phone number: required, optional or hidden' }) phone!: string;
  @Field({ description: 'A company name: required, optional or hidden' }) company!: string;
  @Field({ description: 'the second address line' }) address_2!: string;
  @Field({ description: 'The province or state: required, optional or hidden' }) province!: string;
  @Field({ description: 'a billing address other than the shipping address' }) billing_address!: string;
}

@ObjectType('CommerceSettings', { ...S, description: "The store's checkout settings" })
export class CommerceSettingsType {
  @Field(() => Int, { description: 'How many hours after placing it a shopper may cancel an unfulfilled order (24 by default)' })
  cancellation_window_hours!: number;
  @Field(() => CheckoutFieldsType, { description: 'Per checkout field: required, optional or hidden' }) checkout_fields!: CheckoutFieldsType;
}

/** `GET /store/checkout-config`: what the checkout shows. */
@ObjectType('CheckoutConfig', {
  ...S,
  description: 'What the checkout shows: the fields it asks for, the payment providers and shipping options, the cancellation window',
})
export class CheckoutConfigType {
  @Field(() => CheckoutFieldsType, { description: "Per checkout field: required, optional or hidden (the store's settings)" }) fields!: CheckoutFieldsType;
  @Field(() => [PaymentProviderType], { description: 'The enabled payment providers (of the region when one is given)' })
  payment_providers!: PaymentProviderType[];
  @Field(() => [ShippingOptionType], { description: 'The enabled shipping options (of the region when one is given), with their base prices' })
  shipping_options!: ShippingOptionType[];
  @Field(() => Int, { description: 'How many hours after placing it a shopper may cancel an unfulfilled order (cancelOrder)' })
  cancellation_window_hours!: number;
}

/** `GET /store/bank-info`: how a shopper pays by bank transfer. */
@ObjectType('BankInfo', { ...S, description: "The store's bank-transfer instructions" })
export class BankInfoType {
  @Field(() => String, { nullable: true, description: 'the account holder named on the transfer' }) account_holder!: string | null;
  @Field(() => String, { nullable: true, description: 'The bank; null when the store has not set it' }) bank_name!: string | null;
  @Field(() => String, { nullable: true, description: "The account's IBAN; null when the store has not set it" }) iban!: string | null;
  @Field(() => String, { nullable: true, description: "The bank's BIC (SWIFT code); null when the store has not set it" }) bic!: string | null;
  @Field({ description: "the store's instructions, or a default text" }) instructions!: string;
  @Field({ description: 'where the payment reference comes from' }) reference_hint!: string;
}

/** A payment provider's settings a storefront needs (each provider has only its own; the others are absent or null). */
@ObjectType('PaymentProviderPublicSettings', { ...S, description: "A payment provider's public settings (never a secret)" })
class PaymentProviderPublicSettingsType {
  @Field(() => String, { nullable: true, description: 'Stripe: the publishable key for Stripe.js' }) publishable_key?: string | null;
  @Field(() => String, { nullable: true, description: 'PayPal: the client id for the JavaScript SDK' }) client_id?: string | null;
  @Field(() => String, { nullable: true, description: 'PayPal: sandbox or live' }) mode?: string | null;
  @Field(() => String, { nullable: true, description: 'bank transfer: the bank' }) bank_name?: string | null;
  @Field(() => String, { nullable: true, description: 'bank transfer: the account holder' }) account_holder?: string | null;
}

@ObjectType('PaymentProviderPublicConfig', { ...S, description: 'A payment provider of a region with its public settings' })
class PaymentProviderPublicConfigType {
  @Field({ description: "The provider's id (pp_stripe_stripe, pp_paypal_paypal, pp_bank-transfer_default, pp_system_default)" }) id!: string;
  @Field(() => PaymentProviderPublicSettingsType, { description: "The provider's public settings: only its own fields are set" })
  settings!: PaymentProviderPublicSettingsType;
}

@ObjectType('RegionPaymentConfig', { ...S, description: "A region's payment providers" })
class RegionPaymentConfigType {
  @Field({ description: 'The region (reg_…)' }) region_id!: string;
  @Field(() => [PaymentProviderPublicConfigType], { description: 'The enabled providers of the region, by id' })
  payment_providers!: PaymentProviderPublicConfigType[];
}

/** `GET /store/payment-config`: per region, the payment providers and their public settings. */
@ObjectType('PaymentConfig', { ...S, description: 'Per region, the payment providers and their public settings' })
export class PaymentConfigType {
  @Field(() => [RegionPaymentConfigType], { description: 'One entry per region asked for (or every region with shipping options or tax rates)' })
  regions!: RegionPaymentConfigType[];
}

/** The identity's Customer, as commerce extends it (orders). */
@ObjectType('Customer', { ...S, description: 'A customer of the store: the profile, its addresses and sign-in state (the commerce domain adds orders)' })
@Directive('@key(fields: "id")')
export class CustomerRefType {
  @Field(() => ID, { description: 'The customer id (cus_…)' }) id!: string;
}
