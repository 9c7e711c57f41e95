import { exportRows, mentions, redactRows, type PrivacyDefinition } from '@svc/kit';
import type { AnalyticsServices } from './services';

/** analytics' part of privacy requests: its copy of every event; the ones that name the customer are redacted (the rollups hold no personal data). */
export const analyticsPrivacy: PrivacyDefinition<AnalyticsServices> = {
  store: (s) => s.store,
  async export(ctx, s, subject) {
    const m = mentions(subject, ['data']);
    return { events: await exportRows(s.store, ctx, 'event_log', ['id', 'type', 'data'], m.where, m.params) };
  },
  async erase(ctx, s, subject) {
    const m = mentions(subject, ['data']);
    return { event_log: await redactRows(s.store, ctx, subject, { table: 'event_log', ...m, redact: ['data'] }) };
  },
};
