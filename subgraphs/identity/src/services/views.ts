/** The customer as identity's services return it (plain objects, snake_case like the API). */
import type { Customer, CustomerAddress } from '../entities/customer.entity';

export interface CustomerAddressView {
  id: string;
  address_name: string | null;
  is_default_shipping: boolean;
  is_default_billing: boolean;
  customer_id: string;
  company: string | null;
  first_name: string | null;
  last_name: string | null;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  country_code: string | null;
  province: string | null;
  postal_code: string | null;
  phone: string | null;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  /** always null: a deleted address is removed (Medusa's key) */
  deleted_at: null;
}

export interface CustomerView {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  company_name: string | null;
  has_account: boolean;
  /** the customer proved the address (the verification link, or a password reset mailed to it) */
  email_verified: boolean;
  default_billing_address_id: string | null;
  default_shipping_address_id: string | null;
  addresses: CustomerAddressView[];
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export function toAddressView(a: CustomerAddress, customerId: string): CustomerAddressView {
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
    deleted_at: null,
  };
}

export function toCustomerView(c: Customer): CustomerView {
  return {
    id: c.id,
    email: c.email,
    first_name: c.firstName,
    last_name: c.lastName,
    phone: c.phone,
    company_name: c.companyName,
    has_account: c.hasAccount,
    email_verified: !!c.emailVerifiedAt,
    default_billing_address_id: c.defaultBillingAddressId,
    default_shipping_address_id: c.defaultShippingAddressId,
    addresses: c.addresses.isInitialized() ? c.addresses.getItems().map((a) => toAddressView(a, c.id)) : [],
    metadata: c.metadata,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    deleted_at: c.deletedAt ? c.deletedAt.toISOString() : null,
  };
}

/** A `customer` row as `CustomerService.me` reads it (snake_case columns). */
export type CustomerRow = Omit<CustomerView, 'addresses' | 'created_at' | 'updated_at' | 'deleted_at'> & {
  created_at: Stamp;
  updated_at: Stamp;
  deleted_at: Stamp | null;
};

/** a timestamp column as the driver answers it (a Date, or its text where a type parser keeps text) */
type Stamp = Date | string;
const iso = (v: Stamp) => new Date(v).toISOString();

/** A `customer_address` row as `CustomerService.me` reads it (the view's fields, in its order). */
export type AddressRow = Omit<CustomerAddressView, 'created_at' | 'updated_at' | 'deleted_at'> & { created_at: Stamp; updated_at: Stamp };

/**
 * `toCustomerView` of rows read with plain SQL, whose columns are the view's fields in its order:
 * the same document as from the entities, timestamps as ISO text.
 */
export function customerViewOf(c: CustomerRow, addresses: AddressRow[]): CustomerView {
  const { metadata, created_at, updated_at, deleted_at, ...head } = c;
  return {
    ...head,
    addresses: addresses.map((a) => ({ ...a, created_at: iso(a.created_at), updated_at: iso(a.updated_at), deleted_at: null })),
    metadata,
    created_at: iso(created_at),
    updated_at: iso(updated_at),
    deleted_at: deleted_at ? iso(deleted_at) : null,
  };
}
