import { z } from 'zod';
import { route } from '@svc/kit';
import { chatBody, extractActionsBody } from '../inputs/assistant.input';

const noQuery = z.strictObject({});

const CHAT_SUMMARY =
  'One chat turn: body message and session_id (or sessionId; a new session when absent). Answers {session_id, skill: {id, name, confidence} | null, reply, plan: null | {id, status, actions, created_at, expires_at}, suggestions, result}: a single read-only action runs at once (result), writing actions become a pending plan; history per session in PostgreSQL; 403 skill_disabled';

/**
 * assistant's REST routes: the admin proxies under /admin/ai (admin JWT) and the agent API under
 * /v1 (agent API key, server to server: a browser's Origin is refused before the route runs).
 */
export const assistantRoutes = [
  route({
    method: 'GET',
    path: '/admin/ai/skills',
    auth: 'admin',
    query: noQuery,
    operation: 'assistant/AdminAssistantSkills',
    summary: 'The 24 skills of the assistant: id, name, category, description, examples, icon, model_tier, and whether the store may use it',
    respond: (d) => ({ skills: d.assistantSkills, count: d.assistantSkills.length }),
  }),
  route({
    method: 'GET',
    path: '/admin/ai/skills-config',
    auth: 'admin',
    query: noQuery,
    operation: 'assistant/AdminAssistantSkillsConfig',
    summary: 'Per-store skill enablement as the platform operator set it (a skill the operator never named is enabled; updated_at null)',
    respond: (d) => d.assistantSkillsConfig,
  }),
  route({
    method: 'GET',
    path: '/admin/ai/store-context',
    auth: 'admin',
    query: noQuery,
    operation: 'assistant/AdminAssistantStoreContext',
    summary: 'What the assistant knows about the store, from live data: catalog size, currencies, default locale and locales, configured modules, providers',
    respond: (d) => d.assistantStoreContext,
  }),
  route({
    method: 'GET',
    path: '/v1/skills',
    auth: 'agent',
    query: noQuery,
    operation: 'assistant/AgentAssistantSkills',
    summary: 'All skills with id, name, category, description, examples, icon, model_tier and enabled (agent API key, server to server)',
    respond: (d) => ({ skills: d.assistantSkills, count: d.assistantSkills.length }),
  }),
  route({
    method: 'GET',
    path: '/v1/setup-status',
    auth: 'agent',
    query: noQuery,
    operation: 'assistant/AgentAssistantSetupStatus',
    summary: 'The tenant’s onboarding state: per skill ready, disabled or awaiting_setup with the modules and providers it awaits',
    respond: (d) => d.assistantSetupStatus,
  }),
  route({
    method: 'POST',
    path: '/v1/extract-actions',
    auth: 'agent',
    body: extractActionsBody,
    operation: 'assistant/AgentAssistantExtractActions',
    summary:
      'Extracts structured actions from a request ({skill, actions}); parameters read offline, entities resolved in the store; nothing executes. skill is null (with suggestions) when no skill is confident enough; 403 skill_disabled when the store may not use the detected skill',
    variables: ({ body }) => ({ message: body.message }),
    respond: (d) => d.assistantExtractActions,
  }),
  route({
    method: 'POST',
    path: '/admin/ai/chat',
    auth: 'admin',
    body: chatBody,
    operation: 'assistant/AdminAssistantChat',
    summary: CHAT_SUMMARY,
    variables: ({ body }) => ({ message: body.message, session_id: body.session_id ?? body.sessionId ?? null }),
    respond: (d) => d.assistantChat,
  }),
  route({
    method: 'POST',
    path: '/v1/chat',
    auth: 'agent',
    body: chatBody,
    operation: 'assistant/AgentAssistantChat',
    summary: `${CHAT_SUMMARY} (agent API key, server to server)`,
    variables: ({ body }) => ({ message: body.message, session_id: body.session_id ?? body.sessionId ?? null }),
    respond: (d) => d.assistantChat,
  }),
];
