import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';

/**
 * The typed parts of commerce's Medusa documents (services/medusa-shape.ts, cart.service.ts
 * `document`, order.service.ts `document`, checkout.service.ts): each field reads the same key of
 * the document the REST facade answers, so GraphQL and REST show one source.
 */

const S = { simpleResolvers: true };

/** The catalog's value type too (`@shareable`): one RawAmount in the graph. */
@ObjectType('RawAmount', { ...S, description: "Medusa's raw_<amount> twin of an amount: the exact decimal as a string and BigNumber's precision" })
@Directive('@shareable')
class RawAmountType {
  @Field({ description: 'the amount as a decimal string (17.5 is "17.5")' }) value!: string;
  @Field(() => Int, { description: 'always 20' }) precision!: number;
}

/** Medusa's `raw_<key>` twins of a type's amounts (kit `withRawAmounts` writes them into the document): a RawAmount field beside each. */
export function rawTwins(cls: { prototype: object }, keys: readonly string[]): void {
  for (const k of keys)
    Field(() => RawAmountType, { nullable: true, description: `${k} as Medusa's BigNumber (exact decimal and precision)` })(cls.prototype, `raw_${k}`);
}

/** The key of a record Medusa soft-deletes; the platform does not (always null). */
const DELETED_AT = { nullable: true, description: 'always null (nothing is soft-deleted)' } as const;

/** The totals of a line or shipping method that have raw twins in an order. */
export const LINE_TOTAL_KEYS = [
  'subtotal',
  'total',
  'original_subtotal',
  'original_total',
  'discount_subtotal',
  'discount_tax_total',
  'discount_total',
  'tax_total',
  'original_tax_total',
] as const;

/** The nine totals of a line or shipping method (totals.ts `totalsView`). */
@ObjectType('LineTotals', S)
export abstract class LineTotalsType {
  @Field(() => Float, { description: 'before discounts and taxes' }) subtotal!: number;
  @Field(() => Float, { description: 'after discounts, with taxes' }) total!: number;
  @Field(() => Float, { description: 'before discounts, without taxes (the same as subtotal)' }) original_subtotal!: number;
  @Field(() => Float, { description: 'before discounts, with taxes' }) original_total!: number;
  @Field(() => Float, { description: 'the discounts, before taxes' }) discount_subtotal!: number;
  @Field(() => Float, { description: 'the tax the discounts take off' }) discount_tax_total!: number;
  @Field(() => Float, { description: 'the discounts, with their taxes' }) discount_total!: number;
  @Field(() => Float, { description: 'the taxes, after discounts' }) tax_total!: number;
  @Field(() => Float, { description: 'the taxes before discounts' }) original_tax_total!: number;
}

@ObjectType('CartAddress', { ...S, description: "A cart's or order's address (Medusa's: every key present, unset ones null)" })
export class CartAddressType {
  @Field(() => ID, { nullable: true, description: 'the address id (null on an address set without one)' }) id!: string | null;
  @Field(() => String, { nullable: true, description: 'the customer the address was copied from, if any' }) customer_id!: string | null;
  @Field(() => String, { nullable: true, description: 'first name' }) first_name!: string | null;
  @Field(() => String, { nullable: true, description: 'last name' }) last_name!: string | null;
  @Field(() => String, { nullable: true, description: 'company' }) company!: string | null;
  @Field(() => String, { nullable: true, description: 'the first address line' }) address_1!: string | null;
  @Field(() => String, { nullable: true, description: 'the second address line' }) address_2!: string | null;
  @Field(() => String, { nullable: true, description: 'city' }) city!: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 code, lower case' }) country_code!: string | null;
  @Field(() => String, { nullable: true, description: 'province or state' }) province!: string | null;
  @Field(() => String, { nullable: true, description: 'postal code' }) postal_code!: string | null;
  @Field(() => String, { nullable: true, description: 'phone number' }) phone!: string | null;
  @Field(() => JSONScalar, { nullable: true, description: 'free-form data of the address' }) metadata!: Record<string, unknown> | null;
  @Field(() => String, { nullable: true, description: 'when it was created (ISO 8601)' }) created_at!: string | null;
  @Field(() => String, { nullable: true, description: 'when it was last changed (ISO 8601)' }) updated_at!: string | null;
  @Field(() => String, DELETED_AT) deleted_at!: null;
}

