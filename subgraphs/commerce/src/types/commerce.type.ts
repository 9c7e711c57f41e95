import { Authorized, Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { FACADE_ROLE, JSONScalar, PaginatedList } from '@svc/kit';
import {
  CartAddressType,
  CartAdjustmentType,
  CartCustomerType,
  CartLineProductType,
  CartLineVariantType,
  CartPromotionType,
  CartShippingMethodType,
  CartTaxLineType,
  LineTotalsType,
  LINE_TOTAL_KEYS,
  PaymentCollectionFieldsType,
  RegionRefType,
  rawTwins,
} from './medusa.type';

const S = { simpleResolvers: true };

const D = (description: string) => ({ description });
const N = (description: string) => ({ nullable: true, description });

/** Who may read a whole Medusa document: the REST facade (its own role, never a client's) and admins (the console's order page). */
const DOCUMENT_READERS = [FACADE_ROLE, 'admin'];

@ObjectType('CartLineItem', { ...S, description: "A line of a cart (Medusa's StoreCartLineItem; kind says what it sells)" })
class CartLineItemType extends LineTotalsType {
  @Field(() => ID, D('the line id')) id!: string;
  @Field(D('product, event_ticket, tour_booking or another registered kind')) kind!: string;
  @Field(D('what the line is called')) title!: string;
  @Field(() => String, N('a second line (the variant title)')) subtitle!: string | null;
  @Field(() => Int, D('how many')) quantity!: number;
  @Field(() => Float, D('the price of one')) unit_price!: number;
  @Field(() => Float, N('the price of one before a sale')) compare_at_unit_price!: number | null;
  @Field(() => Boolean, N('whether unit_price includes tax')) is_tax_inclusive!: boolean | null;
  @Field(() => Boolean, N('whether it is shipped')) requires_shipping!: boolean | null;
  @Field(() => Boolean, N('whether promotions apply')) is_discountable!: boolean | null;
  @Field(() => Boolean, N('always false (no gift cards)')) is_giftcard!: boolean | null;
  @Field(() => String, N('the product variant (kind product)')) variant_id!: string | null;
  @Field(() => String, N('the product (kind product)')) product_id!: string | null;
  @Field(() => String, N('the thumbnail URL')) thumbnail!: string | null;
  @Field(() => String, N("the product type's id")) product_type_id!: string | null;
  @Field(() => String, N('the product title')) product_title!: string | null;
  @Field(() => String, N('the product handle')) product_handle!: string | null;
  @Field(() => String, N('the product subtitle')) product_subtitle!: string | null;
  @Field(() => String, N('the product description')) product_description!: string | null;
  @Field(() => String, N("the product type's value")) product_type!: string | null;
  @Field(() => String, N("the product collection's title")) product_collection!: string | null;
  @Field(() => String, N('the variant SKU')) variant_sku!: string | null;
  @Field(() => String, N('the variant barcode')) variant_barcode!: string | null;
  @Field(() => String, N('the variant title')) variant_title!: string | null;
  @Field(() => CartLineProductType, N('the product as the line keeps it')) product!: CartLineProductType | null;
  @Field(() => CartLineVariantType, N('the variant as the line keeps it (kind product)')) variant!: CartLineVariantType | null;
  @Field(() => String, N('what the line sells in its domain: a variant, ticket type or departure id')) reference_id!: string | null;
  @Field(() => [CartTaxLineType], D('its tax lines')) tax_lines!: CartTaxLineType[];
  @Field(() => [CartAdjustmentType], D('its discounts')) adjustments!: CartAdjustmentType[];
  @Field(() => JSONScalar, N("the variant's option values as {option title: value}, keyed by the store's own option titles (variant.options has them typed)"))
  variant_option_values!: Record<string, unknown> | null;
  @Field(() => JSONScalar, N("the line's own data, shaped by its kind (an event ticket's attendee, a tour booking's travellers); null for products"))
  data!: Record<string, unknown> | null;
  @Field(() => Float, N('the line total (as total)')) item_total!: number | null;
  @Field(() => Float, N('the line subtotal (as subtotal)')) item_subtotal!: number | null;
  @Field(() => Float, N('the line tax (as tax_total)')) item_tax_total!: number | null;
  @Field(() => JSONScalar, N('free-form data of the line')) metadata!: Record<string, unknown> | null;
  @Field(() => String, N('when it was added (ISO 8601)')) created_at!: string | null;
  @Field(() => String, N('when it was last changed (ISO 8601)')) updated_at!: string | null;
}

@ObjectType('OrderLineItemDetail', { ...S, description: "An order line's quantities by state (Medusa's order item detail)" })
class OrderLineItemDetailType {
  @Field(() => ID, D('the detail id')) id!: string;
  @Field(() => Int, D('always 1 (no order edits)')) version!: number;
  @Field(D('the order')) order_id!: string;
  @Field(D('the line')) item_id!: string;
  @Field(() => Int, D('ordered')) quantity!: number;
  @Field(() => Int, D('fulfilled')) fulfilled_quantity!: number;
  @Field(() => Int, D('delivered')) delivered_quantity!: number;
  @Field(() => Int, D('shipped')) shipped_quantity!: number;
  @Field(() => Int, D('asked to be returned (always 0)')) return_requested_quantity!: number;
  @Field(() => Int, D('returned (always 0)')) return_received_quantity!: number;
  @Field(() => Int, D('return dismissed (always 0)')) return_dismissed_quantity!: number;
  @Field(() => Int, D('written off (always 0)')) written_off_quantity!: number;
  @Field(D('when the order was placed (ISO 8601)')) created_at!: string;
  @Field(D('when the order was last changed (ISO 8601)')) updated_at!: string;
  @Field(() => Float, N('always null (the line has the price)')) unit_price!: number | null;
  @Field(() => Float, N('always null (the line has the price)')) compare_at_unit_price!: number | null;
  @Field(() => JSONScalar, N('free-form data of the detail')) metadata!: Record<string, unknown> | null;
  @Field(() => String, { nullable: true, description: 'always null (nothing is soft-deleted)' }) deleted_at!: null;
}

@ObjectType('OrderLineItem', {
  ...S,
  description: "A line of an order (Medusa's StoreOrderLineItem): the cart line it was placed from with the order's per-item totals",
})
class OrderLineItemType extends CartLineItemType {
  @Field(() => String, N('the order')) order_id!: string | null;
  @Field(() => Boolean, N('always false (no custom prices)')) is_custom_price!: boolean | null;
  @Field(() => JSONScalar, N('free-form data of the cart line it was placed from')) line_item_metadata!: Record<string, unknown> | null;
  @Field(() => OrderLineItemDetailType, N('its quantities by state')) detail!: OrderLineItemDetailType | null;
  @Field(() => Float, N('what may still be refunded')) refundable_total!: number | null;
  @Field(() => Float, N('what may still be refunded, per unit')) refundable_total_per_unit!: number | null;
  @Field(() => Float, N('the fulfilled part of the total')) fulfilled_total!: number | null;
  @Field(() => Float, N('the shipped part of the total')) shipped_total!: number | null;
  @Field(() => Float, N('always 0 (no returns)')) return_requested_total!: number | null;
  @Field(() => Float, N('always 0 (no returns)')) return_received_total!: number | null;
  @Field(() => Float, N('always 0 (no returns)')) return_dismissed_total!: number | null;
  @Field(() => Float, N('always 0 (no write-offs)')) write_off_total!: number | null;
  @Field(() => String, { nullable: true, description: 'always null (nothing is soft-deleted)' }) deleted_at!: null;
}

@ObjectType('CreditLine', { ...S, description: "Store credit applied to a cart or order (Medusa's credit line; the platform has none)" })
class CreditLineType {
  @Field(() => ID, D('the credit line id')) id!: string;
  @Field(() => String, N('what the credit comes from')) reference!: string | null;
  @Field(() => String, N('the id of what the credit comes from')) reference_id!: string | null;
  @Field(() => Float, D('the amount credited, major units')) amount!: number;
  @Field(() => JSONScalar, N('free-form data of the credit line')) metadata!: Record<string, unknown> | null;
  @Field(() => String, N('when it was created (ISO 8601)')) created_at!: string | null;
}

@ObjectType('ShippingPriceList', { ...S, description: "The price list a shipping price belongs to (Medusa's; the platform has none)" })
class ShippingPriceListType {
  @Field(() => ID, D('the price list id')) id!: string;
  @Field(() => String, N('its title')) title!: string | null;
  @Field(() => String, N('sale or override')) type!: string | null;
}

/** Totals a cart and an order share beyond total, subtotal, discount, shipping and tax. */
@ObjectType('DocumentTotals', S)
abstract class DocumentTotalsType {
  @Field(() => Float, N('the discounts before taxes')) discount_subtotal!: number | null;
  @Field(() => Float, N('the tax the discounts take off')) discount_tax_total!: number | null;
  @Field(() => Float, N('before discounts, with taxes')) original_total!: number | null;
  @Field(() => Float, N('before discounts, without taxes')) original_subtotal!: number | null;
  @Field(() => Float, N('the taxes before discounts')) original_tax_total!: number | null;
  @Field(() => Float, N('the lines: total')) item_total!: number | null;
  @Field(() => Float, N('the lines: subtotal')) item_subtotal!: number | null;
  @Field(() => Float, N('the lines: tax')) item_tax_total!: number | null;
  @Field(() => Float, N('the lines: discounts')) item_discount_total!: number | null;
  @Field(() => Float, N('the lines: total before discounts')) original_item_total!: number | null;
  @Field(() => Float, N('the lines: subtotal before discounts')) original_item_subtotal!: number | null;
  @Field(() => Float, N('the lines: tax before discounts')) original_item_tax_total!: number | null;
  @Field(() => Float, N('shipping: subtotal')) shipping_subtotal!: number | null;
  @Field(() => Float, N('shipping: tax')) shipping_tax_total!: number | null;
  @Field(() => Float, N('shipping: discounts')) shipping_discount_total!: number | null;
  @Field(() => Float, N('shipping: total before discounts')) original_shipping_total!: number | null;
  @Field(() => Float, N('shipping: subtotal before discounts')) original_shipping_subtotal!: number | null;
  @Field(() => Float, N('shipping: tax before discounts')) original_shipping_tax_total!: number | null;
  @Field(() => Float, N('always 0 (no gift cards)')) gift_card_total!: number | null;
  @Field(() => Float, N('always 0 (no gift cards)')) gift_card_tax_total!: number | null;
  @Field(() => Float, N('always 0 (no store credit)')) credit_line_total!: number | null;
  @Field(() => Float, N('always 0 (no store credit)')) credit_line_subtotal!: number | null;
  @Field(() => Float, N('always 0 (no store credit)')) credit_line_tax_total!: number | null;
  @Field(() => [CreditLineType], { description: 'store credit applied (always empty: the platform has no store credit)' })
  credit_lines!: CreditLineType[];
}

@ObjectType('CartPaymentCollection', { ...S, description: "A cart's or order's payment collection with its sessions" })
class CartPaymentCollectionType extends PaymentCollectionFieldsType {}

/** A cart: every field of Medusa's StoreCart (what REST answers), typed. */
@ObjectType('Cart', { ...S, description: "A shopper's cart (Medusa's StoreCart)" })
export class CartType extends DocumentTotalsType {
  @Field(() => ID, D('the cart id (the shopper keeps it)')) id!: string;
  @Field(D('ISO 4217 code, lower case (the region currency)')) currency_code!: string;
  @Field(D('the region')) region_id!: string;
  @Field(() => RegionRefType, N('the region, with its countries')) region!: RegionRefType | null;
  @Field(() => String, N('the signed-in customer it belongs to')) customer_id!: string | null;
  @Field(() => CartCustomerType, N('that customer')) customer!: CartCustomerType | null;
  @Field(() => String, N('the sales channel')) sales_channel_id!: string | null;
  @Field(() => String, N('the email of the order')) email!: string | null;
  @Field(() => String, N('the locale the shopper chose')) locale!: string | null;
  @Field(() => String, N('the shipping address id')) shipping_address_id!: string | null;
  @Field(() => CartAddressType, N('where it ships')) shipping_address!: CartAddressType | null;
  @Field(() => String, N('the billing address id')) billing_address_id!: string | null;
  @Field(() => CartAddressType, N('who pays')) billing_address!: CartAddressType | null;
  @Field(() => [CartLineItemType], D('its lines')) items!: CartLineItemType[];
  @Field(() => [CartShippingMethodType], D('its shipping methods')) shipping_methods!: CartShippingMethodType[];
  @Field(() => [CartPromotionType], D('the promotions applied')) promotions!: CartPromotionType[];
  @Field(() => CartPaymentCollectionType, N('its payment collection, once created')) payment_collection!: CartPaymentCollectionType | null;
  @Field(() => JSONScalar, N('free-form data of the cart')) metadata!: Record<string, unknown> | null;
  @Field(() => Float, D('before discounts and taxes (lines and shipping)')) subtotal!: number;
  @Field(() => Float, D('the discounts, with their taxes')) discount_total!: number;
  @Field(() => Float, D('shipping, after discounts and with taxes')) shipping_total!: number;
  @Field(() => Float, D('the taxes')) tax_total!: number;
  @Field(() => Float, D('what the shopper pays')) total!: number;
  @Field(() => String, N('when it became an order (ISO 8601)')) completed_at!: string | null;
  @Field(() => String, N('when it was created (ISO 8601)')) created_at!: string | null;
  @Field(() => String, N('when it was last changed (ISO 8601)')) updated_at!: string | null;
  @Authorized(DOCUMENT_READERS)
  @Field(() => JSONScalar, {
    simple: false,
    description: "Medusa's StoreCart as one JSON value: what the REST facade answers (internal: the facade and admins only)",
  })
  document!: Record<string, unknown>;
}

@ObjectType('OrderFulfillment', { ...S, description: "An order's fulfilment (one, once shipped)" })
class OrderFulfillmentType {
  @Field(() => ID, D('the fulfilment id')) id!: string;
  @Field(() => String, N('when it was shipped (ISO 8601)')) shipped_at!: string | null;
  @Field(() => JSONScalar, N("free-form data (the order's: carrier, tracking number)")) metadata!: Record<string, unknown> | null;
}

@ObjectType('OrderSummary', { ...S, description: "An order's payment summary" })
class OrderSummaryType {
  @Field(() => Float, N('the total now')) current_order_total!: number | null;
  @Field(() => Float, N('the total when placed')) original_order_total!: number | null;
  @Field(() => Float, N('what was paid')) paid_total!: number | null;
  @Field(() => Float, N('what was refunded')) refunded_total!: number | null;
  @Field(() => Float, N('the captured transactions')) transaction_total!: number | null;
  @Field(() => Float, N('what is still to be paid')) pending_difference!: number | null;
  @Field(() => Float, N('the accounting total')) accounting_total!: number | null;
  @Field(() => Float, N('always 0 (no store credit)')) credit_line_total!: number | null;
}

@ObjectType('OrderShippingMethodDetail', { ...S, description: "An order shipping method's detail (Medusa's)" })
class OrderShippingMethodDetailType {
  @Field(() => ID, D('the detail id')) id!: string;
  @Field(() => Int, D('always 1 (no order edits)')) version!: number;
  @Field(D('the order')) order_id!: string;
  @Field(D('the shipping method')) shipping_method_id!: string;
  @Field(() => String, N('always null (no returns)')) return_id!: string | null;
  @Field(() => String, N('always null (no exchanges)')) exchange_id!: string | null;
  @Field(() => String, N('always null (no claims)')) claim_id!: string | null;
  @Field(() => String, N('when the order was placed (ISO 8601)')) created_at!: string | null;
  @Field(() => String, N('when the order was last changed (ISO 8601)')) updated_at!: string | null;
  @Field(() => String, { nullable: true, description: 'always null (nothing is soft-deleted)' }) deleted_at!: null;
}

@ObjectType('OrderShippingMethod', { ...S, description: "An order's shipping method (Medusa's StoreOrderShippingMethod)" })
class OrderShippingMethodType extends CartShippingMethodType {
  @Field(() => Boolean, N('always false (no custom amounts)')) is_custom_amount!: boolean | null;
  @Field(() => OrderShippingMethodDetailType, N('its detail')) detail!: OrderShippingMethodDetailType | null;
  @Field(() => JSONScalar, N('free-form data of the method')) metadata!: Record<string, unknown> | null;
  @Field(() => String, { nullable: true, description: 'always null (nothing is soft-deleted)' }) deleted_at!: null;
}

/** An order: every field of Medusa's StoreOrder (what REST answers), typed. */
@ObjectType('Order', { ...S, description: "A placed order (Medusa's StoreOrder)" })
@Directive('@key(fields: "id")')
export class OrderType extends DocumentTotalsType {
  @Field(() => ID, D('the order id')) id!: string;
  @Field(() => Int, D('the number shown to the shopper')) display_id!: number;
  @Field(() => Int, N('always 1 (no order edits)')) version!: number | null;
  @Field(D('pending, completed, canceled…')) status!: string;
  @Field(D('not_paid, authorized, captured, partially_refunded, refunded, canceled…')) payment_status!: string;
  @Field(D('not_fulfilled, shipped…')) fulfillment_status!: string;
  @Field(() => String, N('the region')) region_id!: string | null;
  @Field(() => RegionRefType, N('the region, with its countries')) region?: RegionRefType | null;
  @Field(() => String, N('the customer it belongs to (null: a guest order)')) customer_id!: string | null;
  @Field(() => String, N('the sales channel')) sales_channel_id!: string | null;
  @Field(() => String, N('the email of the order')) email!: string | null;
  @Field(D('ISO 4217 code, lower case')) currency_code!: string;
  @Field(() => CartAddressType, N('where it ships')) shipping_address!: CartAddressType | null;
  @Field(() => CartAddressType, N('who pays')) billing_address!: CartAddressType | null;
  @Field(() => [OrderLineItemType], D('its lines')) items!: OrderLineItemType[];
  @Field(() => [OrderShippingMethodType], D('its shipping methods')) shipping_methods!: OrderShippingMethodType[];
  @Field(() => [CartPromotionType], D('the promotions applied')) promotions!: CartPromotionType[];
  @Field(() => [CartPaymentCollectionType], D('its payment collection (one, or none)')) payment_collections!: CartPaymentCollectionType[];
  @Field(() => [OrderFulfillmentType], D('its fulfilments')) fulfillments!: OrderFulfillmentType[];
  @Field(() => OrderSummaryType, N('its payment summary')) summary!: OrderSummaryType | null;
  @Field(() => JSONScalar, N('free-form data of the order')) metadata!: Record<string, unknown> | null;
  @Field(() => Float, N('before discounts and taxes')) subtotal!: number | null;
  @Field(() => Float, N('the discounts, with their taxes')) discount_total!: number | null;
  @Field(() => Float, N('shipping, after discounts and with taxes')) shipping_total!: number | null;
  @Field(() => Float, N('the taxes')) tax_total!: number | null;
  @Field(() => Float, D('what the shopper pays')) total!: number;
  @Field(() => String, N('when it was canceled (ISO 8601)')) canceled_at!: string | null;
  @Field(D('when it was placed (ISO 8601)')) created_at!: string;
  @Field(() => String, N('when it was last changed (ISO 8601)')) updated_at!: string | null;
  @Authorized(DOCUMENT_READERS)
  @Field(() => JSONScalar, {
    simple: false,
    description: "Medusa's StoreOrder as one JSON value: what the REST facade answers (internal: the facade and admins only)",
  })
  document!: Record<string, unknown>;
  @Field(() => Int, N('always null (no custom display ids)')) custom_display_id!: number | null;
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

@ObjectType('PaymentCollection', { ...S, description: "A cart's payment collection with its sessions (Medusa's StorePaymentCollection)" })
export class PaymentCollectionType extends PaymentCollectionFieldsType {
  @Authorized(DOCUMENT_READERS)
  @Field(() => JSONScalar, {
    simple: false,
    description: "Medusa's StorePaymentCollection as one JSON value: what the REST facade answers (internal: the facade and admins only)",
  })
  document!: Record<string, unknown>;
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

@ObjectType('ShippingOptionCalculatedPriceRef', { ...S, description: "The price a shipping option's calculated price comes from" })
class ShippingPriceRefType {
  @Field(() => ID, D('the price id')) id!: string;
  @Field(() => String, N('always null (no price lists)')) price_list_id!: string | null;
  @Field(() => String, N('always null (no price lists)')) price_list_type!: string | null;
  @Field(() => Int, N('always null (no quantity tiers)')) min_quantity!: number | null;
  @Field(() => Int, N('always null (no quantity tiers)')) max_quantity!: number | null;
}

@ObjectType('ShippingOptionCalculatedPrice', { ...S, description: "A shipping option's price for a cart (Medusa's calculated_price)" })
class ShippingCalculatedPriceType {
  @Field(() => ID, D("the price set's id")) id!: string;
  @Field(() => Float, D('the price for the cart')) calculated_amount!: number;
  @Field(() => Float, D('the same amount (no price lists)')) original_amount!: number;
  @Field(D('ISO 4217 code, lower case')) currency_code!: string;
  @Field(D('always false (no price lists)')) is_calculated_price_price_list!: boolean;
  @Field(D('always false (prices exclude tax)')) is_calculated_price_tax_inclusive!: boolean;
  @Field(D('always false (no price lists)')) is_original_price_price_list!: boolean;
  @Field(D('always false (prices exclude tax)')) is_original_price_tax_inclusive!: boolean;
  @Field(() => ShippingPriceRefType, D('the price it comes from')) calculated_price!: ShippingPriceRefType;
  @Field(() => ShippingPriceRefType, D('the same price')) original_price!: ShippingPriceRefType;
}

@ObjectType('ShippingOptionPriceRule', { ...S, description: 'A rule of a shipping price (the region it is for)' })
class ShippingPriceRuleType {
  @Field(() => ID, D('the rule id')) id!: string;
  @Field(D('region_id')) attribute!: string;
  @Field(D('the region id')) value!: string;
  @Field(D('eq')) operator!: string;
  @Field(() => Int, D('always 0')) priority!: number;
  @Field(D('the price')) price_id!: string;
  @Field(() => String, N('when it was created (ISO 8601)')) created_at!: string | null;
  @Field(() => String, N('when it was last changed (ISO 8601)')) updated_at!: string | null;
  @Field(() => String, { nullable: true, description: 'always null (nothing is soft-deleted)' }) deleted_at!: null;
}

@ObjectType('ShippingOptionPrice', { ...S, description: "A shipping option's price (one per option, in its region's currency)" })
class ShippingPriceType {
  @Field(() => ID, D('the price id')) id!: string;
  @Field(() => String, N('always null')) title!: string | null;
  @Field(D('ISO 4217 code, lower case')) currency_code!: string;
  @Field(() => Float, D("the option's base amount")) amount!: number;
  @Field(() => Int, N('always null (no quantity tiers)')) min_quantity!: number | null;
  @Field(() => Int, N('always null (no quantity tiers)')) max_quantity!: number | null;
  @Field(() => Int, D('how many rules it has')) rules_count!: number;
  @Field(D('its price set')) price_set_id!: string;
  @Field(() => String, N('always null (no price lists)')) price_list_id!: string | null;
  @Field(() => ShippingPriceListType, N('always null (no price lists)')) price_list!: ShippingPriceListType | null;
  @Field(() => [ShippingPriceRuleType], D('its rules')) price_rules!: ShippingPriceRuleType[];
  @Field(() => String, N('when it was created (ISO 8601)')) created_at!: string | null;
  @Field(() => String, N('when it was last changed (ISO 8601)')) updated_at!: string | null;
  @Field(() => String, { nullable: true, description: 'always null (nothing is soft-deleted)' }) deleted_at!: null;
}

@ObjectType('ShippingOptionRule', { ...S, description: 'A rule of a shipping option (enabled in the store, not a return option)' })
class ShippingOptionRuleType {
  @Field(D('enabled_in_store or is_return')) attribute!: string;
  @Field(D('the value, as a string')) value!: string;
  @Field(D('eq')) operator!: string;
}

@ObjectType('ShippingLocation', { ...S, description: "The stock location of a region's fulfilment set (the platform keeps none: no address lines)" })
class ShippingLocationType {
  @Field(() => ID, D('the location id')) id!: string;
  @Field(() => CartAddressType, N('its address (every line null)')) address!: CartAddressType | null;
}

@ObjectType('ShippingFulfillmentSet', { ...S, description: "A region's shipping fulfilment set" })
class ShippingFulfillmentSetType {
  @Field(() => ID, D('the fulfilment set id')) id!: string;
  @Field(D('shipping')) type!: string;
  @Field(() => ShippingLocationType, D('its location')) location!: ShippingLocationType;
}

@ObjectType('ShippingServiceZone', { ...S, description: 'The service zone of a shipping option (one per region)' })
class ShippingServiceZoneType {
  @Field(() => ID, D('the service zone id')) id!: string;
  @Field(D('its fulfilment set')) fulfillment_set_id!: string;
  @Field(() => ShippingFulfillmentSetType, D('that fulfilment set')) fulfillment_set!: ShippingFulfillmentSetType;
}

@ObjectType('ShippingProvider', { ...S, description: 'The fulfilment provider of a shipping option' })
class ShippingProviderType {
  @Field(() => ID, D('the provider id')) id!: string;
  @Field(D('always true')) is_enabled!: boolean;
}

@ObjectType('ShippingOption', { ...S, description: "A shipping option; for a cart, priced for it (Medusa's StoreCartShippingOption)" })
export class ShippingOptionType {
  @Field(() => ID, D('the option id')) id!: string;
  @Field(D('its name')) name!: string;
  @Field(D('its region')) region_id!: string;
  @Field(D('flat or calculated')) price_type!: string;
  @Field(() => Float, D('for a cart: the price for it; otherwise the base amount')) amount!: number;
  @Field(() => Float, { nullable: true, description: 'an amount added per item' }) per_item!: number | null;
  @Field(() => Float, { nullable: true, description: 'free from this item subtotal' }) free_above!: number | null;
  @Field(() => ShippingOptionKindType, D('its type (label, code)')) type!: ShippingOptionKindType;
  @Field(D('its fulfilment provider')) provider_id!: string;
  @Field(D('whether the storefront offers it')) enabled!: boolean;
  @Field(() => JSONScalar, { nullable: true, description: 'free-form data of the option' }) metadata!: Record<string, unknown> | null;
  @Field(D('when it was created (ISO 8601)')) created_at!: string;
  @Field(D('when it was last changed (ISO 8601)')) updated_at!: string;
  @Field(() => Boolean, N('for a cart: whether amount includes tax (always false)')) is_tax_inclusive?: boolean | null;
  @Field(() => ShippingCalculatedPriceType, N('for a cart: its price for the cart')) calculated_price?: ShippingCalculatedPriceType | null;
  @Field(() => [ShippingPriceType], N('for a cart: its prices')) prices?: ShippingPriceType[] | null;
  @Field(() => [ShippingOptionRuleType], N('for a cart: its rules')) rules?: ShippingOptionRuleType[] | null;
  @Field(() => String, N("for a cart: its service zone's id")) service_zone_id?: string | null;
  @Field(() => ShippingServiceZoneType, N('for a cart: its service zone')) service_zone?: ShippingServiceZoneType | null;
  @Field(() => String, N('for a cart: its shipping profile (sp_default)')) shipping_profile_id?: string | null;
  @Field(() => ShippingProviderType, N('for a cart: its provider')) provider?: ShippingProviderType | null;
  @Field(() => Boolean, N('for a cart: whether a line lacks stock (always false)')) insufficient_inventory?: boolean | null;
  @Field(() => JSONScalar, N("the fulfilment provider's data of the option (each provider its own keys)")) data?: Record<string, unknown> | null;
  @Authorized(DOCUMENT_READERS)
  @Field(() => JSONScalar, {
    nullable: true,
    simple: false,
    description: "for a cart: Medusa's StoreCartShippingOption as one JSON value, what the REST facade answers (internal: the facade and admins only)",
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

// Medusa's raw twins of the amounts the documents carry them for (medusa-shape.ts, checkout.service.ts)
const ORDER_LINE_AMOUNTS = [
  'refundable_total',
  'refundable_total_per_unit',
  'fulfilled_total',
  'shipped_total',
  'return_requested_total',
  'return_received_total',
  'return_dismissed_total',
  'write_off_total',
];
rawTwins(OrderLineItemType, ['unit_price', 'compare_at_unit_price', 'quantity', ...LINE_TOTAL_KEYS, ...ORDER_LINE_AMOUNTS]);
rawTwins(OrderLineItemDetailType, [
  'unit_price',
  'compare_at_unit_price',
  'quantity',
  'fulfilled_quantity',
  'delivered_quantity',
  'shipped_quantity',
  'return_requested_quantity',
  'return_received_quantity',
  'return_dismissed_quantity',
  'written_off_quantity',
]);
rawTwins(OrderShippingMethodType, ['amount', ...LINE_TOTAL_KEYS]);
rawTwins(OrderSummaryType, [
  'current_order_total',
  'original_order_total',
  'paid_total',
  'refunded_total',
  'transaction_total',
  'pending_difference',
  'accounting_total',
  'credit_line_total',
]);
rawTwins(ShippingCalculatedPriceType, ['calculated_amount', 'original_amount']);
rawTwins(ShippingPriceType, ['amount', 'min_quantity', 'max_quantity']);
