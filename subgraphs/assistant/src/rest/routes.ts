import { z } from 'zod';
import { binaryReply, checkedAfterAuth, eventStreamReply, newId, route, type RouteDef, type SseEvent } from '@svc/kit';
import { chatBody, extractActionsBody, streamParams } from '../inputs/assistant.input';
import { translateBody } from '../translate/translate.input';
import { jobIdSchema, synthesizeChunkBody, voiceBlogBody } from '../voice/voice.input';

const noQuery = z.strictObject({});

const CHAT_SUMMARY =
  'One chat turn: body message and session_id (or sessionId; a new session when absent). Answers {session_id, stream_id, skill: {id, name, confidence} | null, reply, plan: null | {id, stream_id, status, actions, results, created_at, expires_at}, suggestions, result, offline, tier, credits}: a single read-only action runs at once (result), writing actions become a pending plan (decided at …/chat/stream/<stream_id>/approve or /reject); history per session in PostgreSQL; 403 skill_disabled or insufficient_credits; 502 provider_unavailable (nothing written)';

const STREAM_SUMMARY =
  'A chat turn as server-sent events: body as the one-turn chat. Refusals come before the stream, as JSON (400, 401, 403 skill_disabled or insufficient_credits, 429, 502 provider_unavailable with nothing written). A plan waits for …/:streamId/approve or /reject (15 minutes) while the stream stays open and reports what ran; a client that disconnects loses nothing: the plan stays decidable';

const STREAM_EVENTS = {
  session: '{stream_id, session_id, skill, suggestions, offline, tier, credits}: first; stream_id names the stream in the approve and reject routes',
  token: '{text}: a piece of the reply, in order (the model’s deltas, or the offline reply word by word)',
  plan: '{id, stream_id, status: pending, actions, expires_at, …}: writing actions awaiting approve or reject',
  action_result: '{index, type, operation, status: succeeded | failed, result, error}: one approved action ran, in order',
  done: '{status: answered | rejected | executed | failed | pending, reply, result, plan_id, ran, not_run}: last; failed says which actions ran and which did not',
  error: '{type, code, message}: last, when the stream ends without a decision (plan_expired, shutting_down, slow_consumer)',
};

interface PlanData {
  id: string;
  stream_id: string;
  status: string;
  expires_at: string;
  actions: Array<{ type: string }>;
}

interface TurnData {
  session_id: string;
  stream_id: string;
  skill: unknown;
  suggestions: unknown;
  reply: string;
  tokens: string[];
  plan: PlanData | null;
  result: unknown;
  offline: boolean;
  tier: string;
  credits: number;
}

/**
 * The stream of a chat turn: `session`, the reply as `token`s, then `done`, or a `plan` followed
 * by what its decision brings (through the store's domain events, from whichever instance decided):
 * `action_result` per action, and `done` once the plan is rejected, executed or failed.
 */
function chatStream(turn: TurnData) {
  const { tokens, plan, ...head } = turn;
  const events: SseEvent[] = [
    {
      event: 'session',
      data: {
        stream_id: head.stream_id,
        session_id: head.session_id,
        skill: head.skill,
        suggestions: head.suggestions,
        offline: head.offline,
        tier: head.tier,
        credits: head.credits,
      },
    },
    ...tokens.map((text) => ({ event: 'token', data: { text } })),
  ];
  if (!plan) return eventStreamReply([...events, { event: 'done', data: { status: 'answered', reply: head.reply, result: head.result, plan_id: null } }]);
  const types = plan.actions.map((a) => a.type);
  return eventStreamReply([...events, { event: 'plan', data: plan }], {
    types: ['assistant.plan_rejected', 'assistant.action_executed'],
    map: ({ type, data }) => {
      if (data.stream_id !== plan.stream_id) return null;
      if (type === 'assistant.plan_rejected')
        return { events: [{ event: 'done', data: { status: 'rejected', plan_id: plan.id, ran: [], not_run: types } }], end: true };
      const index = Number(data.index);
      const result = { index, type: data.type, operation: data.operation, status: data.status, result: data.result, error: data.error };
      const end = data.plan_status !== 'running';
      const ran = types.slice(0, data.status === 'succeeded' ? index + 1 : index);
      const done = { event: 'done', data: { status: data.plan_status, plan_id: plan.id, ran, not_run: types.slice(ran.length) } };
      return { events: end ? [{ event: 'action_result', data: result }, done] : [{ event: 'action_result', data: result }], end };
    },
    until: Date.parse(plan.expires_at),
    onTimeout: [
      { event: 'error', data: { type: 'conflict', code: 'plan_expired', message: `The plan expired at ${plan.expires_at} without a decision; nothing ran` } },
    ],
    detached: [{ event: 'done', data: { status: 'pending', plan_id: plan.id, ran: [], not_run: types } }],
  });
}

