import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith, currencySchema, pageSchema } from '@svc/kit';

export const regionListSchema = z.strictObject({ ...pageSchema });

export const regionSchema = z.strictObject({
  name: z.string().min(1).max(200),
  currency_code: currencySchema,
  countries: z
    .array(z.string().regex(/^[a-zA-Z]{2}$/, 'countries are 2-letter ISO codes'))
    .max(250)
    .nullish(),
});
export type RegionData = z.infer<typeof regionSchema>;

@InputType('RegionInput', { description: 'A new region' })
@ValidateWith(regionSchema)
export class RegionInput {
  @Field({ description: "The region's name, e.g. Europe" }) name!: string;
  @Field({ description: "The region's currency, ISO 4217 lower case (eur)" }) currency_code!: string;
  @Field(() => [String], { nullable: true, description: 'ISO 3166-1 alpha-2 codes' }) countries?: string[] | null;
}
