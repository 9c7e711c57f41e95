import { DomainError, Errors, newId, requireTenant, systemClock, type Clock, type GraphClient, type RequestContext, type Store } from '@svc/kit';
import { ChatMessage, ChatSession, Plan } from '../entities/chat.entity';
import { assistantEvents } from '../events';
import { AssistantOrdersDocument, AssistantProductStockDocument, AssistantQuotesDocument } from '../ports/generated';
import type { LlmMessage, LlmTool } from '../providers/openai-chat';
import { PARAM_SCHEMAS, actionsOf } from '../skills/actions';
import { skillById, type ModelTier, type SkillId } from '../skills/catalog';
import type { DetectedSkill } from '../skills/intent';
import type { StoreContextService } from './context.service';
import type { CreditService } from './credit.service';
import { canRun } from './executor';
import type { ActionView, Extraction, ExtractService } from './extract.service';
import { actingAs, ownerOf, planView, type PlanView } from './plan.service';
import type { ProviderService } from './provider.service';

/** A plan waits this long for its decision. */
const PLAN_TTL_MS = 15 * 60_000;

interface ChatTurnView {
  session_id: string;
  /** the stream the turn belongs to; its plan (if any) is decided at `…/stream/<stream_id>/approve` or `/reject` */
  stream_id: string;
  skill: DetectedSkill | null;
  suggestions: DetectedSkill[];
  reply: string;
  /** the reply in the pieces it was written in (the model's deltas, or the offline reply in words) */
  tokens: string[];
  plan: PlanView | null;
  /** what a read-only action answered (null when nothing ran) */
  result: unknown;
  /** true when the offline path answered (no provider, or its circuit breaker open) */
  offline: boolean;
  /** the model tier the turn was charged at, and its cost in credits */
  tier: ModelTier;
  credits: number;
}

interface ChatHistoryView {
  session_id: string;
  messages: Array<{ role: string; content: string; skill: string | null; plan_id: string | null; created_at: string }>;
}

const humanize = (type: string) => type.charAt(0).toUpperCase() + type.slice(1).replace(/_/g, ' ');
const money = (amount: unknown, currency: unknown) => `${Number(amount).toFixed(2)} ${String(currency ?? '').toUpperCase()}`.trim();

/** One line saying what an action will do, from its type and parameters. */
function describeAction(a: ActionView): string {
  const p = a.params;
  const entity = (p.product ?? p.blog_post ?? p.page ?? p.tour ?? p.event ?? p.resource) as { title?: string } | null | undefined;
  const parts = [humanize(a.type)];
  if (entity?.title) parts.push(`“${entity.title}”`);
  if (p.title) parts.push(`titled “${String(p.title)}”`);
  if (p.amount !== undefined) parts.push(`${p.direction === 'down' ? 'down to' : 'to'} ${money(p.amount, p.currency_code)}`);
  if (p.percentage !== undefined) parts.push(`${p.direction === 'down' ? 'down' : 'up'} by ${String(p.percentage)}%`);
  if (p.quantity !== undefined)
    parts.push(p.direction === 'up' ? `adding ${String(p.quantity)}` : p.direction === 'down' ? `removing ${String(p.quantity)}` : `to ${String(p.quantity)}`);
  if (Array.isArray(p.locales)) parts.push(`into ${(p.locales as string[]).join(', ')}`);
  if (Array.isArray(p.dates)) parts.push(`on ${(p.dates as string[]).join(', ')}`);
  if (p.code) parts.push(`code ${String(p.code)}`);
  if (p.order_number !== undefined) parts.push(`order #${String(p.order_number)}`);
  if (p.quote_number) parts.push(`quote ${String(p.quote_number)}`);
  return parts.join(' ');
}

/**
 * One chat turn: the request's skill and actions (extraction: 403 skill_disabled before anything is
 * written), the store's credits checked (403 insufficient_credits), the language model asked when
 * the store has one (its streamed text is the reply, its tool calls the actions; 502
 * provider_unavailable with nothing written when it fails; the offline path while its breaker is
 * open), then either an answer at once (read-only actions run as the caller), a question for what
 * is missing, or a plan of the writing actions, persisted and waiting for approval. The turn's
 * history, its plan and the credits it spent are written in one unit of work.
 */
export class ChatService {
  constructor(
    private readonly store: Store,
    private readonly extract: ExtractService,
    private readonly context: StoreContextService,
    private readonly credits: CreditService,
    private readonly provider: ProviderService,
    private readonly graph: () => GraphClient | undefined,
    private readonly clock: Clock = systemClock,
  ) {}

