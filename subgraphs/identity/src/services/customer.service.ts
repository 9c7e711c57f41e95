import { DomainError, Errors, loaderFor, requireCustomer, requireTenant, type RequestContext, type Store } from '@svc/kit';
import type { EntityManager } from '@mikro-orm/core';
import { Customer, CustomerAddress } from '../entities/customer.entity';
import { identityEvents } from '../events';
import type { AddressData, CreateCustomerData, UpdateCustomerData } from '../inputs/customer.input';
import { toCustomerView, type CustomerView } from './views';

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

  private async load(em: EntityManager, ctx: RequestContext): Promise<Customer> {
    const id = requireCustomer(ctx);
    const c = await em.findOne(Customer, { id, deletedAt: null }, { populate: ['addresses'] });
    if (!c) throw Errors.notFound('Customer', id);
    return c;
  }

  async me(ctx: RequestContext): Promise<CustomerView> {
    return toCustomerView(await this.load(this.store.em(ctx), ctx));
  }

  /**
   * The customer behind a new identity, inside the caller's unit of work: an existing guest
   * customer with that email gains an account, otherwise one is created (`customer.created`).
   */
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

  async update(ctx: RequestContext, input: UpdateCustomerData): Promise<CustomerView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const c = await this.load(em, tx);
      const fields = applyProfile(c, input);
      if (fields.length) identityEvents.emit(em, tx, 'customer.updated', { id: c.id, fields });
      return toCustomerView(c);
    });
  }

  async addAddress(ctx: RequestContext, input: AddressData): Promise<CustomerView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const c = await this.load(em, tx);
      if (c.addresses.length >= MAX_ADDRESSES) throw new DomainError('validation_error', 'too_many_addresses', `A customer can keep at most ${MAX_ADDRESSES} addresses`);
      const a = new CustomerAddress();
      Object.assign(a, {
        tenantId: c.tenantId,
        customer: c,
        addressName: input.address_name ?? null,
        isDefaultShipping: input.is_default_shipping ?? false,
        isDefaultBilling: input.is_default_billing ?? false,
        company: input.company ?? null,
        firstName: input.first_name ?? null,
        lastName: input.last_name ?? null,
        address1: input.address_1 ?? null,
        address2: input.address_2 ?? null,
        city: input.city ?? null,
        countryCode: input.country_code ? input.country_code.toLowerCase() : null,
        province: input.province ?? null,
        postalCode: input.postal_code ?? null,
        phone: input.phone ?? null,
        metadata: input.metadata ?? null,
      });
      for (const other of c.addresses) {
        if (a.isDefaultShipping) other.isDefaultShipping = false;
        if (a.isDefaultBilling) other.isDefaultBilling = false;
      }
      if (a.isDefaultShipping || !c.defaultShippingAddressId) {
        a.isDefaultShipping = true;
        c.defaultShippingAddressId = a.id;
      }
      if (a.isDefaultBilling) c.defaultBillingAddressId = a.id;
      c.addresses.add(a);
      identityEvents.emit(em, tx, 'customer.address_added', { id: c.id, address_id: a.id });
      return toCustomerView(c);
    });
  }

  /** Federation reference: the tenant's customers, one query per request for all ids asked. */
  byId(ctx: RequestContext, id: string): Promise<CustomerView | null> {
    return loaderFor<string, CustomerView>(ctx, 'identity.customer', async (ids) => {
      const rows = await this.store.em(ctx).find(Customer, { id: { $in: [...ids] }, deletedAt: null }, { populate: ['addresses'] });
      return new Map(rows.map((r) => [r.id, toCustomerView(r)]));
    }).load(id);
  }
}
