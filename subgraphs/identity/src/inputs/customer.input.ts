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

@InputType('UpdateCustomerInput', { description: "Changes to the signed-in customer's profile; absent fields stay, null clears" })
@ValidateWith(updateCustomerSchema)
export class UpdateCustomerInput {
  @Field(() => String, { nullable: true, description: 'First name; null clears' }) first_name?: string | null;
  @Field(() => String, { nullable: true, description: 'Last name; null clears' }) last_name?: string | null;
  @Field(() => String, { nullable: true, description: 'Phone number; null clears' }) phone?: string | null;
  @Field(() => String, { nullable: true, description: 'Company name; null clears' }) company_name?: string | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data (replaces the stored object); null clears' }) metadata?: Metadata | null;
}

@InputType('CreateCustomerInput', { description: 'The profile of the signed-in customer, created or completed; absent fields stay' })
@ValidateWith(createCustomerSchema)
export class CreateCustomerInput extends UpdateCustomerInput {
  @Field(() => String, { nullable: true, description: 'The email; when given it must be the address the customer signed in with' }) email?: string | null;
}

@InputType('CustomerAddressInput', { description: "An address of the signed-in customer's address book; on update absent fields stay, null clears" })
@ValidateWith(addressSchema)
export class CustomerAddressInput {
  @Field(() => String, { nullable: true, description: 'A name for the address, e.g. Home' }) address_name?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'true makes it the default shipping address (the previous default loses the mark)' })
  is_default_shipping?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'true makes it the default billing address (the previous default loses the mark)' })
  is_default_billing?: boolean | null;
  @Field(() => String, { nullable: true, description: 'Company name' }) company?: string | null;
  @Field(() => String, { nullable: true, description: "Recipient's first name" }) first_name?: string | null;
  @Field(() => String, { nullable: true, description: "Recipient's last name" }) last_name?: string | null;
  @Field(() => String, { nullable: true, description: 'Street and house number' }) address_1?: string | null;
  @Field(() => String, { nullable: true, description: 'Second address line (apartment, floor)' }) address_2?: string | null;
  @Field(() => String, { nullable: true, description: 'City' }) city?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 country code (de)' }) country_code?: string | null;
  @Field(() => String, { nullable: true, description: 'State, province or county (free text)' }) province?: string | null;
  @Field(() => String, { nullable: true, description: 'Postal code' }) postal_code?: string | null;
  @Field(() => String, { nullable: true, description: 'Phone number at the address' }) phone?: string | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data kept on the address' }) metadata?: Metadata | null;
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