const chatVariables = ({ body }: { body: z.infer<typeof chatBody> }) => ({ message: body.message, session_id: body.session_id ?? body.sessionId ?? null });

/** The stream and decision routes of a door (`/admin/ai/chat/stream…` with the admin JWT, `/v1/chat/stream…` with the agent key). */
function streamRoutes(door: 'Admin' | 'Agent', base: string, auth: 'admin' | 'agent'): RouteDef[] {
  const decide = (what: 'approve' | 'reject', summary: string) =>
    route({
      method: 'POST',
      path: `${base}/:streamId/${what}`,
      auth,
      // a stream id is checked once the caller is known: an unknown caller gets 401, never the id's rule
      params: z.strictObject({ streamId: checkedAfterAuth(streamParams.shape.streamId) }),
      body: z.strictObject({}),
      operation: `assistant/${door}Assistant${what === 'approve' ? 'Approve' : 'Reject'}Plan`,
      summary,
      variables: ({ params }) => ({ stream_id: params.streamId }),
      respond: (d) => ({ plan: what === 'approve' ? d.approveAssistantPlan : d.rejectAssistantPlan }),
    });
  return [
    route({
      method: 'POST',
      path: base,
      auth,
      body: chatBody,
      operation: `assistant/${door}AssistantChatStream`,
      summary: STREAM_SUMMARY,
      errors: [403, 502],
      reply: { kind: 'event-stream', description: 'The turn as server-sent events.', events: STREAM_EVENTS },
      variables: (input) => ({ ...chatVariables(input), stream_id: newId('strm') }),
      respond: (d) => chatStream(d.assistantChat as TurnData),
    }),
    decide(
      'approve',
      "Approves the caller's pending plan of the stream: its actions run in order as the caller (an agent key with its store's admin rights), each result streamed to the open stream and answered here; a failure stops the rest. Answers {plan} with status executed or failed and results. 404 for another caller's or store's stream; 409 plan_already_decided, plan_expired",
    ),
    decide(
      'reject',
      "Rejects the caller's pending plan of the stream: nothing runs. Answers {plan} with status rejected. 404; 409 plan_already_decided, plan_expired",
    ),
  ];
}

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
      'Extracts structured actions from a request ({skill, actions}); parameters read offline, entities resolved in the store; nothing executes. skill is null (with suggestions) when no skill is confident enough; 403 skill_disabled when the store may not use the detected skill, insufficient_credits when its credits are used up',
    errors: [403],
    variables: ({ body }) => ({ message: body.message }),
    respond: (d) => d.assistantExtractActions,
  }),
  route({
    method: 'POST',
    path: '/admin/ai/chat',
    auth: 'admin',
    body: chatBody,
    operation: 'assistant/AdminAssistantChat',
    errors: [403, 502],
    summary: CHAT_SUMMARY,
    variables: chatVariables,
    respond: (d) => d.assistantChat,
  }),
  route({
    method: 'POST',
    path: '/v1/chat',
    auth: 'agent',
    body: chatBody,
    operation: 'assistant/AgentAssistantChat',
    errors: [403, 502],
    summary: `${CHAT_SUMMARY} (agent API key, server to server)`,
    variables: chatVariables,
    respond: (d) => d.assistantChat,
  }),
  route({
    method: 'POST',
    path: '/admin/ai/translate',
    auth: 'admin',
    body: translateBody,
    operation: 'assistant/AdminAssistantTranslate',
    errors: [403, 502, 503],
    summary:
      "Translates text (HTML and Markdown structure and placeholders such as {name} kept) into target_locale, one of the 11 admin locales, with the store's DeepL key, else its language model. Answers {text, target_locale, source_locale, provider, credits}. 503 provider_required when the store has neither (never a made-up translation); 502 provider_unavailable (or provider_refused: key refused, quota used up); 403 insufficient_credits, skill_disabled",
    variables: ({ body }) => ({ text: body.text, target_locale: body.target_locale, source_locale: body.source_locale ?? null }),
    respond: (d) => d.assistantTranslate,
  }),
  route({
    method: 'POST',
    path: '/admin/ai/voice/synthesize-chunk',
    auth: 'admin',
    body: synthesizeChunkBody,
    operation: 'assistant/AdminAssistantSynthesizeChunk',
    errors: [403, 502],
    summary:
      "Synthesises one chunk of text (at most 2,000 characters) with the store's speech provider (an OpenAI-compatible speech API), else offline with eSpeak NG in the voice of locale (default en); voice names a voice of either. Answers the WAV bytes. 502 provider_unavailable or provider_refused; 403 insufficient_credits, skill_disabled",
    reply: { kind: 'binary', contentType: 'audio/wav', description: 'The chunk as WAV audio (PCM).' },
    variables: ({ body }) => ({ text: body.text, voice: body.voice ?? null, locale: body.locale ?? null }),
    respond: (d) => binaryReply('audio/wav', Buffer.from(d.assistantSynthesizeChunk.content_base64, 'base64')),
  }),
  route({
    method: 'POST',
    path: '/admin/ai/voice/blog',
    auth: 'admin',
    body: voiceBlogBody,
    operation: 'assistant/AdminAssistantVoiceBlog',
    errors: [403, 404],
    status: 202,
    summary:
      "Starts the voiceover of a blog post of the store (its locale variant, default the store's default locale): the text split into chunks at sentence boundaries, each synthesised, joined into one WAV file stored as a media asset. Answers 202 {job, status_url} at once; GET the status_url (or watch assistant.job_queued's job in admin GraphQL) until status is succeeded (result.url: the audio) or failed (error; nothing stored). 404 for another store's post; 403 insufficient_credits, skill_disabled",
    variables: ({ body }) => ({ post_id: body.post_id, voice: body.voice ?? null, locale: body.locale ?? null }),
    respond: (d) => ({ job: d.voiceAssistantBlogPost, status_url: `/api/admin/ai/jobs/${String(d.voiceAssistantBlogPost.id)}` }),
  }),
  route({
    method: 'GET',
    path: '/admin/ai/jobs/:jobId',
    auth: 'admin',
    params: z.strictObject({ jobId: checkedAfterAuth(jobIdSchema) }),
    query: noQuery,
    operation: 'assistant/AdminAssistantJob',
    summary:
      "An assistant job of the store (a voiceover, a translation): {job: {id, kind, status: queued | running | succeeded | failed, progress, total, result, error}}; a voiceover's result has url, media_id, duration_seconds, chunks, engine. 404 for another store's job",
    variables: ({ params }) => ({ id: params.jobId }),
    respond: (d) => ({ job: d.assistantJob }),
  }),
  ...streamRoutes('Admin', '/admin/ai/chat/stream', 'admin'),
  ...streamRoutes('Agent', '/v1/chat/stream', 'agent'),
];
