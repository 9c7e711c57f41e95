import { Field, Float, Int, ObjectType } from 'type-graphql';

const S = { simpleResolvers: true };

@ObjectType('AssistantMoney', S)
class AssistantMoneyType {
  @Field({ description: 'lower case' }) currency_code!: string;
  @Field(() => Float, { description: 'major units' }) amount!: number;
}

@ObjectType('AssistantChannelTotals', S)
class AssistantChannelTotalsType {
  @Field(() => Float, { nullable: true, description: 'In the ad account’s currency; null when the channel is not connected or unavailable' }) spend!:
    number | null;
  @Field(() => Float, { nullable: true }) impressions!: number | null;
  @Field(() => Int, { nullable: true }) clicks!: number | null;
  @Field(() => Int, { description: 'Tracked purchases attributed to the channel by utm_source' }) conversions!: number;
  @Field(() => [AssistantMoneyType], { description: 'Their value, per currency' }) revenue!: AssistantMoneyType[];
}

@ObjectType('AssistantChannelDay', S)
class AssistantChannelDayType extends AssistantChannelTotalsType {
  @Field({ description: 'YYYY-MM-DD (UTC)' }) day!: string;
}

@ObjectType('AssistantMarketingChannel', { ...S, description: 'One advertising channel (meta, google_ads) or other sources, per day' })
class AssistantMarketingChannelType {
  @Field({ description: 'meta, google_ads or other' }) channel!: string;
  @Field({ description: 'ok, unavailable (the ad platform failed) or not_connected' }) status!: string;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, { nullable: true }) account_id!: string | null;
  @Field(() => String, { nullable: true, description: 'The currency of spend' }) currency_code!: string | null;
  @Field(() => [String], { description: 'The utm_source values attributed to it in the range' }) sources!: string[];
  @Field(() => AssistantChannelTotalsType) totals!: AssistantChannelTotalsType;
  @Field(() => [AssistantChannelDayType]) days!: AssistantChannelDayType[];
}

@ObjectType('AssistantPlatformDay', S)
class AssistantPlatformDayType {
  @Field() day!: string;
  @Field(() => Int) orders!: number;
  @Field(() => [AssistantMoneyType]) revenue!: AssistantMoneyType[];
}

@ObjectType('AssistantPlatformSales', { ...S, description: 'The store’s own orders and revenue (analytics), every channel together' })
class AssistantPlatformSalesType {
  @Field(() => Int) orders!: number;
  @Field(() => [AssistantMoneyType]) revenue!: AssistantMoneyType[];
  @Field(() => [AssistantPlatformDayType]) days!: AssistantPlatformDayType[];
}

@ObjectType('AssistantMarketingDashboard', { ...S, description: 'Spend, impressions, clicks, conversions and revenue per channel and day' })
export class AssistantMarketingDashboardType {
  @Field() from!: string;
  @Field() to!: string;
  @Field(() => [AssistantMarketingChannelType]) channels!: AssistantMarketingChannelType[];
  @Field(() => AssistantPlatformSalesType) platform!: AssistantPlatformSalesType;
  @Field() computed_at!: string;
  @Field({ description: 'Answered from the cache of this store and range' }) cached!: boolean;
}

@ObjectType('AssistantAdChannel', { ...S, description: 'An advertising account the dashboard reads (its token is never shown)' })
export class AssistantAdChannelType {
  @Field() channel!: string;
  @Field() account_id!: string;
  @Field(() => String, { nullable: true }) login_customer_id!: string | null;
  @Field({ description: 'A token of its own is saved (Meta without one uses the store’s Meta connection)' }) has_token!: boolean;
  @Field() updated_at!: string;
}
