import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';
import type { Customer, CustomerAddress } from '../entities/customer.entity';

@ObjectType('CustomerAddress', { simpleResolvers: true })
export class CustomerAddressType {
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
}

@ObjectType('Customer', { simpleResolvers: true })
@Directive('@key(fields: "id")')
export class CustomerType {
  @Field(() => ID) id!: string;
  @Field() email!: string;
  @Field(() => String, { nullable: true }) first_name!: string | null;
  @Field(() => String, { nullable: true }) last_name!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true }) company_name!: string | null;
  @Field() has_account!: boolean;
  @Field(() => String, { nullable: true }) default_billing_address_id!: string | null;
  @Field(() => String, { nullable: true }) default_shipping_address_id!: string | null;
  @Field(() => [CustomerAddressType]) addresses!: CustomerAddressType[];
  @Field(() => JSONScalar, { nullable: true }) metadata!: Record<string, unknown> | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
  @Field(() => String, { nullable: true }) deleted_at!: string | null;
}

export function toAddressType(a: CustomerAddress, customerId: string): CustomerAddressType {
  return {
    id: a.id,
    address_name: a.addressName,
    is_default_shipping: a.isDefaultShipping,
    is_default_billing: a.isDefaultBilling,
    customer_id: customerId,
    company: a.company,
    first_name: a.firstName,
    last_name: a.lastName,
    address_1: a.address1,
    address_2: a.address2,
    city: a.city,
    country_code: a.countryCode,
    province: a.province,
    postal_code: a.postalCode,
    phone: a.phone,
    metadata: a.metadata,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

export function toCustomerType(c: Customer): CustomerType {
  return {
    id: c.id,
    email: c.email,
    first_name: c.firstName,
    last_name: c.lastName,
    phone: c.phone,
    company_name: c.companyName,
    has_account: c.hasAccount,
    default_billing_address_id: c.defaultBillingAddressId,
    default_shipping_address_id: c.defaultShippingAddressId,
    addresses: c.addresses.isInitialized() ? c.addresses.getItems().map((a) => toAddressType(a, c.id)) : [],
    metadata: c.metadata,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    deleted_at: c.deletedAt ? c.deletedAt.toISOString() : null,
  };
}
