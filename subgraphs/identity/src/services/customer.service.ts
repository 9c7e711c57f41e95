import {
  DomainError,
  Errors,
  containsPattern,
  loaderFor,
  normalizePage,
  requireCustomer,
  requireTenant,
  type Paginated,
  type RequestContext,
  type Store,
} from '@svc/kit';
import type { EntityManager } from '@mikro-orm/core';
import { Customer, CustomerAddress } from '../entities/customer.entity';
import { identityEvents } from '../events';
import type { AddressData, AdminCustomerListQuery, CreateCustomerData, UpdateCustomerData } from '../inputs/customer.input';
import { customerViewOf, toCustomerView, type AddressRow, type CustomerRow, type CustomerView } from './views';

export const MAX_ADDRESSES = 50;

const PROFILE_FIELDS = ['first_name', 'last_name', 'phone', 'company_name', 'metadata'] as const;

/** The fields of `input` that were given, applied to the customer; returns their names. */
function applyProfile(c: Customer, input: UpdateCustomerData): string[] {
  if (input.first_name !== undefined) c.firstName = input.first_name;
  if (input.last_name !== undefined) c.lastName = input.last_name;
  if (input.phone !== undefined) c.phone = input.phone;
  if (input.company_name !== undefined) c.companyName = input.company_name;
  if (input.metadata !== undefined) c.metadata = input.metadata;
  return PROFILE_FIELDS.filter((f) => input[f] !== undefined);
}

/** Customers of a tenant: profiles and addresses. */
export class CustomerService {
  constructor(private readonly store: Store) {}

  /** The signed-in customer, or (an admin's change) the store's customer `customerId`; erased or another store's: 404. */
  private async load(em: EntityManager, ctx: RequestContext, customerId?: string): Promise<Customer> {
    const id = customerId ?? requireCustomer(ctx);
    const c = await em.findOne(Customer, { id, deletedAt: null }, { populate: ['addresses'] });
    if (!c) throw Errors.notFound('Customer', id);
    return c;
  }

  /**
   * The signed-in customer (a storefront asks on every page of a signed-in shopper): two prepared
   * statements, customer and addresses side by side, whose columns are the view's fields in its
   * order (`customerViewOf`); MikroORM building the joined query cost more than both together.
   */
  async me(ctx: RequestContext): Promise<CustomerView> {
    const id = requireCustomer(ctx);
    const tenantId = requireTenant(ctx);
    const [[c], addresses] = await Promise.all([
      this.store.sql<CustomerRow>(
        null,
        `select id, email, first_name, last_name, phone, company_name, has_account, email_verified_at is not null as email_verified, default_billing_address_id, default_shipping_address_id,
                metadata, created_at, updated_at, deleted_at
           from ${this.store.table('customer')} where tenant_id = ? and id = ? and deleted_at is null`,
        [tenantId, id],
        { prepare: true },
      ),
      this.store.sql<AddressRow>(
        null,
        `select id, address_name, is_default_shipping, is_default_billing, customer_id, company, first_name, last_name, address1 as address_1, address2 as address_2, city,
                country_code, province, postal_code, phone, metadata, created_at, updated_at
           from ${this.store.table('customer_address')} where tenant_id = ? and customer_id = ? order by created_at asc`,
        [tenantId, id],
        { prepare: true },
      ),
    ]);
    if (!c) throw Errors.notFound('Customer', id);
    return customerViewOf(c, addresses);
  }

  /**
   * The customer behind a new identity, inside the caller's unit of work: an existing guest
   * customer with that email gains an account, otherwise one is created (`customer.created`).
   */
  /** The tenant's customer with this email (case-insensitive), or null. */
  async byEmail(ctx: RequestContext, email: string): Promise<CustomerView | null> {
    requireTenant(ctx);
    const c = await this.store.em(ctx).findOne(Customer, { email: email.trim().toLowerCase(), deletedAt: null });
    return c ? this.byId(ctx, c.id) : null;
  }

