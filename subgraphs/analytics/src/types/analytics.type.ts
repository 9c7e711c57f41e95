import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType('AnalyticsSeriesPoint', { description: 'One day (in the asked time zone) of a metric for one value of a dimension' })
export class AnalyticsSeriesPointType {
  @Field({ description: 'YYYY-MM-DD in the time zone' }) day!: string;
  @Field({ description: "the dimension's value ('' for the dimension all)" }) value!: string;
  @Field({ description: "lower-case ISO currency of amount ('' for metrics without money)" }) currency_code!: string;
  @Field(() => Int) count!: number;
  @Field(() => Float, { description: 'major units of currency_code' }) amount!: number;
}

@ObjectType('AnalyticsBreakdownRow', { description: "A dimension's value over the whole range" })
export class AnalyticsBreakdownRowType {
  @Field() value!: string;
  @Field() currency_code!: string;
  @Field(() => Int) count!: number;
  @Field(() => Float) amount!: number;
}

@ObjectType('AnalyticsFunnel', { description: 'The tracking funnel and carts over a range' })
export class AnalyticsFunnelType {
  @Field(() => Int, { description: 'tracked page_view events (sessions with analytics consent)' }) page_views!: number;
  @Field(() => Int, { description: 'tracked add_to_cart events' }) add_to_carts!: number;
  @Field(() => Int, { description: 'orders placed' }) orders!: number;
  @Field(() => Int) carts_created!: number;
  @Field(() => Int, { description: 'carts completed into orders' }) carts_completed!: number;
}

@ObjectType('AnalyticsRebuild')
export class AnalyticsRebuildType {
  @Field(() => Int, { description: 'recorded events replayed' }) events!: number;
  @Field(() => Int, { description: 'rollup cells written' }) cells!: number;
}

@ObjectType('AnalyticsExportedEvent', { description: 'A raw domain event as recorded' })
export class AnalyticsExportedEventType {
  @Field() id!: string;
  @Field() type!: string;
  @Field() created_at!: string;
  @Field({ description: 'the payload as JSON text' }) data!: string;
}
