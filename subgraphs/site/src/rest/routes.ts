import { z } from 'zod';
import { checkedAfterAuth, route } from '@svc/kit';
import { menuHandleSchema } from '../inputs/menu.input';
import { resourceSchema } from '../inputs/metafield.input';

const noQuery = z.strictObject({});

/** site's REST routes: storefront reads (operations in ./operations). */
export const siteRoutes = [
  route({
    method: 'GET',
    path: '/store/redirects',
    auth: 'publishable',
    query: noQuery,
    operation: 'site/StoreRedirects',
    summary: 'The active redirects of the store: source (normalised path), target (path or absolute URL), status_code (301 or 302)',
    // every active redirect at once (a storefront needs them all); the list shape of the contract
    respond: (d) => ({ redirects: d.storeRedirects, count: d.storeRedirects.length, offset: 0, limit: d.storeRedirects.length }),
  }),
  route({
    method: 'GET',
    path: '/store/metafields/:resource_type/:resource_id',
    auth: 'publishable',
    params: resourceSchema,
    query: noQuery,
    operation: 'site/StoreMetafields',
    summary:
      'The storefront-visible metafields of one resource (product, order, customer or a custom type): namespace, key, type, value; an unknown resource has none',
    variables: ({ params }) => params,
    respond: (d) => ({ metafields: d.storeMetafields }),
  }),
  route({
    method: 'GET',
    path: '/store/theme',
    auth: 'publishable',
    query: noQuery,
    operation: 'site/StoreTheme',
    summary:
      'The storefront theme: version (grows on every change), tokens (colors, typography, spacing, radii), ordered sections with settings, global settings; ETag, 304 on If-None-Match',
    respond: (d) => ({ theme: d.theme }),
  }),
  route({
    method: 'GET',
    path: '/store/brand',
    auth: 'publishable',
    query: noQuery,
    operation: 'site/StoreBrand',
    summary:
      'The brand: logo ({id, url, alt, width, height, mime_type} from the media domain, or null), colors, typography, social_links, contact; every field present, defaults filled',
    respond: (d) => ({ brand: d.brand }),
  }),
  route({
    method: 'GET',
    path: '/store/menus/:handle',
    auth: 'publishable',
    params: z.strictObject({ handle: checkedAfterAuth(menuHandleSchema) }),
    query: noQuery,
    operation: 'site/StoreMenu',
    summary:
      'A menu by handle: {handle, title, items: [{label, url, type, children}]} (3 levels), references resolved to current paths (/products/<handle>, /collections/<handle>, /categories/<handle>, /pages/<slug>, /blog/<slug>); hidden or deleted targets dropped with their children moved up; 404 unknown handle, 400 malformed handle',
    variables: ({ params }) => params,
    respond: (d) => ({ menu: d.storeMenu }),
  }),
];
