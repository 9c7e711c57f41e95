import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';

const S = { simpleResolvers: true };

@ObjectType('CartLineItem', S)
class CartLineItemType {
  @Field(() => ID) id!: string;
  @Field() kind!: string;
  @Field() title!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Float) unit_price!: number;
  @Field(() => String, { nullable: true }) variant_id!: string | null;
  @Field(() => String, { nullable: true }) product_id!: string | null;
  @Field(() => String, { nullable: true }) thumbnail!: string | null;
  @Field(() => Float) subtotal!: number;
  @Field(() => Float) discount_total!: number;
  @Field(() => Float) tax_total!: number;
  @Field(() => Float) total!: number;
}

/** A cart: the typed essentials, and `document` with every field of Medusa's StoreCart (what REST answers). */
@ObjectType('Cart', S)
export class CartType {
  @Field(() => ID) id!: string;
  @Field() currency_code!: string;
  @Field() region_id!: string;
  @Field(() => String, { nullable: true }) customer_id!: string | null;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => [CartLineItemType]) items!: CartLineItemType[];
  @Field(() => Float) subtotal!: number;
  @Field(() => Float) discount_total!: number;
  @Field(() => Float) shipping_total!: number;
  @Field(() => Float) tax_total!: number;
  @Field(() => Float) total!: number;
  @Field(() => String, { nullable: true }) completed_at!: string | null;
  @Field(() => JSONScalar, {
    description: "Medusa's StoreCart: lines with tax lines and adjustments, shipping methods, promotions, region, payment collection, every total",
  })
  document!: Record<string, unknown>;
}

/** An order: typed essentials plus `document` (Medusa's StoreOrder). */
@ObjectType('Order', S)
@Directive('@key(fields: "id")')
export class OrderType {
  @Field(() => ID) id!: string;
  @Field(() => Int) display_id!: number;
  @Field() status!: string;
  @Field() payment_status!: string;
  @Field() fulfillment_status!: string;
  @Field(() => String, { nullable: true }) customer_id!: string | null;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field() currency_code!: string;
  @Field(() => Float) total!: number;
  @Field() created_at!: string;
  @Field(() => JSONScalar, { description: "Medusa's StoreOrder" }) document!: Record<string, unknown>;
}

@ObjectType('OrderList')
export class OrderListType extends PaginatedList(OrderType) {}

@ObjectType('CartCompletionError', { ...S, description: "Why a cart was not placed (Medusa's completion error)" })
class CartCompletionErrorType {
  @Field({ description: "the provider's or the platform's message" }) message!: string;
  @Field({ description: 'always Error' }) name!: string;
  @Field({ description: 'payment_authorization_error' }) type!: string;
}

@ObjectType('CartCompletion', S)
export class CartCompletionType {
  @Field({ description: 'order, or cart when the payment was not authorised' }) type!: string;
  @Field(() => OrderType, { nullable: true }) order!: unknown;
  @Field(() => CartType, { nullable: true }) cart!: unknown;
  @Field(() => CartCompletionErrorType, { nullable: true, description: 'when type is cart: why the payment was not authorised' })
  error!: CartCompletionErrorType | null;
}

@ObjectType('PaymentCollection', S)
export class PaymentCollectionType {
  @Field(() => ID) id!: string;
  @Field() currency_code!: string;
  @Field(() => Float) amount!: number;
  @Field() status!: string;
  @Field(() => JSONScalar, { description: "Medusa's StorePaymentCollection with its sessions" }) document!: Record<string, unknown>;
}

@ObjectType('PaymentProvider', S)
export class PaymentProviderType {
  @Field(() => ID) id!: string;
  @Field() is_enabled!: boolean;
}

@ObjectType('ShippingOptionType', S)
class ShippingOptionKindType {
  @Field(() => ID) id!: string;
  @Field() label!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() code!: string;
}

@ObjectType('ShippingOption', S)
export class ShippingOptionType {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() region_id!: string;
  @Field() price_type!: string;
  @Field(() => Float) amount!: number;
  @Field(() => Float, { nullable: true }) per_item!: number | null;
  @Field(() => Float, { nullable: true }) free_above!: number | null;
  @Field(() => ShippingOptionKindType) type!: ShippingOptionKindType;
  @Field() provider_id!: string;
  @Field() enabled!: boolean;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => JSONScalar, {
    nullable: true,
    description: "for a cart: Medusa's StoreCartShippingOption (amount and calculated_price for the cart, prices, provider, type)",
  })
  document?: unknown;
}

