import { z } from 'zod';
import { Field, Float, InputType } from 'type-graphql';
import { ValidateWith } from '@svc/kit';

/** ISO 4217 codes this runtime knows (Intl), upper case. */
export const ISO_4217_CODES: readonly string[] = Intl.supportedValuesOf('currency');
const ISO_4217 = new Set(ISO_4217_CODES);

/** A 3-letter currency code in either case, as upper case; `unknown_currency` when ISO 4217 has no such code. */
export const isoCurrencySchema = z
  .string()
  .regex(/^[a-zA-Z]{3}$/, 'must be a 3-letter ISO 4217 currency code')
  .transform((v) => v.toUpperCase())
  .refine((v) => ISO_4217.has(v), { message: 'is not an ISO 4217 currency code' });

/** A manual rate: > 0 and at most 1e9 (kept with 12 decimals). */
const manualRateSchema = z.number().positive('rate must be greater than 0').max(1e9, 'rate must be at most 1000000000');

export const addCurrencyPairSchema = z
  .strictObject({ base: isoCurrencySchema, quote: isoCurrencySchema, manual_rate: manualRateSchema.nullish() })
  .refine((v) => v.base !== v.quote, { message: 'base and quote must differ', path: ['quote'] });
export type AddCurrencyPairData = z.infer<typeof addCurrencyPairSchema>;

export const setManualRateSchema = z.strictObject({ rate: manualRateSchema });

@InputType('AddCurrencyPairInput', { description: 'A currency pair to follow (ISO 4217 codes, upper case)' })
@ValidateWith(addCurrencyPairSchema)
export class AddCurrencyPairInput {
  @Field({ description: 'ISO 4217 code, e.g. EUR' }) base!: string;
  @Field({ description: 'ISO 4217 code, e.g. USD' }) quote!: string;
  @Field(() => Float, { nullable: true, description: 'A manual override from the start (units of quote per 1 base)' }) manual_rate?: number | null;
}