@ObjectType('CartTaxLine', { ...S, description: "A tax line of a cart's or order's line or shipping method" })
export class CartTaxLineType {
  @Field(() => ID, { description: 'the tax line id' }) id!: string;
  @Field({ description: "the tax rate's code" }) code!: string;
  @Field(() => Float, { description: 'the rate in percent' }) rate!: number;
  @Field(() => String, { nullable: true, description: "the tax rate's name" }) description!: string | null;
  @Field(() => String, { nullable: true, description: 'the tax rate it comes from' }) tax_rate_id!: string | null;
  @Field({ description: 'always system (the platform computes taxes)' }) provider_id!: string;
  @Field(() => String, { nullable: true, description: 'the line it taxes (null on a shipping method)' }) item_id!: string | null;
  @Field(() => String, { nullable: true, description: 'the shipping method it taxes (null on a line)' }) shipping_method_id!: string | null;
  @Field(() => Float, { description: 'the tax amount' }) total!: number;
  @Field(() => Float, { description: 'the amount taxed (after discounts)' }) subtotal!: number;
}

@ObjectType('CartAdjustment', { ...S, description: "A promotion's discount on a line or shipping method" })
export class CartAdjustmentType {
  @Field(() => ID, { description: 'the adjustment id' }) id!: string;
  @Field(() => String, { nullable: true, description: "the promotion's code" }) code!: string | null;
  @Field(() => Float, { description: 'the discount' }) amount!: number;
  @Field(() => String, { nullable: true, description: 'the promotion it comes from' }) promotion_id!: string | null;
  @Field(() => String, { nullable: true, description: 'a description of the discount' }) description!: string | null;
  @Field(() => String, { nullable: true, description: 'the line it discounts (null on a shipping method)' }) item_id!: string | null;
  @Field(() => String, { nullable: true, description: 'the shipping method it discounts (null on a line)' }) shipping_method_id!: string | null;
}

@ObjectType('CartProductRef', {
  ...S,
  description: "A cart's collection, type, category or tag of a line's product: its id, and its title or value where the line keeps it",
})
class CartProductRefType {
  @Field(() => ID, { nullable: true, description: 'its id (null on a line placed before the catalog gave ids)' }) id!: string | null;
  @Field(() => String, { nullable: true, description: "a collection's title" }) title?: string | null;
  @Field(() => String, { nullable: true, description: "a collection's handle" }) handle?: string | null;
  @Field(() => String, { nullable: true, description: "a type's or tag's value" }) value?: string | null;
}

@ObjectType('CartLineImage', { ...S, description: "An image of a line's product (its thumbnail)" })
class CartLineImageType {
  @Field(() => ID, { description: 'the image id' }) id!: string;
  @Field({ description: 'the image URL' }) url!: string;
  @Field(() => Int, { description: 'its position' }) rank!: number;
}

@ObjectType('CartLineProduct', { ...S, description: "A line's product as the line keeps it (Medusa's product under a line)" })
export class CartLineProductType {
  @Field(() => ID, { description: 'the product id' }) id!: string;
  @Field(() => String, { nullable: true, description: 'the product title' }) title!: string | null;
  @Field(() => String, { nullable: true, description: 'the product handle' }) handle!: string | null;
  @Field(() => String, { nullable: true, description: 'the product subtitle' }) subtitle!: string | null;
  @Field(() => String, { nullable: true, description: 'the product description' }) description!: string | null;
  @Field(() => String, { nullable: true, description: 'the product thumbnail URL' }) thumbnail!: string | null;
  @Field(() => Boolean, { nullable: true, description: 'always false (no gift cards)' }) is_giftcard!: boolean | null;
  @Field(() => String, { nullable: true, description: 'the product status' }) status!: string | null;
  @Field(() => Boolean, { nullable: true, description: 'whether promotions apply' }) discountable!: boolean | null;
  @Field(() => String, { nullable: true, description: 'the id of the collection' }) collection_id!: string | null;
  @Field(() => CartProductRefType, { nullable: true, description: 'the collection' }) collection!: CartProductRefType | null;
  @Field(() => String, { nullable: true, description: 'the id of the product type' }) type_id!: string | null;
  @Field(() => CartProductRefType, { nullable: true, description: 'the product type' }) type!: CartProductRefType | null;
  @Field(() => [CartProductRefType], { nullable: true, description: 'the categories' }) categories!: CartProductRefType[] | null;
  @Field(() => [CartProductRefType], { nullable: true, description: 'the tags' }) tags!: CartProductRefType[] | null;
  @Field(() => [CartLineImageType], { nullable: true, description: 'under a variant: the thumbnail as its one image' }) images?: CartLineImageType[] | null;
  @Field(() => Float, { nullable: true, description: 'weight' }) weight!: number | null;
  @Field(() => Float, { nullable: true, description: 'length' }) length!: number | null;
  @Field(() => Float, { nullable: true, description: 'height' }) height!: number | null;
  @Field(() => Float, { nullable: true, description: 'width' }) width!: number | null;
  @Field(() => String, { nullable: true, description: 'country of origin' }) origin_country!: string | null;
  @Field(() => String, { nullable: true, description: 'HS code' }) hs_code!: string | null;
  @Field(() => String, { nullable: true, description: 'MID code' }) mid_code!: string | null;
  @Field(() => String, { nullable: true, description: 'material' }) material!: string | null;
  @Field(() => String, { nullable: true, description: 'an id in an external system' }) external_id!: string | null;
  @Field(() => JSONScalar, { nullable: true, description: 'free-form data of the product' }) metadata!: Record<string, unknown> | null;
  @Field(() => String, { nullable: true, description: 'when the product was created (ISO 8601)' }) created_at!: string | null;
  @Field(() => String, { nullable: true, description: 'when the product was last changed (ISO 8601)' }) updated_at!: string | null;
  @Field(() => String, DELETED_AT) deleted_at!: null;
}