  async turn(ctx: RequestContext, message: string, sessionKey: string | null, streamId: string | null = null): Promise<ChatTurnView> {
    const tenantId = requireTenant(ctx);
    const owner = ownerOf(ctx);
    const key = sessionKey ?? newId('sess');
    const stream = streamId ?? newId('strm');
    const x = await this.extract.extract(ctx, message);

    // the model is asked only for a detected skill; its tier prices the call, offline calls cost `fast`
    const skillTier: ModelTier = x.skill ? (skillById(x.skill.id as SkillId)?.model_tier ?? 'fast') : 'fast';
    const withModel = !!x.skill && (await this.provider.configured(ctx));
    await this.credits.assertCanSpend(ctx, withModel ? skillTier : 'fast');
    const answer = withModel ? await this.provider.complete(ctx, skillTier, this.prompt(x, message), toolsOf(x.skill!.id as SkillId)) : null;
    const tier: ModelTier = answer ? skillTier : 'fast';
    const actions = answer?.toolCalls.length ? await this.extract.fromToolCalls(ctx, x.skill!, answer.toolCalls, x.actions) : x.actions;

    let reply: string;
    let result: unknown = null;
    let planActions: ActionView[] | null = null;
    const notRunnable = actions.filter((a) => a.writes && !canRun(a.type));
    if (!x.skill) {
      reply = `I am not sure what you would like to do. Did you mean: ${x.suggestions.map((s) => s.name).join(', ')}?`;
    } else if (actions.some((a) => a.missing.length)) {
      const missing = [...new Set(actions.flatMap((a) => a.missing))];
      reply = `${actions.map(describeAction).join('; ')}. I still need: ${missing.join(', ')}. Nothing was changed.`;
    } else if (notRunnable.length) {
      reply = `${actions.map(describeAction).join('; ')}: running ${notRunnable.map((a) => humanize(a.type).toLowerCase()).join(', ')} from a chat is not available yet; nothing was changed.`;
    } else if (actions.some((a) => a.writes)) {
      planActions = actions;
      reply = `Here is the plan (${actions.length} ${actions.length === 1 ? 'action' : 'actions'}): ${actions
        .map((a, i) => `${i + 1}. ${describeAction(a)}`)
        .join(' ')} Approve it to run it, or reject it; it expires in 15 minutes.`;
    } else {
      const answers = [];
      for (const a of actions) answers.push(await this.read(actingAs(ctx), a));
      reply = answers.map((a) => a.text).join(' ');
      result = answers.length === 1 ? answers[0].data : answers.map((a) => a.data);
    }
    // the model's words lead; what the platform will do (or did) is always said after them
    const tokens = answer?.content.trim() ? [...answer.deltas, `\n\n${reply}`] : words(reply);
    if (answer?.content.trim()) reply = `${answer.content}\n\n${reply}`;

    const now = new Date(this.clock.now());
    const plan = await this.store.transaction(ctx, async (em, tx) => {
      // the credits first: a store out of credits writes nothing (403 insufficient_credits)
      await this.credits.spend(tx, tier, x.skill?.id ?? null);
      const [session] = await this.store.sql<{ id: string; turns: number }>(
        tx,
        `insert into ${this.store.table('chat_session')} (id, tenant_id, owner, "key", turns, created_at, updated_at) values (?, ?, ?, ?, 1, ?, ?)
         on conflict (tenant_id, owner, "key") do update set turns = ${this.store.table('chat_session')}.turns + 1, updated_at = excluded.updated_at
         returning id, turns`,
        [newId('chat'), tenantId, owner, key, now, now],
      );
      let saved: Plan | null = null;
      if (planActions) {
        saved = em.create(Plan, {
          tenantId,
          streamId: stream,
          sessionId: session.id,
          sessionKey: key,
          owner,
          skill: x.skill!.id,
          actions: planActions,
          createdAt: now,
          expiresAt: new Date(now.getTime() + PLAN_TTL_MS),
        });
        assistantEvents.emit(em, tx, 'assistant.plan_created', {
          id: saved.id,
          stream_id: stream,
          session_id: key,
          skill: x.skill!.id,
          actions: planActions.map((a) => ({ type: a.type, skill: a.skill, operation: a.operation })),
          expires_at: saved.expiresAt.toISOString(),
        });
      }
      const position = (session.turns - 1) * 2;
      em.create(ChatMessage, { tenantId, sessionId: session.id, position, role: 'user', content: message, skillId: x.skill?.id ?? null, createdAt: now });
      em.create(ChatMessage, {
        tenantId,
        sessionId: session.id,
        position: position + 1,
        role: 'assistant',
        content: reply,
        skillId: x.skill?.id ?? null,
        planId: saved?.id ?? null,
        createdAt: now,
      });
      return saved;
    });
    return {
      session_id: key,
      stream_id: stream,
      skill: x.skill,
      suggestions: x.suggestions,
      reply,
      tokens,
      plan: plan ? planViewOf(plan) : null,
      result,
      offline: !answer,
      tier,
      credits: this.credits.cost(tier),
    };
  }

  /** `/v1/extract-actions`: the extraction, charged as one offline call (fast tier); nothing runs. */
  async extractActions(ctx: RequestContext, message: string): Promise<Extraction> {
    await this.credits.assertCanSpend(ctx, 'fast');
    const x = await this.extract.extract(ctx, message);
    await this.store.transaction(ctx, (_em, tx) => this.credits.spend(tx, 'fast', x.skill?.id ?? null));
    return x;
  }

