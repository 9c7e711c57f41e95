import { z } from 'zod';
import { route } from '@svc/kit';

const noQuery = z.strictObject({});

/** site's REST routes: storefront reads (operations in ./operations). */
export const siteRoutes = [
  route({
    method: 'GET', path: '/store/redirects', auth: 'publishable', query: noQuery,
    operation: 'site/StoreRedirects', summary: 'The active redirects of the store: source (normalised path), target (path or absolute URL), status_code (301 or 302)',
    respond: (d) => ({ redirects: d.storeRedirects }),
  }),
];
