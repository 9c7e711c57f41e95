import type { ServiceFactoryArgs } from '@svc/kit';
import { AuthService } from './auth.service';
import { AuthorityService } from './authority.service';
import { CustomerService } from './customer.service';
import { TenantService } from './tenant.service';

export interface IdentityServices {
  tenants: TenantService;
  auth: AuthService;
  customers: CustomerService;
  authority: AuthorityService;
}

export function createIdentityServices({ orm, deps }: ServiceFactoryArgs): IdentityServices {
  return {
    tenants: new TenantService(orm),
    auth: new AuthService(orm, deps.config),
    customers: new CustomerService(orm),
    authority: new AuthorityService(orm),
  };
}
