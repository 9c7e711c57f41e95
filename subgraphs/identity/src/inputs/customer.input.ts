import { z } from 'zod';
import { ArgsType, Field, InputType } from 'type-graphql';
import { JSONScalar, PageArgs, ValidateWith, type Metadata, metadataSchema, pageSchema, postalAddressFields } from '@svc/kit';

/** The constraints of customer inputs, written once: GraphQL validates with them, REST routes reuse them. */
const text = (max: number) => z.string().max(max).nullish();
const profile = {
  first_name: text(200),
  last_name: text(200),
  phone: text(50),
  company_name: text(200),
  metadata: metadataSchema.nullish(),
};
export const updateCustomerSchema = z.strictObject(profile);
export type UpdateCustomerData = z.infer<typeof updateCustomerSchema>;
export const createCustomerSchema = z.strictObject({ ...profile, email: z.string().max(320).email('email must be a valid email address').nullish() });
export type CreateCustomerData = z.infer<typeof createCustomerSchema>;
export const addressSchema = z.strictObject({
  address_name: text(200),
  is_default_shipping: z.boolean().nullish(),
  is_default_billing: z.boolean().nullish(),
  ...postalAddressFields,
});
export type AddressData = z.infer<typeof addressSchema>;

@InputType('UpdateCustomerInput')
@ValidateWith(updateCustomerSchema)
export class UpdateCustomerInput {
  @Field(() => String, { nullable: true }) first_name?: string | null;
  @Field(() => String, { nullable: true }) last_name?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) company_name?: string | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}

@InputType('CreateCustomerInput')
@ValidateWith(createCustomerSchema)
export class CreateCustomerInput extends UpdateCustomerInput {
  @Field(() => String, { nullable: true }) email?: string | null;
}

@InputType('CustomerAddressInput')
@ValidateWith(addressSchema)
export class CustomerAddressInput {
  @Field(() => String, { nullable: true }) address_name?: string | null;
  @Field(() => Boolean, { nullable: true }) is_default_shipping?: boolean | null;
  @Field(() => Boolean, { nullable: true }) is_default_billing?: boolean | null;
  @Field(() => String, { nullable: true }) company?: string | null;
  @Field(() => String, { nullable: true }) first_name?: string | null;
  @Field(() => String, { nullable: true }) last_name?: string | null;
  @Field(() => String, { nullable: true }) address_1?: string | null;
  @Field(() => String, { nullable: true }) address_2?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) country_code?: string | null;
  @Field(() => String, { nullable: true }) province?: string | null;
  @Field(() => String, { nullable: true }) postal_code?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}

/** Admin: the store's customers, newest first; `q` words each match the email, first or last name. */
export const adminCustomerListSchema = z.strictObject({
  ...pageSchema,
  q: z.string().max(200, 'q is at most 200 characters').optional(),
});
export type AdminCustomerListQuery = z.infer<typeof adminCustomerListSchema>;

@ArgsType()
@ValidateWith(adminCustomerListSchema)
export class AdminCustomerListArgs extends PageArgs {
  @Field({ nullable: true, description: 'words each found (case-insensitive) in the email, first name or last name' }) q?: string;
}
