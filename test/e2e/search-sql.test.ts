import { searchSuite } from '../support/search-suite';

// SEARCH_MEMORY_DOCS=0: PostgreSQL answers every search (tenants larger than the memory budget)
searchSuite('sql');
