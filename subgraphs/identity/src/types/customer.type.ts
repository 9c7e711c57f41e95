import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar, PaginatedList } from '@svc/kit';
import type { CustomerAddressView, CustomerView } from '../services/views';

@ObjectType('CustomerAddress', { simpleResolvers: true })
export class CustomerAddressType implements CustomerAddressView {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) address_name!: string | null;
  @Field() is_default_shipping!: boolean;
  @Field() is_default_billing!: boolean;
  @Field() customer_id!: string;
  @Field(() => String, { nullable: true }) company!: string | null;
  @Field(() => String, { nullable: true }) first_name!: string | null;
  @Field(() => String, { nullable: true }) last_name!: string | null;
  @Field(() => String, { nullable: true }) address_1!: string | null;
  @Field(() => String, { nullable: true }) address_2!: string | null;
  @Field(() => String, { nullable: true }) city!: string | null;
  @Field(() => String, { nullable: true }) country_code!: string | null;
  @Field(() => String, { nullable: true }) province!: string | null;
  @Field(() => String, { nullable: true }) postal_code!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true, description: 'always null: a deleted address is removed' }) deleted_at!: null;
}

@ObjectType('Customer', { simpleResolvers: true })
@Directive('@key(fields: "id")')
export class CustomerType implements CustomerView {
  @Field(() => ID) id!: string;
  @Field() email!: string;
  @Field(() => String, { nullable: true }) first_name!: string | null;
  @Field(() => String, { nullable: true }) last_name!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true }) company_name!: string | null;
  @Field() has_account!: boolean;
  @Field({ description: 'the customer proved the address (the verification link, or a password reset mailed to it)' }) email_verified!: boolean;
  @Field(() => String, { nullable: true }) default_billing_address_id!: string | null;
  @Field(() => String, { nullable: true }) default_shipping_address_id!: string | null;
  @Field(() => [CustomerAddressType]) addresses!: CustomerAddressType[];
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true }) deleted_at!: string | null;
}

@ObjectType('CustomerList')
export class CustomerListType extends PaginatedList(CustomerType) {}
