import { searchSuite } from '../support/search-suite';

// the default engine: the in-memory copy of the tenant's index answers (SQL while it loads)
searchSuite('memory');
