import { Collection, Entity, Index, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

@Entity({ tableName: 'region' })
export class Region extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('reg');
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'string', length: 3 }) currencyCode!: string;
  @Property({ type: 'boolean', default: true }) automaticTaxes: boolean = true;
  @Property({ type: 'json', nullable: true }) metadata: Record<string, unknown> | null = null;
  @OneToMany(() => RegionCountry, (c) => c.region) countries = new Collection<RegionCountry>(this);
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

@Entity({ tableName: 'region_country' })
export class RegionCountry extends TenantOwned {
  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('regc');
  @Index() @ManyToOne(() => Region, { deleteRule: 'cascade' }) region!: Region;
  @Property({ type: 'string', length: 2 }) iso2!: string;
  @Property({ type: 'string', length: 3 }) iso3!: string;
  @Property({ type: 'string', length: 3 }) numCode!: string;
  @Property({ type: 'string', length: 200 }) name!: string;
  @Property({ type: 'string', length: 200 }) displayName!: string;
}
