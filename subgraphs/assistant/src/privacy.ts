import { exportRows, mentionsAnything, redactRows, type PrivacyDefinition } from '@svc/kit';
import type { AssistantServices } from './services';

/**
 * assistant's part of privacy requests: conversations belong to admins and agents, not customers,
 * but they may name one; messages and plans that mention the customer are redacted.
 */
export const assistantPrivacy: PrivacyDefinition<AssistantServices> = {
  store: (s) => s.store,
  async export(ctx, s, subject) {
    const m = mentionsAnything(subject, ['content']);
    return { assistant_messages: await exportRows(s.store, ctx, 'chat_message', ['id', 'role', 'content', 'created_at'], m.where, m.params) };
  },
  async erase(ctx, s, subject) {
    const messages = mentionsAnything(subject, ['content']);
    const plans = mentionsAnything(subject, ['actions', 'results']);
    return {
      chat_message: await redactRows(s.store, ctx, subject, { table: 'chat_message', ...messages, redact: ['content'] }),
      plan: await redactRows(s.store, ctx, subject, { table: 'plan', ...plans, redact: ['actions', 'results'] }),
    };
  },
};