@ObjectType('CartLineOptionTitle', { ...S, description: 'The option a value belongs to' })
class CartLineOptionTitleType {
  @Field({ description: "the option's title (Size, Color…)" }) title!: string;
}

@ObjectType('CartLineOptionValue', { ...S, description: "A line variant's option value" })
class CartLineOptionValueType {
  @Field({ description: 'the value (M, Blue…)' }) value!: string;
  @Field(() => CartLineOptionTitleType, { description: 'its option' }) option!: CartLineOptionTitleType;
}

@ObjectType('CartLineVariant', { ...S, description: "A line's product variant as the line keeps it" })
export class CartLineVariantType {
  @Field(() => ID, { description: 'the variant id' }) id!: string;
  @Field(() => String, { nullable: true, description: 'the variant title' }) title!: string | null;
  @Field(() => String, { nullable: true, description: 'SKU' }) sku!: string | null;
  @Field(() => String, { nullable: true, description: 'barcode' }) barcode!: string | null;
  @Field(() => String, { nullable: true, description: 'EAN' }) ean!: string | null;
  @Field(() => String, { nullable: true, description: 'UPC' }) upc!: string | null;
  @Field(() => Boolean, { nullable: true, description: 'whether it may be ordered out of stock' }) allow_backorder!: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'whether its stock is counted' }) manage_inventory!: boolean | null;
  @Field(() => String, { nullable: true, description: 'HS code' }) hs_code!: string | null;
  @Field(() => String, { nullable: true, description: 'country of origin' }) origin_country!: string | null;
  @Field(() => String, { nullable: true, description: 'MID code' }) mid_code!: string | null;
  @Field(() => String, { nullable: true, description: 'material' }) material!: string | null;
  @Field(() => Float, { nullable: true, description: 'weight' }) weight!: number | null;
  @Field(() => Float, { nullable: true, description: 'length' }) length!: number | null;
  @Field(() => Float, { nullable: true, description: 'height' }) height!: number | null;
  @Field(() => Float, { nullable: true, description: 'width' }) width!: number | null;
  @Field(() => Int, { nullable: true, description: 'its position among the product variants' }) variant_rank!: number | null;
  @Field(() => String, { nullable: true, description: 'the variant thumbnail URL' }) thumbnail!: string | null;
  @Field(() => JSONScalar, { nullable: true, description: 'free-form data of the variant' }) metadata!: Record<string, unknown> | null;
  @Field(() => String, { nullable: true, description: 'the product id' }) product_id!: string | null;
  @Field(() => CartLineProductType, { nullable: true, description: 'the product' }) product!: CartLineProductType | null;
  @Field(() => [CartLineOptionValueType], { nullable: true, description: 'its option values (in a cart)' }) options?: CartLineOptionValueType[] | null;
  @Field(() => String, { nullable: true, description: 'when the variant was created (ISO 8601)' }) created_at!: string | null;
  @Field(() => String, { nullable: true, description: 'when the variant was last changed (ISO 8601)' }) updated_at!: string | null;
  @Field(() => String, DELETED_AT) deleted_at!: null;
}

