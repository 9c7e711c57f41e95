import { Collection, Entity, Index, ManyToOne, OneToMany, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

@Entity({ tableName: 'customer' })
@Unique({ properties: ['tenantId', 'email'] })
export class Customer extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('cus');

  @Property({ type: 'string', length: 320 })
  email!: string;

  @Property({ type: 'string', length: 200, nullable: true })
  firstName: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  lastName: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  phone: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  companyName: string | null = null;

  /** when the customer proved the address (the verification mail's link, or a password reset mailed to it) */
  @Property({ type: 'datetime', nullable: true })
  emailVerifiedAt: Date | null = null;

  @Property({ type: 'boolean', default: false })
  hasAccount: boolean = false;

  @Property({ type: 'json', nullable: true })
  metadata: Record<string, unknown> | null = null;

  @Property({ type: 'string', length: 40, nullable: true })
  defaultBillingAddressId: string | null = null;

  @Property({ type: 'string', length: 40, nullable: true })
  defaultShippingAddressId: string | null = null;

  @OneToMany(() => CustomerAddress, (a) => a.customer, { orderBy: { createdAt: 'asc' } })
  addresses = new Collection<CustomerAddress>(this);

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  deletedAt: Date | null = null;
}

@Entity({ tableName: 'customer_address' })
export class CustomerAddress extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 })
  id: string = newId('cuaddr');

  @Index()
  @ManyToOne(() => Customer, { deleteRule: 'cascade' })
  customer!: Customer;

  @Property({ type: 'string', length: 200, nullable: true }) addressName: string | null = null;
  @Property({ type: 'boolean', default: false }) isDefaultShipping: boolean = false;
  @Property({ type: 'boolean', default: false }) isDefaultBilling: boolean = false;
  @Property({ type: 'string', length: 200, nullable: true }) company: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) firstName: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) lastName: string | null = null;
  @Property({ type: 'string', length: 300, nullable: true }) address1: string | null = null;
  @Property({ type: 'string', length: 300, nullable: true }) address2: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) city: string | null = null;
  @Property({ type: 'string', length: 2, nullable: true }) countryCode: string | null = null;
  @Property({ type: 'string', length: 200, nullable: true }) province: string | null = null;
  @Property({ type: 'string', length: 40, nullable: true }) postalCode: string | null = null;
  @Property({ type: 'string', length: 50, nullable: true }) phone: string | null = null;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
