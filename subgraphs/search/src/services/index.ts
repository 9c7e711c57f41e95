import { Store, type GraphClient, type ServiceFactoryArgs } from '@svc/kit';
import { IndexService } from './index.service';
import { SearchService } from './search.service';
import { MemoryIndexes } from './memory-indexes';
import { SourcePort } from './sources';
import type { SearchSettings } from '../settings';

/** search's services sharing one store: the index writer and the query side. */
export interface SearchServices {
  store: Store;
  index: IndexService;
  search: SearchService;
  /** this process's in-memory copies of tenants' indexes */
  memory: MemoryIndexes;
}

export function createSearchServices({ orm, deps, settings }: ServiceFactoryArgs<SearchSettings>): SearchServices {
  const store = new Store(orm);
  const graph = (): GraphClient => {
    if (!deps.graph) throw new Error('search: the supergraph is not available in this process');
    return deps.graph;
  };
  const index = new IndexService(store, new SourcePort(graph));
  const memory = new MemoryIndexes(store, settings.memoryDocs, deps.log);
  return { store, index, memory, search: new SearchService(store, index, memory) };
}
