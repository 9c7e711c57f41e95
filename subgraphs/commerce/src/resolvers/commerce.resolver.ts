import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { withDocument, type RequestContext } from '@svc/kit';
import type { CommerceServices } from '../services';
import {
  CartEventItemInput,
  CartLineItemInput,
  CartTourItemInput,
  CartPromotionsInput,
  CartShippingMethodInput,
  CreateCartInput,
  PaymentSessionInput,
  UpdateCartInput,
  UpdateCartLineItemInput,
} from '../inputs/cart.input';
import {
  BankInfoType,
  CartCompletionType,
  CartType,
  CheckoutConfigType,
  OrderListType,
  OrderType,
  PaymentCollectionType,
  PaymentConfigType,
  PaymentProviderType,
  ShippingOptionType,
} from '../types/commerce.type';

/** The storefront's carts, checkout and orders (publishable key; customer token where it is the customer's). */
@Resolver()
export class CartResolver {
  constructor(private readonly s: CommerceServices) {}

  @Query(() => CartType, { description: "A cart by its id (404 when it is another customer's)" })
  async cart(@Ctx() ctx: RequestContext, @Arg('id', { description: "The cart's id (cart_…)" }) id: string) {
    return withDocument(await this.s.carts.get(ctx, id));
  }

  @Mutation(() => CartType, { description: "Starts a cart in a region (the store's default one unless given); signed in, it is the customer's" })
  async createCart(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => CreateCartInput, { nullable: true, description: 'Region, email, addresses, first lines, promotion codes; all optional' })
    input: CreateCartInput | null,
  ) {
    return withDocument(await this.s.carts.create(ctx, input ?? {}));
  }

  @Mutation(() => CartType, { description: "Changes an open cart's region, email, addresses, sales channel, promotion codes, locale or metadata" })
  async updateCart(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The cart's id (cart_…)" }) id: string,
    @Arg('input', { description: 'What changes; absent fields stay' }) input: UpdateCartInput,
  ) {
    return withDocument(await this.s.carts.update(ctx, id, input));
  }

  @Mutation(() => CartType, {
    description: "Adds a product variant, priced from the catalog in the cart's currency (the same variant and metadata again adds to its line)",
  })
  async addCartLineItem(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The cart's id (cart_…)" }) id: string,
    @Arg('input', { description: 'The variant, quantity and metadata' }) input: CartLineItemInput,
  ) {
    return withDocument(await this.s.carts.addLineItem(ctx, id, input));
  }

  @Mutation(() => CartType, { description: "Sets a line's quantity (0 removes it) and metadata" })
  async updateCartLineItem(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The cart's id (cart_…)" }) id: string,
    @Arg('line_id', { description: "The line's id (cali_…)" }) lineId: string,
    @Arg('input', { description: 'The new quantity and metadata' }) input: UpdateCartLineItemInput,
  ) {
    return withDocument(await this.s.carts.updateLineItem(ctx, id, lineId, input));
  }

  @Mutation(() => CartType, { description: 'Removes a line of any kind (held tickets or seats go back)' })
  async deleteCartLineItem(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The cart's id (cart_…)" }) id: string,
    @Arg('line_id', { description: "The line's id (cali_…)" }) lineId: string,
  ) {
    return withDocument(await this.s.carts.removeLineItem(ctx, id, lineId));
  }

  @Mutation(() => CartType, { description: 'adds event tickets (kind event_ticket); their places are held while they sit in the cart' })
  async addCartEventItem(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The cart's id (cart_…)" }) id: string,
    @Arg('input', { description: 'The ticket type, how many, and the attendees' }) input: CartEventItemInput,
  ) {
    return withDocument(await this.s.carts.addEventItem(ctx, id, input));
  }

  @Mutation(() => CartType, { description: 'removes an event ticket line (its places go back)' })
  async deleteCartEventItem(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The cart's id (cart_…)" }) id: string,
    @Arg('line_id', { description: "The event ticket line's id (cali_…); 404 for a line of another kind" }) lineId: string,
  ) {
    return withDocument(await this.s.carts.removeLineItem(ctx, id, lineId, 'event_ticket'));
  }

  @Mutation(() => CartType, { description: 'adds seats on a tour departure (kind tour_booking); they are held while they sit in the cart' })
  async addCartTourItem(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The cart's id (cart_…)" }) id: string,
    @Arg('input', { description: 'The departure, how many seats, and the travellers' }) input: CartTourItemInput,
  ) {
    return withDocument(await this.s.carts.addTourItem(ctx, id, input));
  }

  @Mutation(() => CartType, { description: 'removes a tour line (its seats go back)' })
  async deleteCartTourItem(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The cart's id (cart_…)" }) id: string,
    @Arg('line_id', { description: "The tour line's id (cali_…); 404 for a line of another kind" }) lineId: string,
  ) {
    return withDocument(await this.s.carts.removeLineItem(ctx, id, lineId, 'tour_booking'));
  }

  @Mutation(() => CartType, { description: "Sets the cart's shipping method (one per cart: it replaces the current one), priced for the cart" })
  async addCartShippingMethod(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The cart's id (cart_…)" }) id: string,
    @Arg('input', { description: 'The shipping option and its data' }) input: CartShippingMethodInput,
  ) {
    return withDocument(await this.s.carts.addShippingMethod(ctx, id, input));
  }

  @Mutation(() => CartType, { description: 'Applies promotion codes to the cart (an unknown code is refused)' })
  async addCartPromotions(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The cart's id (cart_…)" }) id: string,
    @Arg('input', { description: 'The codes to add' }) input: CartPromotionsInput,
  ) {
    return withDocument(await this.s.carts.addPromotions(ctx, id, input.promo_codes));
  }

  @Mutation(() => CartType, { description: 'Removes promotion codes from the cart' })
  async removeCartPromotions(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The cart's id (cart_…)" }) id: string,
    @Arg('input', { description: 'The codes to remove' }) input: CartPromotionsInput,
  ) {
    return withDocument(await this.s.carts.removePromotions(ctx, id, input.promo_codes));
  }

  @Authorized('customer')
  @Mutation(() => CartType, { description: "a guest cart becomes the signed-in customer's" })
  async transferCart(@Ctx() ctx: RequestContext, @Arg('id', { description: "The guest cart's id (cart_…)" }) id: string) {
    return withDocument(await this.s.carts.transfer(ctx, id));
  }

  @Mutation(() => CartCompletionType, { description: 'places the order (idempotent per cart)' })
  async completeCart(@Ctx() ctx: RequestContext, @Arg('id', { description: "The cart's id (cart_…)" }) id: string) {
    const r = await this.s.orders.complete(ctx, id);
    return r.type === 'order'
      ? { type: 'order', order: withDocument(r.order), cart: null, error: null }
      : { type: 'cart', order: null, cart: withDocument(r.cart), error: r.error };
  }

  @Query(() => [ShippingOptionType], { description: "the shipping options of the cart's region, priced for the cart" })
  async cartShippingOptions(@Ctx() ctx: RequestContext, @Arg('cart_id', { description: "The cart's id (cart_…)" }) cartId: string) {
    return (await this.s.checkout.optionsForCart(ctx, cartId)).map(withDocument);
  }

  @Query(() => ShippingOptionType, { description: 'one option priced for the cart' })
  async calculateShippingOption(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The shipping option's id (so_…)" }) id: string,
    @Arg('cart_id', { description: "The cart's id (cart_…)" }) cartId: string,
  ) {
    return withDocument(await this.s.checkout.optionForCart(ctx, id, cartId));
  }

  @Query(() => [PaymentProviderType], { description: 'The payment providers offered in a region (the manual pp_system_default always)' })
  paymentProviders(@Ctx() ctx: RequestContext, @Arg('region_id', { description: "The region's id (reg_…)" }) regionId: string) {
    return this.s.payments.listProviders(ctx, regionId);
  }

  @Mutation(() => PaymentCollectionType, { description: "the cart's payment collection (created once)" })
  async createPaymentCollection(@Ctx() ctx: RequestContext, @Arg('cart_id', { description: "The cart's id (cart_…)" }) cartId: string) {
    return withDocument(await this.s.payments.collectionFor(ctx, cartId));
  }

  @Mutation(() => PaymentCollectionType, {
    description: "Opens a session with one provider for the collection's amount; the other sessions not yet authorised are replaced",
  })
  async initiatePaymentSession(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The payment collection's id (pay_col_…)" }) id: string,
    @Arg('input', { description: 'The provider, and data for it' }) input: PaymentSessionInput,
  ) {
    return withDocument(await this.s.payments.initiateSession(ctx, id, input));
  }

  @Mutation(() => CartType, { description: 'a session for every provider of the cart region' })
  async createCartPaymentSessions(@Ctx() ctx: RequestContext, @Arg('id', { description: "The cart's id (cart_…)" }) id: string) {
    return withDocument(await this.s.payments.sessionsForAll(ctx, id));
  }

  @Query(() => CheckoutConfigType, { description: 'What the checkout shows: required fields, payment providers, shipping options, the cancellation window' })
  checkoutConfig(
    @Ctx() ctx: RequestContext,
    @Arg('region_id', () => String, { nullable: true, description: "Only the providers and options of this region (reg_…); every region's when absent" })
    regionId: string | null,
  ) {
    return this.s.checkout.config(ctx, regionId);
  }

  @Query(() => PaymentConfigType, { description: 'per region: the payment providers and their public settings' })
  paymentConfig(
    @Ctx() ctx: RequestContext,
    @Arg('region_id', () => String, { nullable: true, description: 'Only this region (reg_…); every region with shipping options or tax rates when absent' })
    regionId: string | null,
  ) {
    return this.s.checkout.paymentConfig(ctx, regionId);
  }

  @Query(() => BankInfoType, { description: 'bank-transfer instructions (404 provider_not_enabled without bank transfer)' })
  bankInfo(@Ctx() ctx: RequestContext) {
    return this.s.checkout.bankInfo(ctx);
  }

  // ---- orders ----

  @Query(() => OrderType, { description: "a customer's order for that customer; a guest order by its id" })
  async order(@Ctx() ctx: RequestContext, @Arg('id', { description: "The order's id (order_…)" }) id: string) {
    return withDocument(await this.s.orders.get(ctx, id));
  }

  @Authorized('customer')
  @Query(() => OrderListType, { description: "the signed-in customer's orders, newest first" })
  async myOrders(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true, description: 'Page size: 50 by default, at most 100' }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true, description: 'Orders to skip (0 by default)' }) offset: number | null,
    @Arg('status', () => [String], {
      nullable: true,
      description: 'Only orders with one of these statuses (pending, completed, canceled, archived, requires_action)',
    })
    status: string[] | null,
  ) {
    const r = await this.s.orders.mine(ctx, { limit: limit ?? undefined, offset: offset ?? undefined, status: status ?? undefined });
    return { ...r, items: r.items.map(withDocument) };
  }

  @Authorized('customer')
  @Mutation(() => OrderType, { description: 'asks to take over an order; the token goes to the order email' })
  async requestOrderTransfer(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The order's id (order_…): a guest order (another customer's answers 404; one's own is refused)" }) id: string,
    @Arg('description', () => String, { nullable: true, description: 'A note kept with the request' }) description: string | null,
  ) {
    return withDocument(await this.s.orders.requestTransfer(ctx, id, description));
  }

  @Mutation(() => OrderType, { description: 'with the emailed token: the order goes to the requesting customer' })
  async acceptOrderTransfer(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The order's id (order_…)" }) id: string,
    @Arg('token', { description: "The token mailed to the order's email (valid 7 days)" }) token: string,
  ) {
    return withDocument(await this.s.orders.acceptTransfer(ctx, id, token));
  }

  @Mutation(() => OrderType, { description: 'With the emailed token: the transfer request is dropped and the order stays where it is' })
  async declineOrderTransfer(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The order's id (order_…)" }) id: string,
    @Arg('token', { description: "The token mailed to the order's email" }) token: string,
  ) {
    return withDocument(await this.s.orders.declineTransfer(ctx, id, token));
  }

  @Authorized('customer')
  @Mutation(() => OrderType, { description: 'The requesting customer withdraws their transfer request (404 when they have none on the order)' })
  async cancelOrderTransfer(@Ctx() ctx: RequestContext, @Arg('id', { description: "The order's id (order_…)" }) id: string) {
    return withDocument(await this.s.orders.cancelTransfer(ctx, id));
  }

  @Mutation(() => OrderType, {
    description:
      "within the cancellation window, before fulfilment; a customer's order by that customer, a guest order with the cancellation code mailed to its email",
  })
  async cancelOrder(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The order's id (order_…)" }) id: string,
    @Arg('code', () => String, { nullable: true, description: "A guest order's cancellation code, from the order mail; not needed for a customer's own order" })
    code?: string | null,
  ) {
    return withDocument(await this.s.orders.cancel(ctx, id, code));
  }
}
