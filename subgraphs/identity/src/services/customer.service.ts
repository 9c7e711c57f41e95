import DataLoader from 'dataloader';
import { DomainError, Errors, emFor, memo, requireCustomer, type Em, type Orm, type RequestContext } from '@svc/kit';
import { Customer, CustomerAddress } from '../entities/customer.entity';
import { toCustomerType, type CustomerType } from '../types/customer.type';
import type { CreateCustomerInput, CustomerAddressInput, UpdateCustomerInput } from '../inputs/customer.input';

type ProfileInput = UpdateCustomerInput;

function applyProfile(c: Customer, input: ProfileInput): void {
  if (input.first_name !== undefined) c.firstName = input.first_name;
  if (input.last_name !== undefined) c.lastName = input.last_name;
  if (input.phone !== undefined) c.phone = input.phone;
  if (input.company_name !== undefined) c.companyName = input.company_name;
  if (input.metadata !== undefined) c.metadata = input.metadata;
}

export class CustomerService {
  constructor(private readonly orm: Orm) {}

  private async load(em: Em, ctx: RequestContext): Promise<Customer> {
    const id = requireCustomer(ctx);
    const c = await em.findOne(Customer, { id, deletedAt: null }, { populate: ['addresses'] });
    if (!c) throw Errors.notFound('Customer', id);
    return c;
  }

  async me(ctx: RequestContext): Promise<CustomerType> {
    return toCustomerType(await this.load(emFor(this.orm, ctx), ctx));
  }

  /**
   * `POST /store/customers`: registration already created the customer, so this completes its
   * profile; the email, when given, must be the one the identity was registered with.
   */
  async createOrComplete(ctx: RequestContext, input: CreateCustomerInput): Promise<CustomerType> {
    const em = emFor(this.orm, ctx);
    const c = await this.load(em, ctx);
    if (input.email && input.email.trim().toLowerCase() !== c.email) {
      throw Errors.invalidField('email', 'email must be the address the account was registered with');
    }
    applyProfile(c, input);
    await em.flush();
    return toCustomerType(c);
  }

  async update(ctx: RequestContext, input: UpdateCustomerInput): Promise<CustomerType> {
    const em = emFor(this.orm, ctx);
    const c = await this.load(em, ctx);
    applyProfile(c, input);
    await em.flush();
    return toCustomerType(c);
  }

  async addAddress(ctx: RequestContext, input: CustomerAddressInput): Promise<CustomerType> {
    const em = emFor(this.orm, ctx);
    const c = await this.load(em, ctx);
    if (c.addresses.length >= 50) throw new DomainError('validation_error', 'too_many_addresses', 'A customer can keep at most 50 addresses');
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
    await em.flush();
    return toCustomerType(c);
  }

  /** Federation reference: one query per request for all the customers the gateway asks for. */
  byId(ctx: RequestContext, id: string): Promise<CustomerType | null> {
    const loader = memo(ctx, 'identity.customer', () =>
      new DataLoader<string, CustomerType | null>(async (ids) => {
        const rows = await emFor(this.orm, ctx).find(Customer, { id: { $in: [...ids] } }, { populate: ['addresses'] });
        const byId = new Map(rows.map((r) => [r.id, toCustomerType(r)]));
        return ids.map((i) => byId.get(i) ?? null);
      }),
    );
    return loader.load(id);
  }
}