/** The catalog's Region, named by id: the gateway asks the catalog for its other fields. */
@ObjectType('Region', S)
@Directive('@key(fields: "id", resolvable: false)')
export class RegionRefType {
  @Field(() => ID) id!: string;
}

@ObjectType('CartCustomerGroup', { ...S, description: 'A customer group of the cart customer (the platform has none)' })
class CartCustomerGroupType {
  @Field(() => ID, { description: 'the group id' }) id!: string;
}

@ObjectType('CartCustomer', { ...S, description: "The cart's customer" })
export class CartCustomerType {
  @Field(() => ID, { description: 'the customer id' }) id!: string;
  @Field(() => String, { nullable: true, description: "the cart's email" }) email!: string | null;
  @Field(() => [CartCustomerGroupType], { description: 'always empty' }) groups!: CartCustomerGroupType[];
}

@ObjectType('CartPromotionApplication', { ...S, description: 'How a promotion applies' })
class CartPromotionApplicationType {
  @Field(() => Float, { description: 'the percentage or the fixed amount' }) value!: number;
  @Field({ description: 'percentage or fixed' }) type!: string;
  @Field(() => String, { nullable: true, description: 'the currency of a fixed amount' }) currency_code!: string | null;
  @Field({ description: 'items or shipping_methods' }) target_type!: string;
  @Field({ description: 'each or across' }) allocation!: string;
}

@ObjectType('CartPromotion', { ...S, description: 'A promotion applied to a cart or order' })
export class CartPromotionType {
  @Field(() => ID, { description: 'the promotion id' }) id!: string;
  @Field({ description: 'its code' }) code!: string;
  @Field(() => Boolean, { nullable: true, description: 'whether it applies without a code' }) is_automatic!: boolean | null;
  @Field(() => CartPromotionApplicationType, { nullable: true, description: 'how it applies' }) application_method!: CartPromotionApplicationType | null;
}

@ObjectType('PaymentSessionData', { ...S, description: "What the provider's session gives the storefront (each provider fills its own keys)" })
class PaymentSessionDataType {
  @Field(() => String, { nullable: true, description: "the provider's id of the session (Stripe PaymentIntent or SetupIntent, PayPal order or setup token)" })
  id?: string | null;
  @Field(() => String, { nullable: true, description: "the provider's status of the session" }) status?: string | null;
  @Field(() => String, { nullable: true, description: 'a save-for-later session: setup_intent (Stripe) or setup_token (PayPal)' }) kind?: string | null;
  @Field(() => String, { nullable: true, description: 'Stripe: the client secret for Stripe.js' }) client_secret?: string | null;
  @Field(() => String, { nullable: true, description: 'PayPal: where the buyer approves the payment' }) approve_url?: string | null;
  @Field(() => String, { nullable: true, description: 'bank transfer: the reference to write on the transfer' }) reference?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'bank transfer: authorised, the money has not arrived yet' }) awaiting_transfer?: boolean | null;
  @Field(() => String, { nullable: true, description: 'Stripe: the provider customer of a save-for-later session' }) customer?: string | null;
}

@ObjectType('PaymentSessionCustomerAddress', { ...S, description: "An address of the customer's address book, as the session keeps it" })
class PaymentSessionCustomerAddressType extends CartAddressType {
  @Field(() => String, { nullable: true, description: "the address's own name (Home, Office)" }) address_name!: string | null;
  @Field(() => Boolean, { nullable: true, description: "whether it is the customer's default shipping address" }) is_default_shipping!: boolean | null;
  @Field(() => Boolean, { nullable: true, description: "whether it is the customer's default billing address" }) is_default_billing!: boolean | null;
}

