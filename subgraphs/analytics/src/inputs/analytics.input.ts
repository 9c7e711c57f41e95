import { z } from 'zod';
import { ArgsType, Field, Int } from 'type-graphql';
import { ValidateWith } from '@svc/kit';
import { METRICS } from '../services/rollups';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (name: string) =>
  z
    .string()
    .regex(DAY, `${name} is a day, YYYY-MM-DD`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${name} is not a calendar day`);

/** An IANA time zone name (`Europe/Berlin`); checked against the zones PostgreSQL knows when the report runs. */
const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'time_zone is an IANA time zone name, e.g. Europe/Berlin');

/** The longest range a report covers (two years and a day). */
const MAX_RANGE_DAYS = 732;

const range = z
  .object({
    from: day('from'),
    to: day('to'),
    time_zone: timeZoneSchema.default('UTC'),
  })
  .refine((r) => r.from <= r.to, { message: 'from must not be after to', path: ['from'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < MAX_RANGE_DAYS, {
    message: `a report covers at most ${MAX_RANGE_DAYS} days`,
    path: ['to'],
  });

const metric = z.enum(Object.keys(METRICS) as [keyof typeof METRICS, ...Array<keyof typeof METRICS>]);
const dims = [...new Set(Object.values(METRICS).flat())] as [string, ...string[]];

export const seriesSchema = range
  .and(z.object({ metric, dim: z.enum(dims).default('all') }))
  .refine((q) => (METRICS[q.metric] as readonly string[]).includes(q.dim), { message: 'the metric is not kept by that dimension', path: ['dim'] });
export type SeriesQuery = z.output<typeof seriesSchema>;

export const breakdownSchema = range
  .and(z.object({ metric, dim: z.enum(dims), limit: z.number().int().min(1).max(1000).default(50) }))
  .refine((q) => (METRICS[q.metric] as readonly string[]).includes(q.dim), { message: 'the metric is not kept by that dimension', path: ['dim'] });
export type BreakdownQuery = z.output<typeof breakdownSchema>;

export const funnelSchema = range;
export type RangeQuery = z.output<typeof range>;

export const exportSchema = z.object({
  after: z.string().min(1).max(40).optional(),
  limit: z.number().int().min(1).max(10_000).default(1000),
});
export type ExportQuery = z.output<typeof exportSchema>;

@ArgsType()
@ValidateWith(range)
export class AnalyticsRangeArgs {
  @Field({ description: 'first day, YYYY-MM-DD, in time_zone' }) from!: string;
  @Field({ description: 'last day (inclusive), YYYY-MM-DD, in time_zone' }) to!: string;
  @Field({ nullable: true, description: 'IANA time zone the days are counted in (default UTC)' }) time_zone?: string;
}

@ArgsType()
@ValidateWith(seriesSchema)
export class AnalyticsSeriesArgs extends AnalyticsRangeArgs {
  @Field({ description: `one of ${Object.keys(METRICS).join(', ')}` }) metric!: string;
  @Field({ nullable: true, description: 'all (default), region, currency, sales_channel, product, collection, term, outcome or campaign' }) dim?: string;
}

@ArgsType()
@ValidateWith(breakdownSchema)
export class AnalyticsBreakdownArgs extends AnalyticsRangeArgs {
  @Field() metric!: string;
  @Field({ description: 'the dimension whose values are ranked' }) dim!: string;
  @Field(() => Int, { nullable: true, description: 'at most 1000 (default 50)' }) limit?: number;
}

@ArgsType()
@ValidateWith(exportSchema)
export class AnalyticsExportArgs {
  @Field({ nullable: true, description: 'resume after this event id (the last line of the previous page)' }) after?: string;
  @Field(() => Int, { nullable: true, description: 'at most 10000 (default 1000)' }) limit?: number;
}
