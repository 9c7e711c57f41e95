import { Arg, Authorized, Ctx, FieldResolver, Float, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { LocalizationServices } from '../services';
import { CurrencyPairType, CurrencyRateType, ExchangeRateType, ExchangeRatesType, RateSourceStatusType } from '../types/localization.type';
import type { ExchangeRatesView } from '../services/views';
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
  exchangeRates(
    @Ctx() ctx: RequestContext,
    @Arg('base', () => String, { nullable: true, description: "The base currency (ISO 4217); default: the feed's own base (EUR for the ECB)" })
    base?: string | null,
  ) {
    return this.s.currencies.exchangeRates(ctx, base);
  }

  @Authorized('admin')
  @Query(() => [CurrencyPairType], { description: 'Admin: the configured currency pairs and their manual rates' })
  currencyPairs(@Ctx() ctx: RequestContext) {
    return this.s.currencies.pairs(ctx);
  }

  @Authorized('admin')
  @Query(() => [RateSourceStatusType], { description: 'The rate feeds: last answer, last error, whether each counts now' })
  currencyRateSources(@Ctx() ctx: RequestContext) {
    return this.s.currencies.sourceStatus(ctx);
  }

  @Authorized('admin')
  @Mutation(() => CurrencyPairType, { description: 'Adds a currency pair to follow' })
  addCurrencyPair(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The pair' }) input: AddCurrencyPairInput) {
    return this.s.currencies.addPair(ctx, input);
  }

  @Authorized('admin')
  @Mutation(() => CurrencyPairType, { description: 'Removes a currency pair; answers what it was' })
  removeCurrencyPair(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The pair id' }) id: string) {
    return this.s.currencies.removePair(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => CurrencyPairType, { description: 'A manual rate for the pair: it wins over every feed' })
  setCurrencyRateOverride(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The pair id' }) id: string,
    @Arg('rate', () => Float, { description: 'Units of quote per 1 base (positive)' }) rate: number,
  ) {
    return this.s.currencies.setManualRate(ctx, id, rate);
  }

  @Authorized('admin')
  @Mutation(() => CurrencyPairType, { description: 'Removes the manual rate: the feeds count again' })
  clearCurrencyRateOverride(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The pair id' }) id: string) {
    return this.s.currencies.setManualRate(ctx, id, null);
  }

  @Authorized('admin')
  @Mutation(() => [RateSourceStatusType], { description: 'Asks every rate feed now; answers their state' })
  refreshCurrencyRates(@Ctx() ctx: RequestContext) {
    return this.s.currencies.refresh(ctx);
  }
}

/** A feed snapshot's rates as one typed entry per quote currency (REST answers them as a `{CODE: rate}` map). */
@Resolver(() => ExchangeRatesType)
export class ExchangeRatesResolver {
  @FieldResolver(() => [ExchangeRateType], { description: 'Units of each quote currency per 1 of the base, by currency code' })
  rates(@Root() snapshot: ExchangeRatesView): ExchangeRateType[] {
    return Object.entries(snapshot.rates).map(([currency, rate]) => ({ currency, rate }));
  }
}
