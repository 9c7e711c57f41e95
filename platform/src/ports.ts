import { assertPortsValid, type DomainDefinition } from '@svc/kit';
import type { GraphQLSchema } from 'graphql';

/**
 * The start's check of every domain's ports (`src/ports/*.graphql`) against the supergraph the
 * gateway loaded: a port that no longer validates (a field renamed in the providing domain) stops
 * the start with a message naming the domain, the operation and GraphQL's error.
 */
export function checkPorts(domains: DomainDefinition[], apiSchema: GraphQLSchema): void {
  assertPortsValid(domains, apiSchema);
}
