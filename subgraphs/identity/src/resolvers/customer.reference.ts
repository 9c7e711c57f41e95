import type { ReferenceResolver } from '@svc/kit';
import type { IdentityServices } from '../services';

export const customerReference =
  (s: IdentityServices): ReferenceResolver =>
  (ref, ctx) =>
    s.customers.byId(ctx, String(ref.id));