@ObjectType('PaymentSessionCustomer', { ...S, description: 'The customer a session was initiated for' })
class PaymentSessionCustomerType {
  @Field(() => ID, { description: 'the customer id' }) id!: string;
  @Field(() => String, { nullable: true, description: 'the email' }) email!: string | null;
  @Field(() => String, { nullable: true, description: 'first name' }) first_name?: string | null;
  @Field(() => String, { nullable: true, description: 'last name' }) last_name?: string | null;
  @Field(() => String, { nullable: true, description: 'phone number' }) phone?: string | null;
  @Field(() => String, { nullable: true, description: 'company name' }) company_name?: string | null;
  @Field(() => JSONScalar, { nullable: true, description: 'free-form data of the customer' }) metadata?: Record<string, unknown> | null;
  @Field(() => [PaymentSessionCustomerAddressType], { nullable: true, description: "the customer's address book" })
  addresses?: PaymentSessionCustomerAddressType[] | null;
  @Field(() => PaymentSessionCustomerAddressType, { nullable: true, description: 'the default billing address of the address book, if any' })
  billing_address?: PaymentSessionCustomerAddressType | null;
  @Field(() => [PaymentAccountHolderType], { nullable: true, description: "the customer's account holders at providers (always empty)" })
  account_holders?: PaymentAccountHolderType[] | null;
}

@ObjectType('PaymentAccountHolder', { ...S, description: "Medusa's account holder of the session customer at the provider (the customer itself)" })
class PaymentAccountHolderType {
  @Field(() => ID, { description: 'the account holder id' }) id!: string;
  @Field({ description: 'the provider' }) provider_id!: string;
  @Field({ description: 'the customer id' }) external_id!: string;
  @Field(() => String, { nullable: true, description: "the customer's email" }) email!: string | null;
  @Field({ description: 'when it was created (ISO 8601)' }) created_at!: string;
  @Field(() => String, { nullable: true, description: 'when it was last changed (ISO 8601)' }) updated_at!: string | null;
  @Field(() => JSONScalar, { nullable: true, description: 'free-form data of the account holder' }) metadata!: Record<string, unknown> | null;
  @Field(() => JSONScalar, { nullable: true, description: "the provider's own data of the account holder (each provider its own keys)" })
  data?: Record<string, unknown> | null;
  @Field(() => String, DELETED_AT) deleted_at!: null;
}

@ObjectType('PaymentSessionContext', { ...S, description: 'What a session shows of the context it was initiated with' })
class PaymentSessionContextType {
  @Field(() => PaymentSessionCustomerType, { nullable: true, description: 'the signed-in customer, if any' }) customer!: PaymentSessionCustomerType | null;
  @Field(() => PaymentAccountHolderType, { nullable: true, description: 'the account holder of that customer' })
  account_holder!: PaymentAccountHolderType | null;
}

@ObjectType('SessionPayment', { ...S, description: 'The payment of an authorised payment session' })
class PaymentType {
  @Field(() => ID, { description: 'the payment id' }) id!: string;
  @Field({ description: 'the provider' }) provider_id!: string;
  @Field(() => Float, { description: 'the amount' }) amount!: number;
  @Field({ description: 'ISO 4217 code, lower case' }) currency_code!: string;
  @Field(() => PaymentSessionDataType, { nullable: true, description: "the provider's data" }) data!: PaymentSessionDataType | null;
  @Field(() => String, { nullable: true, description: 'when it was captured (ISO 8601)' }) captured_at!: string | null;
  @Field(() => String, { nullable: true, description: 'when it was canceled (ISO 8601)' }) canceled_at!: string | null;
  @Field({ description: 'its payment collection' }) payment_collection_id!: string;
  @Field({ description: 'its payment session' }) payment_session_id!: string;
  @Field({ description: 'when it was authorised (ISO 8601)' }) created_at!: string;
  @Field({ description: 'when it was last changed (ISO 8601)' }) updated_at!: string;
}

@ObjectType('PaymentSession', { ...S, description: "A payment session with one provider (Medusa's StorePaymentSession)" })
class PaymentSessionType {
  @Field(() => ID, { description: 'the session id' }) id!: string;
  @Field(() => Float, { description: 'the amount' }) amount!: number;
  @Field({ description: 'ISO 4217 code, lower case' }) currency_code!: string;
  @Field({ description: 'the provider (pp_system_default, pp_stripe_stripe…)' }) provider_id!: string;
  @Field(() => PaymentSessionDataType, { nullable: true, description: "the provider's data the storefront needs" }) data!: PaymentSessionDataType | null;
  @Field(() => PaymentSessionContextType, { nullable: true, description: 'the context it was initiated with' }) context!: PaymentSessionContextType | null;
  @Field({ description: 'pending, requires_more, authorized, captured, canceled or error' }) status!: string;
  @Field(() => String, { nullable: true, description: 'when it was authorised (ISO 8601)' }) authorized_at!: string | null;
  @Field({ description: 'its payment collection' }) payment_collection_id!: string;
  @Field(() => PaymentType, { nullable: true, description: 'its payment, once authorised' }) payment!: PaymentType | null;
  @Field(() => JSONScalar, { nullable: true, description: 'free-form data of the session' }) metadata!: Record<string, unknown> | null;
  @Field({ description: 'when it was created (ISO 8601)' }) created_at!: string;
  @Field({ description: 'when it was last changed (ISO 8601)' }) updated_at!: string;
  @Field(() => String, DELETED_AT) deleted_at!: null;
}

