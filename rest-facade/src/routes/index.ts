import type { RouteDef } from '../engine';
import { authRoutes } from './auth.routes';
import { catalogRoutes } from './catalog.routes';
import { customerRoutes } from './customer.routes';

/** The route table: every documented endpoint the facade serves, one file per domain. */
export const ROUTES: RouteDef[] = [...authRoutes, ...customerRoutes, ...catalogRoutes];
