import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { z } from 'zod';
import { validated, withDocument, type RequestContext } from '@svc/kit';
import type { CommerceServices } from '../services';
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

  @Query(() => [ShippingOptionType])
  adminShippingOptions(@Ctx() ctx: RequestContext, @Arg('region_id', () => String, { nullable: true }) regionId: string | null) {
    return this.s.setup.listShippingOptions(ctx, regionId ?? undefined);
  }

  @Mutation(() => ShippingOptionType)
  saveShippingOption(@Ctx() ctx: RequestContext, @Arg('id', () => String, { nullable: true }) id: string | null, @Arg('input') input: ShippingOptionInput) {
    return this.s.setup.saveShippingOption(ctx, id, { ...input, price_type: input.price_type ?? 'flat' });
  }

  @Mutation(() => Boolean)
  deleteShippingOption(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.setup.deleteShippingOption(ctx, id);
  }

  @Query(() => [TaxRateType])
  adminTaxRates(@Ctx() ctx: RequestContext, @Arg('region_id', () => String, { nullable: true }) regionId: string | null) {
    return this.s.setup.listTaxRates(ctx, regionId ?? undefined);
  }

  @Mutation(() => TaxRateType)
  saveTaxRate(@Ctx() ctx: RequestContext, @Arg('id', () => String, { nullable: true }) id: string | null, @Arg('input') input: TaxRateInput) {
    return this.s.setup.saveTaxRate(ctx, id, input);
  }

  @Mutation(() => Boolean)
  deleteTaxRate(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.setup.deleteTaxRate(ctx, id);
  }

  @Query(() => [PromotionType])
  adminPromotions(@Ctx() ctx: RequestContext) {
    return this.s.setup.listPromotions(ctx);
  }

  @Mutation(() => PromotionType)
  savePromotion(@Ctx() ctx: RequestContext, @Arg('id', () => String, { nullable: true }) id: string | null, @Arg('input') input: PromotionInput) {
    return this.s.setup.savePromotion(ctx, id, input);
  }

  @Query(() => [PaymentProviderSettingType])
  adminPaymentProviders(@Ctx() ctx: RequestContext) {
    return this.s.setup.listProviderSettings(ctx);
  }

  @Mutation(() => PaymentProviderSettingType, { description: 'enables or configures a provider; masked secrets keep their stored value' })
  savePaymentProvider(@Ctx() ctx: RequestContext, @Arg('input') input: PaymentProviderSettingInput) {
    return this.s.setup.saveProviderSetting(ctx, input as never);
  }

  @Query(() => CommerceSettingsType)
  commerceSettings(@Ctx() ctx: RequestContext) {
    return this.s.setup.settings(ctx);
  }

  @Mutation(() => CommerceSettingsType)
  saveCommerceSettings(@Ctx() ctx: RequestContext, @Arg('input') input: CommerceSettingsInput) {
    return this.s.setup.saveSettings(ctx, input);
  }

  @Query(() => OrderListType, {
    description: "the tenant's orders, newest first; q: digits are the display number (12 or #12), anything else part of the email, case-insensitive",
  })
  async adminOrders(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true }) offset: number | null,
    @Arg('status', () => [String], { nullable: true }) status: string[] | null,
    @Arg('customer_id', () => String, { nullable: true }) customerId: string | null,
    @Arg('q', () => String, { nullable: true }) q: string | null,
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
    @Arg('id') id: string,
    @Arg('tracking_number', () => String, { nullable: true }) trackingNumber: string | null,
    @Arg('carrier', () => String, { nullable: true }) carrier: string | null,
  ) {
    return withDocument(await this.s.orders.ship(ctx, id, { tracking_number: trackingNumber, carrier }));
  }

  @Mutation(() => OrderType, { description: 'captures the authorised payment (order.payment_captured)' })
  async captureOrderPayment(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return withDocument(await this.s.orders.capture(ctx, id));
  }
}
