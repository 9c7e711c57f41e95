import { z } from 'zod';
import { binaryReply, queryOf, route } from '@svc/kit';
import { exportSchema } from '../inputs/analytics.input';

/** One JSON object per line: `{id, type, created_at, data}`. */
const toNdjson = (events: Array<{ id: string; type: string; created_at: string; data: string }>): Buffer =>
  Buffer.from(
    events
      .map((e) => `{"id":${JSON.stringify(e.id)},"type":${JSON.stringify(e.type)},"created_at":${JSON.stringify(e.created_at)},"data":${e.data}}\n`)
      .join(''),
  );

/** analytics's REST routes: the warehouse export of raw events (operations in ./operations). */
export const analyticsRoutes = [
  route({
    method: 'GET',
    path: '/admin/analytics/events',
    auth: 'analyst',
    query: queryOf(exportSchema.extend({ after: z.string().min(1).max(40).optional() })),
    operation: 'analytics/AdminAnalyticsEvents',
    summary:
      "The store's raw domain events as NDJSON, in recorded order, for a warehouse: `after` (the last id of the previous page) resumes, `limit` up to 10000 (an admin token or an analyst API key)",
    variables: ({ query }) => query,
    respond: (d) => binaryReply('application/x-ndjson', toNdjson(d.analyticsEvents)),
    reply: {
      kind: 'binary',
      contentType: 'application/x-ndjson',
      description: 'one event per line: {"id","type","created_at","data"}; empty when nothing follows `after`',
    },
  }),
];
