import path from 'node:path';
import { assertPortsValid, type DomainDefinition, type PortsOwner } from '@svc/kit';
import type { GraphQLSchema } from 'graphql';

/**
 * The start's check of every domain's ports (`src/ports/*.graphql`) against the supergraph the
 * gateway loaded: a port that no longer validates (a field renamed in the providing domain) stops
 * the start with a message naming the domain, the operation and GraphQL's error.
 */
export function checkPorts(domains: DomainDefinition[], apiSchema: GraphQLSchema): void {
  assertPortsValid([...domains, GATEWAY_PORTS], apiSchema);
}

/**
 * The platform's own ports: what a gateway that runs no identity asks of identity's published auth
 * API, and what the demo seed asks of the catalog (`platform/src/ports/*.graphql`, operations named
 * `Gateway…`). Generated, validated at start
 * and in the ports contract test beside the domains'.
 */
export const GATEWAY_PORTS: PortsOwner = { name: 'gateway', ports: path.join(__dirname, 'ports') };
