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

  @Query(() => CartType)
  async cart(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return withDocument(await this.s.carts.get(ctx, id));
  }

  @Mutation(() => CartType)
  async createCart(@Ctx() ctx: RequestContext, @Arg('input', () => CreateCartInput, { nullable: true }) input: CreateCartInput | null) {
    return withDocument(await this.s.carts.create(ctx, input ?? {}));
  }

  @Mutation(() => CartType)
  async updateCart(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: UpdateCartInput) {
    return withDocument(await this.s.carts.update(ctx, id, input));
  }

  @Mutation(() => CartType)
  async addCartLineItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: CartLineItemInput) {
    return withDocument(await this.s.carts.addLineItem(ctx, id, input));
  }

  @Mutation(() => CartType)
  async updateCartLineItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('line_id') lineId: string, @Arg('input') input: UpdateCartLineItemInput) {
    return withDocument(await this.s.carts.updateLineItem(ctx, id, lineId, input));
  }

  @Mutation(() => CartType)
  async deleteCartLineItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('line_id') lineId: string) {
    return withDocument(await this.s.carts.removeLineItem(ctx, id, lineId));
  }

  @Mutation(() => CartType, { description: 'adds event tickets (kind event_ticket); their places are held while they sit in the cart' })
  async addCartEventItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: CartEventItemInput) {
    return withDocument(await this.s.carts.addEventItem(ctx, id, input));
  }

  @Mutation(() => CartType, { description: 'removes an event ticket line (its places go back)' })
  async deleteCartEventItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('line_id') lineId: string) {
    return withDocument(await this.s.carts.removeLineItem(ctx, id, lineId, 'event_ticket'));
  }

  @Mutation(() => CartType, { description: 'adds seats on a tour departure (kind tour_booking); they are held while they sit in the cart' })
  async addCartTourItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: CartTourItemInput) {
    return withDocument(await this.s.carts.addTourItem(ctx, id, input));
  }

  @Mutation(() => CartType, { description: 'removes a tour line (its seats go back)' })
  async deleteCartTourItem(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('line_id') lineId: string) {
    return withDocument(await this.s.carts.removeLineItem(ctx, id, lineId, 'tour_booking'));
  }

  @Mutation(() => CartType)
  async addCartShippingMethod(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: CartShippingMethodInput) {
    return withDocument(await this.s.carts.addShippingMethod(ctx, id, input));
  }

  @Mutation(() => CartType)
  async addCartPromotions(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: CartPromotionsInput) {
    return withDocument(await this.s.carts.addPromotions(ctx, id, input.promo_codes));
  }

  @Mutation(() => CartType)
  async removeCartPromotions(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: CartPromotionsInput) {
    return withDocument(await this.s.carts.removePromotions(ctx, id, input.promo_codes));
  }

  @Authorized('customer')
  @Mutation(() => CartType, { description: "a guest cart becomes the signed-in customer's" })
  async transferCart(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return withDocument(await this.s.carts.transfer(ctx, id));
  }

  @Mutation(() => CartCompletionType, { description: 'places the order (idempotent per cart)' })
  async completeCart(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    const r = await this.s.orders.complete(ctx, id);
    return r.type === 'order'
      ? { type: 'order', order: withDocument(r.order), cart: null, error: null }
      : { type: 'cart', order: null, cart: withDocument(r.cart), error: r.error };
  }

  @Query(() => [ShippingOptionType], { description: "the shipping options of the cart's region, priced for the cart" })
  async cartShippingOptions(@Ctx() ctx: RequestContext, @Arg('cart_id') cartId: string) {
    return (await this.s.checkout.optionsForCart(ctx, cartId)).map(withDocument);
  }

  @Query(() => ShippingOptionType, { description: 'one option priced for the cart' })
  async calculateShippingOption(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('cart_id') cartId: string) {
    return withDocument(await this.s.checkout.optionForCart(ctx, id, cartId));
  }

  @Query(() => [PaymentProviderType])
  paymentProviders(@Ctx() ctx: RequestContext, @Arg('region_id') regionId: string) {
    return this.s.payments.listProviders(ctx, regionId);
  }

  @Mutation(() => PaymentCollectionType, { description: "the cart's payment collection (created once)" })
  async createPaymentCollection(@Ctx() ctx: RequestContext, @Arg('cart_id') cartId: string) {
    return withDocument(await this.s.payments.collectionFor(ctx, cartId));
  }

  @Mutation(() => PaymentCollectionType)
  async initiatePaymentSession(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('input') input: PaymentSessionInput) {
    return withDocument(await this.s.payments.initiateSession(ctx, id, input));
  }

  @Mutation(() => CartType, { description: 'a session for every provider of the cart region' })
  async createCartPaymentSessions(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return withDocument(await this.s.payments.sessionsForAll(ctx, id));
  }

  @Query(() => CheckoutConfigType)
  checkoutConfig(@Ctx() ctx: RequestContext, @Arg('region_id', () => String, { nullable: true }) regionId: string | null) {
    return this.s.checkout.config(ctx, regionId);
  }

  @Query(() => PaymentConfigType, { description: 'per region: the payment providers and their public settings' })
  paymentConfig(@Ctx() ctx: RequestContext, @Arg('region_id', () => String, { nullable: true }) regionId: string | null) {
    return this.s.checkout.paymentConfig(ctx, regionId);
  }

  @Query(() => BankInfoType, { description: 'bank-transfer instructions (404 provider_not_enabled without bank transfer)' })
  bankInfo(@Ctx() ctx: RequestContext) {
    return this.s.checkout.bankInfo(ctx);
  }

  // ---- orders ----

  @Query(() => OrderType, { description: "a customer's order for that customer; a guest order by its id" })
  async order(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return withDocument(await this.s.orders.get(ctx, id));
  }

  @Authorized('customer')
  @Query(() => OrderListType, { description: "the signed-in customer's orders, newest first" })
  async myOrders(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Arg('status', () => [String], { nullable: true }) status: string[] | null,
  ) {
    const r = await this.s.orders.mine(ctx, { limit: limit ?? undefined, offset: offset ?? undefined, status: status ?? undefined });
    return { ...r, items: r.items.map(withDocument) };
  }

  @Authorized('customer')
  @Mutation(() => OrderType, { description: 'asks to take over an order; the token goes to the order email' })
  async requestOrderTransfer(
    @Ctx() ctx: RequestContext,
    @Arg('id') id: string,
    @Arg('description', () => String, { nullable: true }) description: string | null,
  ) {
    return withDocument(await this.s.orders.requestTransfer(ctx, id, description));
  }

  @Mutation(() => OrderType, { description: 'with the emailed token: the order goes to the requesting customer' })
  async acceptOrderTransfer(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('token') token: string) {
    return withDocument(await this.s.orders.acceptTransfer(ctx, id, token));
  }

  @Mutation(() => OrderType)
  async declineOrderTransfer(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('token') token: string) {
    return withDocument(await this.s.orders.declineTransfer(ctx, id, token));
  }

  @Authorized('customer')
  @Mutation(() => OrderType)
  async cancelOrderTransfer(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return withDocument(await this.s.orders.cancelTransfer(ctx, id));
  }

  @Mutation(() => OrderType, {
    description:
      "within the cancellation window, before fulfilment; a customer's order by that customer, a guest order with the cancellation code mailed to its email",
  })
  async cancelOrder(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('code', () => String, { nullable: true }) code?: string | null) {
    return withDocument(await this.s.orders.cancel(ctx, id, code));
  }
}