  async ensureForAccount(ctx: RequestContext, email: string): Promise<Customer> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      let customer = await em.findOne(Customer, { email });
      if (customer?.hasAccount) throw new DomainError('conflict', 'duplicate', 'Identity with email already exists');
      if (!customer) {
        customer = Object.assign(new Customer(), { tenantId, email, hasAccount: true });
        em.persist(customer);
        identityEvents.emit(em, tx, 'customer.created', { id: customer.id, email });
      } else {
        customer.hasAccount = true;
        identityEvents.emit(em, tx, 'customer.updated', { id: customer.id, fields: ['has_account'] });
      }
      return customer;
    });
  }

  /**
   * `POST /store/customers`: registration already created the customer, so this completes its
   * profile; the email, when given, must be the one the identity was registered with.
   */
  async createOrComplete(ctx: RequestContext, input: CreateCustomerData): Promise<CustomerView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const c = await this.load(em, tx);
      if (input.email && input.email.trim().toLowerCase() !== c.email) {
        throw Errors.invalidField('email', 'email must be the address the account was registered with');
      }
      const { email: _email, ...profile } = input;
      const fields = applyProfile(c, profile);
      if (fields.length) identityEvents.emit(em, tx, 'customer.updated', { id: c.id, fields });
      return toCustomerView(c);
    });
  }

  /** Changes the profile of the signed-in customer, or of `customerId` (an admin; the email is not in it: it stays the customer's own change). */
  async update(ctx: RequestContext, input: UpdateCustomerData, customerId?: string): Promise<CustomerView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const c = await this.load(em, tx, customerId);
      const fields = applyProfile(c, input);
      if (fields.length) identityEvents.emit(em, tx, 'customer.updated', { id: c.id, fields });
      return toCustomerView(c);
    });
  }

  async addAddress(ctx: RequestContext, input: AddressData, customerId?: string): Promise<CustomerView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const c = await this.load(em, tx, customerId);
      if (c.addresses.length >= MAX_ADDRESSES)
        throw new DomainError('validation_error', 'too_many_addresses', `A customer can keep at most ${MAX_ADDRESSES} addresses`);
      const a = new CustomerAddress();
      Object.assign(a, { tenantId: c.tenantId, customer: c, isDefaultShipping: false, isDefaultBilling: false });
      applyAddress(a, input);
      c.addresses.add(a);
      // a customer's first address is their default shipping address
      setDefaults(c, a, input.is_default_shipping || !c.defaultShippingAddressId ? true : null, input.is_default_billing ? true : null);
      identityEvents.emit(em, tx, 'customer.address_added', { id: c.id, address_id: a.id });
      return toCustomerView(c);
    });
  }

  /** Changes the fields given of one of the customer's addresses (another customer's: 404); answers the customer. */
  async updateAddress(ctx: RequestContext, addressId: string, input: AddressData, customerId?: string): Promise<CustomerView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const c = await this.load(em, tx, customerId);
      const a = c.addresses.getItems().find((x) => x.id === addressId);
      if (!a) throw Errors.notFound('Address', addressId);
      applyAddress(a, input);
      setDefaults(c, a, input.is_default_shipping ?? null, input.is_default_billing ?? null);
      identityEvents.emit(em, tx, 'customer.address_updated', { id: c.id, address_id: a.id });
      return toCustomerView(c);
    });
  }

  /** Removes one of the customer's addresses (another customer's: 404); defaults pointing to it are cleared. */
  async deleteAddress(ctx: RequestContext, addressId: string, customerId?: string): Promise<CustomerView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const c = await this.load(em, tx, customerId);
      const a = c.addresses.getItems().find((x) => x.id === addressId);
      if (!a) throw Errors.notFound('Address', addressId);
      c.addresses.remove(a);
      em.remove(a);
      if (c.defaultShippingAddressId === a.id) c.defaultShippingAddressId = null;
      if (c.defaultBillingAddressId === a.id) c.defaultBillingAddressId = null;
      identityEvents.emit(em, tx, 'customer.address_deleted', { id: c.id, address_id: a.id });
      return toCustomerView(c);
    });
  }

  /** One of the customer's addresses (another customer's: 404). */
  async address(ctx: RequestContext, addressId: string) {
    const me = await this.me(ctx);
    const a = me.addresses.find((x) => x.id === addressId);
    if (!a) throw Errors.notFound('Address', addressId);
    return a;
  }

  /**
   * Admin: the store's customers, newest first, with their addresses and how many match. Every word
   * of `q` must occur (case-insensitive) in the email, first name or last name, so "jane doe" finds
   * Jane Doe. Erased customers stay listed under their pseudonymous address.
   */
  async adminList(ctx: RequestContext, query: AdminCustomerListQuery): Promise<Paginated<CustomerView>> {
    requireTenant(ctx);
    const page = normalizePage(query, 20);
    const words = (query.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
    const matches = words.map((w) => {
      const like = containsPattern(w);
      return { $or: [{ email: { $ilike: like } }, { firstName: { $ilike: like } }, { lastName: { $ilike: like } }] };
    });
    const where = matches.length ? { deletedAt: null, $and: matches } : { deletedAt: null };
    const [rows, count] = await this.store.em(ctx).findAndCount(Customer, where, {
      populate: ['addresses'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: page.limit,
      offset: page.offset,
    });
    return { items: rows.map(toCustomerView), count, ...page };
  }

  /** Admin: one of the store's customers with the addresses (another store's, or none: 404). */
  async adminGet(ctx: RequestContext, id: string): Promise<CustomerView> {
    requireTenant(ctx);
    const c = await this.byId(ctx, id);
    if (!c) throw Errors.notFound('Customer', id);
    return c;
  }

  /** Federation reference: the tenant's customers, one query per request for all ids asked. */
  byId(ctx: RequestContext, id: string): Promise<CustomerView | null> {
    return loaderFor<string, CustomerView>(ctx, 'identity.customer', async (ids) => {
      const rows = await this.store.em(ctx).find(Customer, { id: { $in: [...ids] }, deletedAt: null }, { populate: ['addresses'] });
      return new Map(rows.map((r) => [r.id, toCustomerView(r)]));
    }).load(id);
  }
}

const ADDRESS_FIELDS = {
  address_name: 'addressName',
  company: 'company',
  first_name: 'firstName',
  last_name: 'lastName',
  address_1: 'address1',
  address_2: 'address2',
  city: 'city',
  province: 'province',
  postal_code: 'postalCode',
  phone: 'phone',
  metadata: 'metadata',
} as const;

/** Copies the fields given (undefined keeps, null clears); country codes lower-case. */
function applyAddress(a: CustomerAddress, input: AddressData): void {
  for (const [key, prop] of Object.entries(ADDRESS_FIELDS)) {
    const v = input[key as keyof typeof ADDRESS_FIELDS];
    if (v !== undefined) (a as unknown as Record<string, unknown>)[prop] = v ?? null;
    else if ((a as unknown as Record<string, unknown>)[prop] === undefined) (a as unknown as Record<string, unknown>)[prop] = null;
  }
  if (input.country_code !== undefined) a.countryCode = input.country_code ? input.country_code.toLowerCase() : null;
  else if (a.countryCode === undefined) a.countryCode = null;
}

/**
 * The customer's defaults after `a` was added or changed: `true` makes it the default (and no other
 * address), `false` stops it being one, null leaves things.
 */
function setDefaults(c: Customer, a: CustomerAddress, shipping: boolean | null, billing: boolean | null): void {
  if (shipping === true) {
    for (const other of c.addresses) other.isDefaultShipping = other === a;
    c.defaultShippingAddressId = a.id;
  } else if (shipping === false && c.defaultShippingAddressId === a.id) {
    a.isDefaultShipping = false;
    c.defaultShippingAddressId = null;
  }
  if (billing === true) {
    for (const other of c.addresses) other.isDefaultBilling = other === a;
    c.defaultBillingAddressId = a.id;
  } else if (billing === false && c.defaultBillingAddressId === a.id) {
    a.isDefaultBilling = false;
    c.defaultBillingAddressId = null;
  }
}
