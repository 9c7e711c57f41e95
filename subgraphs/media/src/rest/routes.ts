import { z } from 'zod';
import { fieldsParam, route } from '@svc/kit';
import { mediaIdSchema } from '../inputs/media.input';

/** Top-level fields a client may name in `fields` (the default document holds them all). */
const MEDIA_FIELDS = new Set(['id', 'url', 'filename', 'mime_type', 'size', 'width', 'height', 'alt', 'title', 'created_at', 'updated_at']);

/** media's REST route: the storefront read of one asset (operation in ./operations). */
export const mediaRoutes = [
  route({
    method: 'GET',
    path: '/store/media/:id',
    auth: 'publishable',
    params: z.strictObject({ id: mediaIdSchema }),
    query: z.strictObject({ fields: fieldsParam }),
    operation: 'media/StoreMedia',
    summary: 'One media asset: URL, dimensions, alt text, MIME type',
    fields: { key: 'media', allowed: MEDIA_FIELDS },
    variables: ({ params }) => ({ id: params.id }),
    respond: (d) => ({ media: d.media }),
  }),
];
