import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';
import type { CustomerAddressView, CustomerView } from '../services/views';

@ObjectType('CustomerAddress', { simpleResolvers: true, description: "An address in a customer's address book" })
export class CustomerAddressType implements CustomerAddressView {
  @Field(() => ID, { description: 'The address id (cuaddr_…)' }) id!: string;
  @Field(() => String, { nullable: true, description: 'A name the customer gives the address, e.g. Home; null when none' }) address_name!: string | null;
  @Field({ description: "Whether this is the customer's default shipping address" }) is_default_shipping!: boolean;
  @Field({ description: "Whether this is the customer's default billing address" }) is_default_billing!: boolean;
  @Field({ description: 'The customer the address belongs to' }) customer_id!: string;
  @Field(() => String, { nullable: true, description: 'Company name; null when none' }) company!: string | null;
  @Field(() => String, { nullable: true, description: "Recipient's first name; null when not given" }) first_name!: string | null;
  @Field(() => String, { nullable: true, description: "Recipient's last name; null when not given" }) last_name!: string | null;
  @Field(() => String, { nullable: true, description: 'Street and house number; null when not given' }) address_1!: string | null;
  @Field(() => String, { nullable: true, description: 'Second address line (apartment, floor); null when none' }) address_2!: string | null;
  @Field(() => String, { nullable: true, description: 'City; null when not given' }) city!: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 country code, lower case (de); null when not given' }) country_code!: string | null;
  @Field(() => String, { nullable: true, description: 'State, province or county (free text); null when none' }) province!: string | null;
  @Field(() => String, { nullable: true, description: 'Postal code; null when not given' }) postal_code!: string | null;
  @Field(() => String, { nullable: true, description: 'Phone number at the address; null when none' }) phone!: string | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data kept on the address; null when none' }) metadata!: Record<
    string,
    unknown
  > | null;
  @Field({ description: 'When the address was added (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the address last changed (ISO 8601, UTC)' }) updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: a deleted address is removed' }) deleted_at!: null;
}

@ObjectType('Customer', {
  simpleResolvers: true,
  description: 'A customer of the store: the profile, its addresses and sign-in state (the commerce domain adds orders)',
})
@Directive('@key(fields: "id")')
export class CustomerType implements CustomerView {
  @Field(() => ID, { description: 'The customer id (cus_…)' }) id!: string;
  @Field({ description: "The customer's email address (lower case); unique in the store" }) email!: string;
  @Field(() => String, { nullable: true, description: 'First name; null when not given' }) first_name!: string | null;
  @Field(() => String, { nullable: true, description: 'Last name; null when not given' }) last_name!: string | null;
  @Field(() => String, { nullable: true, description: 'Phone number; null when not given' }) phone!: string | null;
  @Field(() => String, { nullable: true, description: 'Company name; null when none' }) company_name!: string | null;
  @Field({ description: 'Whether the customer can sign in (registered with a password or a provider account); false for a guest or an erased customer' })
  has_account!: boolean;
  @Field({ description: 'the customer proved the address (the verification link, or a password reset mailed to it)' }) email_verified!: boolean;
  @Field(() => String, { nullable: true, description: 'The address used for billing by default; null when none is marked' }) default_billing_address_id!:
    string | null;
  @Field(() => String, { nullable: true, description: 'The address used for shipping by default; null when none is marked' }) default_shipping_address_id!:
    string | null;
  @Field(() => [CustomerAddressType], { description: "The customer's address book" }) addresses!: CustomerAddressType[];
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data kept on the customer; null when none' }) metadata!: Record<
    string,
    unknown
  > | null;
  @Field({ description: 'When the customer was created (ISO 8601, UTC)' }) created_at!: string;
  @Field({ description: 'When the profile last changed (ISO 8601, UTC)' }) updated_at!: string;
  @Field(() => String, { nullable: true, description: 'When the customer was deleted (ISO 8601, UTC); null for a live customer' }) deleted_at!: string | null;
}

@ObjectType('CustomerList', { description: 'A page of customers' })
export class CustomerListType extends PaginatedList(CustomerType) {}
