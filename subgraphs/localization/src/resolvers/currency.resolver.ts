import { Arg, Authorized, Ctx, Float, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { LocalizationServices } from '../services';
import { CurrencyPairType, CurrencyRateType, ExchangeRatesType, RateSourceStatusType } from '../types/localization.type';
import { AddCurrencyPairInput } from '../inputs/currency.input';

/** Currency pairs, overrides and rates: storefronts read rates, admins manage pairs and feeds. */
@Resolver(() => CurrencyPairType)
export class CurrencyResolver {
  constructor(private readonly s: LocalizationServices) {}

  @Query(() => [CurrencyRateType], { description: 'The active rate of every configured pair' })
  currencyRates(@Ctx() ctx: RequestContext) {
    return this.s.currencies.activeRates(ctx);
  }

  @Query(() => ExchangeRatesType, { description: "The feed snapshot for a base currency (default: the feed's own base)" })
  exchangeRates(@Ctx() ctx: RequestContext, @Arg('base', () => String, { nullable: true }) base?: string | null) {
    return this.s.currencies.exchangeRates(ctx, base);
  }

  @Authorized('admin')
  @Query(() => [CurrencyPairType])
  currencyPairs(@Ctx() ctx: RequestContext) {
    return this.s.currencies.pairs(ctx);
  }

  @Authorized('admin')
  @Query(() => [RateSourceStatusType], { description: 'The rate feeds: last answer, last error, whether each counts now' })
  currencyRateSources(@Ctx() ctx: RequestContext) {
    return this.s.currencies.sourceStatus(ctx);
  }

  @Authorized('admin')
  @Mutation(() => CurrencyPairType)
  addCurrencyPair(@Ctx() ctx: RequestContext, @Arg('input') input: AddCurrencyPairInput) {
    return this.s.currencies.addPair(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => CurrencyPairType)
  removeCurrencyPair(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.currencies.removePair(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => CurrencyPairType, { description: 'A manual rate for the pair: it wins over every feed' })
  setCurrencyRateOverride(@Ctx() ctx: RequestContext, @Arg('id') id: string, @Arg('rate', () => Float) rate: number) {
    return this.s.currencies.setManualRate(ctx, id, rate);
  }

  @Authorized('admin')
  @Mutation(() => CurrencyPairType)
  clearCurrencyRateOverride(@Ctx() ctx: RequestContext, @Arg('id') id: string) {
    return this.s.currencies.setManualRate(ctx, id, null);
  }

  @Authorized('admin')
  @Mutation(() => [RateSourceStatusType], { description: 'Asks every rate feed now; answers their state' })
  refreshCurrencyRates(@Ctx() ctx: RequestContext) {
    return this.s.currencies.refresh(ctx);
  }
}
