import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { z } from 'zod';
import { validated, withDocument, type RequestContext } from '@svc/kit';
import type { CommerceServices } from '../services';
import { RefundOrderPaymentInput, refundSchema } from '../inputs/refund.input';
import { CommerceSettingsInput, PaymentProviderSettingInput, PromotionInput, ShippingOptionInput, TaxRateInput } from '../inputs/setup.input';
import {
  CommerceSettingsType,
  OrderListType,
  OrderType,
  PaymentProviderSettingType,
  PromotionType,
  ShippingOptionType,
  TaxRateType,
} from '../types/commerce.type';

/** What admins manage for the storefront's checkout, and the orders it produces (admin token, own tenant). */
@Authorized('admin')
@Resolver()
export class CommerceAdminResolver {
  constructor(private readonly s: CommerceServices) {}

  @Query(() => [ShippingOptionType], { description: "The store's shipping options, disabled ones included" })
  adminShippingOptions(
    @Ctx() ctx: RequestContext,
    @Arg('region_id', () => String, { nullable: true, description: "Only this region's (reg_…)" }) regionId: string | null,
  ) {
    return this.s.setup.listShippingOptions(ctx, regionId ?? undefined);
  }

  @Mutation(() => ShippingOptionType, { description: 'Creates a shipping option, or replaces one by id' })
  saveShippingOption(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => String, { nullable: true, description: 'The option to replace (so_…); absent: a new one' }) id: string | null,
    @Arg('input', { description: "The option's fields" }) input: ShippingOptionInput,
  ) {
    return this.s.setup.saveShippingOption(ctx, id, { ...input, price_type: input.price_type ?? 'flat' });
  }

  @Mutation(() => Boolean, { description: 'Deletes a shipping option; true when done (404 when unknown)' })
  deleteShippingOption(@Ctx() ctx: RequestContext, @Arg('id', { description: "The option's id (so_…)" }) id: string) {
    return this.s.setup.deleteShippingOption(ctx, id);
  }

  @Query(() => [TaxRateType], { description: "The store's tax rates" })
  adminTaxRates(
    @Ctx() ctx: RequestContext,
    @Arg('region_id', () => String, { nullable: true, description: "Only this region's (reg_…)" }) regionId: string | null,
  ) {
    return this.s.setup.listTaxRates(ctx, regionId ?? undefined);
  }

  @Mutation(() => TaxRateType, { description: 'Creates a tax rate, or replaces one by id' })
  saveTaxRate(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => String, { nullable: true, description: 'The rate to replace (txr_…); absent: a new one' }) id: string | null,
    @Arg('input', { description: "The rate's fields" }) input: TaxRateInput,
  ) {
    return this.s.setup.saveTaxRate(ctx, id, input);
  }

  @Mutation(() => Boolean, { description: 'Deletes a tax rate; true when done (404 when unknown)' })
  deleteTaxRate(@Ctx() ctx: RequestContext, @Arg('id', { description: "The rate's id (txr_…)" }) id: string) {
    return this.s.setup.deleteTaxRate(ctx, id);
  }

  @Query(() => [PromotionType], { description: "The store's promotions, newest first" })
  adminPromotions(@Ctx() ctx: RequestContext) {
    return this.s.setup.listPromotions(ctx);
  }

  @Mutation(() => PromotionType, { description: 'Creates a promotion, or replaces one by id' })
  savePromotion(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => String, { nullable: true, description: 'The promotion to replace (promo_…); absent: a new one' }) id: string | null,
    @Arg('input', { description: "The promotion's fields" }) input: PromotionInput,
  ) {
    return this.s.setup.savePromotion(ctx, id, input);
  }

  @Query(() => [PaymentProviderSettingType], { description: "The store's payment provider settings (secret values masked)" })
  adminPaymentProviders(@Ctx() ctx: RequestContext) {
    return this.s.setup.listProviderSettings(ctx);
  }

  @Mutation(() => PaymentProviderSettingType, { description: 'enables or configures a provider; masked secrets keep their stored value' })
  savePaymentProvider(
    @Ctx() ctx: RequestContext,
    @Arg('input', { description: 'The provider, whether it is enabled, its regions and settings' }) input: PaymentProviderSettingInput,
  ) {
    return this.s.setup.saveProviderSetting(ctx, input as never);
  }

  @Query(() => CommerceSettingsType, { description: "The store's checkout settings (defaults when never saved)" })
  commerceSettings(@Ctx() ctx: RequestContext) {
    return this.s.setup.settings(ctx);
  }

  @Mutation(() => CommerceSettingsType, { description: 'Changes the checkout settings; answers them all' })
  saveCommerceSettings(@Ctx() ctx: RequestContext, @Arg('input', { description: 'What changes' }) input: CommerceSettingsInput) {
    return this.s.setup.saveSettings(ctx, input);
  }

  @Query(() => OrderListType, {
    description: "the tenant's orders, newest first; q: digits are the display number (12 or #12), anything else part of the email, case-insensitive",
  })
  async adminOrders(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true, description: 'Page size: 50 by default, at most 100' }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true, description: 'Orders to skip (0 by default)' }) offset: number | null,
    @Arg('status', () => [String], {
      nullable: true,
      description: 'Only orders with one of these statuses (pending, completed, canceled, archived, requires_action)',
    })
    status: string[] | null,
    @Arg('customer_id', () => String, { nullable: true, description: "Only this customer's orders (cus_…)" }) customerId: string | null,
    @Arg('q', () => String, { nullable: true, description: 'Search, at most 200 characters: the display number (12 or #12), else part of the email' })
    q: string | null,
  ) {
    const r = await this.s.orders.list(ctx, {
      limit: limit ?? undefined,
      offset: offset ?? undefined,
      status: status ?? undefined,
      customer_id: customerId ?? undefined,
      q: q == null ? undefined : validated(z.string().max(200, 'q is at most 200 characters'), q, 'q'),
    });
    return { ...r, items: r.items.map(withDocument) };
  }

  @Mutation(() => OrderType, { description: 'ships the order (order.fulfilment_shipped): reserved stock leaves the warehouse' })
  async shipOrder(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The order's id (order_…); 409 invalid_transition when canceled or already shipped" }) id: string,
    @Arg('tracking_number', () => String, { nullable: true, description: "The carrier's tracking number, kept on the fulfilment" })
    trackingNumber: string | null,
    @Arg('carrier', () => String, { nullable: true, description: "The carrier's name, kept with the tracking number" }) carrier: string | null,
  ) {
    return withDocument(await this.s.orders.ship(ctx, id, { tracking_number: trackingNumber, carrier }));
  }

  @Mutation(() => OrderType, { description: 'captures the authorised payment (order.payment_captured)' })
  async captureOrderPayment(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The order's id (order_…); 409 invalid_transition without an authorised payment" }) id: string,
  ) {
    return withDocument(await this.s.orders.capture(ctx, id));
  }

  @Mutation(() => OrderType, {
    description:
      "refunds part or all of the captured payment through the provider that captured it (order.refunded); the order's payment_status becomes partially_refunded or refunded",
  })
  async refundOrderPayment(
    @Ctx() ctx: RequestContext,
    @Arg('id', {
      description:
        "The order's id (order_…); 409 invalid_transition without a captured payment, 409 refund_exceeds_captured beyond what is left, 409 refund_failed when the provider refuses",
    })
    id: string,
    @Arg('input', { description: 'The amount, its currency, the reason and a note' }) input: RefundOrderPaymentInput,
  ) {
    return withDocument(await this.s.orders.refund(ctx, id, validated(refundSchema, { ...input }, 'input')));
  }
}