  /** What the model is told: the store's assistant, the detected skill and what the offline reading found. */
  private prompt(x: Extraction, message: string): LlmMessage[] {
    const skill = skillById(x.skill!.id as SkillId)!;
    const found = x.actions.map((a) => `${a.type} ${JSON.stringify(a.params)}`).join('; ') || 'none';
    return [
      {
        role: 'system',
        content:
          `You are the assistant of an online store's admin. The request belongs to the skill "${skill.name}" (${skill.description}). ` +
          `Answer briefly in the language of the request. To change something, call the matching tool once per step; the platform asks the admin to approve ` +
          `before anything runs. What the platform read from the request: ${found}.`,
      },
      { role: 'user', content: message },
    ];
  }

  /** The caller's conversation, oldest message first; another caller's (or store's) is 404. */
  async history(ctx: RequestContext, key: string): Promise<ChatHistoryView> {
    const em = this.store.em(ctx);
    const session = await em.findOne(ChatSession, { owner: ownerOf(ctx), key });
    if (!session) throw Errors.notFound('Chat session', key);
    const messages = await em.find(ChatMessage, { sessionId: session.id }, { orderBy: { position: 'asc' } });
    return {
      session_id: key,
      messages: messages.map((m) => ({ role: m.role, content: m.content, skill: m.skillId, plan_id: m.planId, created_at: m.createdAt.toISOString() })),
    };
  }

  /** Runs one read-only action as the caller: what it answers, in a sentence and as data. */
  private async read(ctx: RequestContext, a: ActionView): Promise<{ text: string; data: unknown }> {
    const g = this.graph();
    try {
      switch (a.type) {
        case 'get_setup_status': {
          const s = await this.context.setupStatus(ctx);
          const waiting = s.skills.filter((k) => k.status === 'awaiting_setup');
          return {
            text: `${s.ready_count} of ${s.skills.length} skills are ready, ${s.skills.length - s.enabled_count} are disabled, ${waiting.length} wait for setup (${waiting.map((k) => k.id).join(', ')}).`,
            data: s,
          };
        }
        case 'list_orders': {
          const r = (await g!.execute(ctx, AssistantOrdersDocument, { limit: 10 })).adminOrders;
          const latest = r.items.map((o) => `#${o.display_id} ${o.status} ${money(o.total, o.currency_code)}`).join(', ');
          return { text: `The store has ${r.count} ${r.count === 1 ? 'order' : 'orders'}${latest ? `; the latest: ${latest}` : ''}.`, data: r };
        }
        case 'list_quotes': {
          const r = (await g!.execute(ctx, AssistantQuotesDocument, { limit: 10 })).adminQuotes;
          return {
            text: `The store has ${r.count} quote ${r.count === 1 ? 'request' : 'requests'}${r.items.length ? `: ${r.items.map((q) => `${q.number} (${q.status})`).join(', ')}` : ''}.`,
            data: r,
          };
        }
        case 'get_stock_levels': {
          const product = a.params.product as { id: string; title: string } | null;
          if (!product) return { text: 'Which product? I found none of that name in your catalog.', data: null };
          const p = (await g!.execute(ctx, AssistantProductStockDocument, { id: product.id })).adminProduct;
          const total = p.variants.reduce((s, v) => s + v.inventory_quantity, 0);
          return { text: `${p.title}: ${total} in stock (${p.variants.map((v) => `${v.title} ${v.inventory_quantity}`).join(', ')}).`, data: p };
        }
        default:
          return {
            text: `${describeAction(a)}: answering this offline is not available yet (it needs a language-model provider); nothing was changed.`,
            data: null,
          };
      }
    } catch (err) {
      if (err instanceof DomainError && (err.type === 'permission_error' || err.type === 'authentication_error')) {
        return { text: `${describeAction(a)}: your credentials may not read this (${err.message}).`, data: null };
      }
      // the search index can name a product removed since: said, not a failed turn
      if (err instanceof DomainError && err.type === 'not_found') return { text: `${describeAction(a)}: ${err.message}.`, data: null };
      throw err;
    }
  }
}

function planViewOf(p: Plan): PlanView {
  return planView({
    id: p.id,
    stream_id: p.streamId,
    session_key: p.sessionKey,
    skill: p.skill,
    owner: p.owner,
    status: p.status,
    actions: p.actions as ActionView[],
    results: [],
    created_at: p.createdAt,
    expires_at: p.expiresAt,
    decided_at: p.decidedAt,
  });
}

/** the offline reply in pieces the size of a word (with the space before it) */
function words(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [text];
}

/** The skill's writing and reading actions as tools the model may call. */
function toolsOf(skill: SkillId): LlmTool[] {
  return actionsOf(skill).map((a) => ({
    name: a.type,
    description: `${humanize(a.type)} (${a.writes ? 'changes the store; runs after approval' : 'reads'})`,
    parameters: {
      type: 'object',
      properties: {
        ...(a.entity
          ? {
              target: {
                type: 'string',
                description: `the ${a.entity === 'any' ? 'product, post or page' : a.entity.replace('_', ' ')} it is about, in the request's words`,
              },
            }
          : {}),
        ...Object.fromEntries(a.params.map((k) => [k, PARAM_SCHEMAS[k]])),
      },
    },
  }));
}