@ObjectType('TaxRate', S)
export class TaxRateType {
  @Field(() => ID) id!: string;
  @Field() region_id!: string;
  @Field(() => String, { nullable: true }) country_code!: string | null;
  @Field(() => String, { nullable: true }) province!: string | null;
  @Field() name!: string;
  @Field() code!: string;
  @Field(() => Float) rate!: number;
}

@ObjectType('Promotion', S)
export class PromotionType {
  @Field(() => ID) id!: string;
  @Field() code!: string;
  @Field() is_automatic!: boolean;
  @Field() status!: string;
  @Field(() => JSONScalar) application_method!: Record<string, unknown>;
  @Field(() => String, { nullable: true }) starts_at!: string | null;
  @Field(() => String, { nullable: true }) ends_at!: string | null;
  @Field(() => Int, { nullable: true }) usage_limit!: number | null;
  @Field(() => Int) usage_count!: number;
  @Field(() => Float, { nullable: true }) min_subtotal!: number | null;
}

@ObjectType('PaymentProviderSetting', S)
export class PaymentProviderSettingType {
  @Field(() => ID) id!: string;
  @Field() provider_id!: string;
  @Field() enabled!: boolean;
  @Field(() => [String]) region_ids!: string[];
  @Field(() => JSONScalar, { description: 'secret values are masked' }) settings!: Record<string, unknown>;
}

/** What the checkout asks of each field: `required`, `optional` or `hidden`. */
@ObjectType('CheckoutFields', { ...S, description: 'Per checkout field: required, optional or hidden' })
class CheckoutFieldsType {
  @Field() email!: string;
  @Field() phone!: string;
  @Field() company!: string;
  @Field({ description: 'the second address line' }) address_2!: string;
  @Field() province!: string;
  @Field({ description: 'a billing address other than the shipping address' }) billing_address!: string;
}

@ObjectType('CommerceSettings', S)
export class CommerceSettingsType {
  @Field(() => Int) cancellation_window_hours!: number;
  @Field(() => CheckoutFieldsType) checkout_fields!: CheckoutFieldsType;
}

/** `GET /store/checkout-config`: what the checkout shows. */
@ObjectType('CheckoutConfig', S)
export class CheckoutConfigType {
  @Field(() => CheckoutFieldsType) fields!: CheckoutFieldsType;
  @Field(() => [PaymentProviderType]) payment_providers!: PaymentProviderType[];
  @Field(() => [ShippingOptionType]) shipping_options!: ShippingOptionType[];
  @Field(() => Int) cancellation_window_hours!: number;
}

/** `GET /store/bank-info`: how a shopper pays by bank transfer. */
@ObjectType('BankInfo', { ...S, description: "The store's bank-transfer instructions" })
export class BankInfoType {
  @Field(() => String, { nullable: true, description: 'the account holder named on the transfer' }) account_holder!: string | null;
  @Field(() => String, { nullable: true }) bank_name!: string | null;
  @Field(() => String, { nullable: true }) iban!: string | null;
  @Field(() => String, { nullable: true }) bic!: string | null;
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
  @Field() id!: string;
  @Field(() => PaymentProviderPublicSettingsType) settings!: PaymentProviderPublicSettingsType;
}

@ObjectType('RegionPaymentConfig', { ...S, description: "A region's payment providers" })
class RegionPaymentConfigType {
  @Field() region_id!: string;
  @Field(() => [PaymentProviderPublicConfigType]) payment_providers!: PaymentProviderPublicConfigType[];
}

/** `GET /store/payment-config`: per region, the payment providers and their public settings. */
@ObjectType('PaymentConfig', { ...S, description: 'Per region, the payment providers and their public settings' })
export class PaymentConfigType {
  @Field(() => [RegionPaymentConfigType]) regions!: RegionPaymentConfigType[];
}

/** The identity's Customer, as commerce extends it (orders). */
@ObjectType('Customer', S)
@Directive('@key(fields: "id")')
export class CustomerRefType {
  @Field(() => ID) id!: string;
}