@ObjectType('PaymentCollectionProvider', { ...S, description: 'A provider a payment collection has a session with' })
class PaymentCollectionProviderType {
  @Field(() => ID, { description: 'the provider id' }) id!: string;
}

/** The typed fields of a payment collection (its document's own keys). */
@ObjectType('PaymentCollectionFields', S)
export abstract class PaymentCollectionFieldsType {
  @Field(() => ID, { description: 'the collection id' }) id!: string;
  @Field({ description: 'ISO 4217 code, lower case' }) currency_code!: string;
  @Field(() => Float, { description: 'the amount to pay' }) amount!: number;
  @Field({ description: 'not_paid, awaiting, authorized, partially_authorized, completed, canceled…' }) status!: string;
  @Field(() => Float, { nullable: true, description: 'the amount authorised (null before)' }) authorized_amount!: number | null;
  @Field(() => Float, { nullable: true, description: 'the amount captured (0 once authorised, null before)' }) captured_amount!: number | null;
  @Field(() => Float, { nullable: true, description: 'the amount refunded (0 once authorised, null before)' }) refunded_amount!: number | null;
  @Field(() => String, { nullable: true, description: 'when it was completed (ISO 8601)' }) completed_at!: string | null;
  @Field(() => [PaymentCollectionProviderType], { nullable: true, description: 'the providers of its sessions' }) payment_providers!:
    PaymentCollectionProviderType[] | null;
  @Field(() => [PaymentType], { nullable: true, description: 'the payments of its authorised sessions' }) payments!: PaymentType[] | null;
  @Field(() => [PaymentSessionType], { nullable: true, description: 'its sessions' }) payment_sessions!: PaymentSessionType[] | null;
  @Field(() => String, { nullable: true, description: 'when it was created (ISO 8601)' }) created_at!: string | null;
  @Field(() => String, { nullable: true, description: 'when it was last changed (ISO 8601)' }) updated_at!: string | null;
  @Field(() => JSONScalar, { nullable: true, description: 'free-form data of the collection' }) metadata!: Record<string, unknown> | null;
  @Field(() => String, DELETED_AT) deleted_at!: null;
}

@ObjectType('CartShippingMethod', { ...S, description: "A shipping method of a cart or order (Medusa's StoreCartShippingMethod)" })
export class CartShippingMethodType extends LineTotalsType {
  @Field(() => ID, { description: 'the shipping method id' }) id!: string;
  @Field({ description: "the option's name" }) name!: string;
  @Field(() => String, { nullable: true, description: "the option's description" }) description!: string | null;
  @Field(() => Float, { description: 'the price for this cart' }) amount!: number;
  @Field({ description: 'whether the amount includes tax' }) is_tax_inclusive!: boolean;
  @Field(() => String, { nullable: true, description: 'the shipping option it was chosen from' }) shipping_option_id!: string | null;
  @Field(() => JSONScalar, { nullable: true, description: "the fulfilment provider's data for the method (each provider its own keys)" })
  data?: Record<string, unknown> | null;
  @Field(() => String, { nullable: true, description: 'an order: the order id' }) order_id?: string | null;
  @Field(() => [CartTaxLineType], { description: 'its tax lines' }) tax_lines!: CartTaxLineType[];
  @Field(() => [CartAdjustmentType], { description: 'its discounts' }) adjustments!: CartAdjustmentType[];
  @Field(() => String, { nullable: true, description: 'when it was created (ISO 8601)' }) created_at!: string | null;
  @Field(() => String, { nullable: true, description: 'when it was last changed (ISO 8601)' }) updated_at!: string | null;
}

rawTwins(PaymentCollectionFieldsType, ['amount', 'authorized_amount', 'captured_amount', 'refunded_amount']);
rawTwins(PaymentSessionType, ['amount']);
rawTwins(PaymentType, ['amount']);
