import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '@svc/kit';
import type { IdentityServices } from '../services';
import { CustomerListType, CustomerType } from '../types/customer.type';
import type { CustomerView } from '../services/views';
import { AdminCustomerListArgs, CreateCustomerInput, CustomerAddressInput, UpdateCustomerInput } from '../inputs/customer.input';

@Resolver(() => CustomerType)
export class CustomerResolver {
  constructor(private readonly s: IdentityServices) {}

  @Authorized('customer')
  @Query(() => CustomerType, { description: 'The signed-in customer' })
  me(@Ctx() ctx: RequestContext): Promise<CustomerView> {
    return this.s.customers.me(ctx);
  }

  @Authorized('admin')
  @Query(() => CustomerListType, {
    description: "Admin: the store's customers with their addresses, newest first; q: words each in the email, first or last name (case-insensitive)",
  })
  adminCustomers(@Ctx() ctx: RequestContext, @Args() args: AdminCustomerListArgs) {
    return this.s.customers.adminList(ctx, args);
  }

  @Authorized('admin')
  @Query(() => CustomerType, { description: "Admin: one of the store's customers (another store's: 404)" })
  adminCustomer(@Ctx() ctx: RequestContext, @Arg('id', { description: 'The customer id' }) id: string): Promise<CustomerView> {
    return this.s.customers.adminGet(ctx, id);
  }

  @Authorized('admin')
  @Mutation(() => CustomerType, {
    description:
      "Admin: changes a customer's profile (names, phone, company, metadata; the email stays the customer's own change); absent fields stay, null clears (another store's customer: 404)",
  })
  adminUpdateCustomer(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: 'The customer id (cus_…)' }) id: string,
    @Arg('input', { description: 'The fields to change' }) input: UpdateCustomerInput,
  ): Promise<CustomerView> {
    return this.s.customers.update(ctx, input, id);
  }

  @Authorized('admin')
  @Mutation(() => CustomerType, { description: "Admin: adds an address to a customer's address book; answers the customer (another store's customer: 404)" })
  adminAddCustomerAddress(
    @Ctx() ctx: RequestContext,
    @Arg('customer_id', { description: 'The customer id (cus_…)' }) customerId: string,
    @Arg('input', { description: 'The new address; is_default_shipping / is_default_billing make it a default' }) input: CustomerAddressInput,
  ): Promise<CustomerView> {
    return this.s.customers.addAddress(ctx, input, customerId);
  }

  @Authorized('admin')
  @Mutation(() => CustomerType, { description: "Admin: changes the fields given of a customer's address; answers the customer" })
  adminUpdateCustomerAddress(
    @Ctx() ctx: RequestContext,
    @Arg('customer_id', { description: 'The customer id (cus_…)' }) customerId: string,
    @Arg('id', { description: "The address id (another customer's: 404)" }) id: string,
    @Arg('input', { description: 'The fields to change; is_default_shipping / is_default_billing true make it a default' }) input: CustomerAddressInput,
  ): Promise<CustomerView> {
    return this.s.customers.updateAddress(ctx, id, input, customerId);
  }

  @Authorized('admin')
  @Mutation(() => CustomerType, { description: "Admin: removes a customer's address (defaults pointing to it are cleared); answers the customer" })
  adminDeleteCustomerAddress(
    @Ctx() ctx: RequestContext,
    @Arg('customer_id', { description: 'The customer id (cus_…)' }) customerId: string,
    @Arg('id', { description: "The address id (another customer's: 404)" }) id: string,
  ): Promise<CustomerView> {
    return this.s.customers.deleteAddress(ctx, id, customerId);
  }

  @Authorized('operator')
  @Query(() => CustomerType, {
    nullable: true,
    description: "Internal: the tenant's customer with this email (the platform's own domains, e.g. their demo data)",
  })
  customerByEmail(
    @Ctx() ctx: RequestContext,
    @Arg('email', { description: 'The email address (case-insensitive)' }) email: string,
  ): Promise<CustomerView | null> {
    return this.s.customers.byEmail(ctx, email);
  }

  @Authorized('customer')
  @Mutation(() => CustomerType, { description: 'Creates or completes the profile of the signed-in customer' })
  createCustomer(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The profile fields' }) input: CreateCustomerInput): Promise<CustomerView> {
    return this.s.customers.createOrComplete(ctx, input);
  }

  @Authorized('customer')
  @Mutation(() => CustomerType, { description: "Changes the signed-in customer's profile; answers the customer" })
  updateMe(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The fields to change' }) input: UpdateCustomerInput): Promise<CustomerView> {
    return this.s.customers.update(ctx, input);
  }

  @Authorized('customer')
  @Mutation(() => CustomerType, { description: 'Adds an address; answers the customer (Medusa shape)' })
  addMyAddress(@Ctx() ctx: RequestContext, @Arg('input', { description: 'The new address' }) input: CustomerAddressInput): Promise<CustomerView> {
    return this.s.customers.addAddress(ctx, input);
  }

  @Authorized('customer')
  @Mutation(() => CustomerType, { description: 'Changes the fields given of one of my addresses; answers the customer' })
  updateMyAddress(
    @Ctx() ctx: RequestContext,
    @Arg('id', { description: "The address id (another customer's: 404)" }) id: string,
    @Arg('input', { description: 'The fields to change' }) input: CustomerAddressInput,
  ): Promise<CustomerView> {
    return this.s.customers.updateAddress(ctx, id, input);
  }

  @Authorized('customer')
  @Mutation(() => CustomerType, { description: 'Removes one of my addresses; answers the customer' })
  deleteMyAddress(@Ctx() ctx: RequestContext, @Arg('id', { description: "The address id (another customer's: 404)" }) id: string): Promise<CustomerView> {
    return this.s.customers.deleteAddress(ctx, id);
  }
}
