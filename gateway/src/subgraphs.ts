import type { SubgraphDefinition } from '@svc/kit';
import { identitySubgraph } from '@svc/identity';
import { catalogSubgraph } from '@svc/catalog';

/** Every subgraph of the platform, in migration order. A new domain adds one line here. */
export const SUBGRAPHS: SubgraphDefinition<any>[] = [identitySubgraph, catalogSubgraph];

export const subgraphByName = (name: string) => SUBGRAPHS.find((s) => s.name === name);
