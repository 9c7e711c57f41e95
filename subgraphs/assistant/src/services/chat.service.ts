import { DomainError, Errors, newId, requireTenant, systemClock, type Clock, type GraphClient, type RequestContext, type Store } from '@svc/kit';
import { ChatMessage, ChatSession, Plan } from '../entities/chat.entity';
import { assistantEvents } from '../events';
import { AssistantOrdersDocument, AssistantProductStockDocument, AssistantQuotesDocument } from '../ports/generated';
import type { DetectedSkill } from '../skills/intent';
import type { StoreContextService } from './context.service';
import type { ActionView, ExtractService } from './extract.service';

/** A plan waits this long for its decision. */
const PLAN_TTL_MS = 15 * 60_000;

interface PlanView {
  id: string;
  status: string;
  actions: ActionView[];
  created_at: string;
  expires_at: string;
}

interface ChatTurnView {
  session_id: string;
  skill: DetectedSkill | null;
  suggestions: DetectedSkill[];
  reply: string;
  plan: PlanView | null;
  /** what a read-only action answered (null when nothing ran) */
  result: unknown;
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
 * written), then either an answer at once (read-only actions run as the caller), a question for what
 * is missing, or a plan of the writing actions, persisted and waiting for approval. Every turn is
 * kept in the session's history in PostgreSQL.
 */
export class ChatService {
  constructor(
    private readonly store: Store,
    private readonly extract: ExtractService,
    private readonly context: StoreContextService,
    private readonly graph: () => GraphClient | undefined,
    private readonly clock: Clock = systemClock,
  ) {}

  async turn(ctx: RequestContext, message: string, sessionKey: string | null): Promise<ChatTurnView> {
    const tenantId = requireTenant(ctx);
    const owner = ownerOf(ctx);
    const key = sessionKey ?? newId('sess');
    const x = await this.extract.extract(ctx, message);

    let reply: string;
    let result: unknown = null;
    let planActions: ActionView[] | null = null;
    if (!x.skill) {
      reply = `I am not sure what you would like to do. Did you mean: ${x.suggestions.map((s) => s.name).join(', ')}?`;
    } else if (x.actions.some((a) => a.missing.length)) {
      const missing = [...new Set(x.actions.flatMap((a) => a.missing))];
      reply = `${x.actions.map(describeAction).join('; ')}. I still need: ${missing.join(', ')}. Nothing was changed.`;
    } else if (x.actions.some((a) => a.writes)) {
      planActions = x.actions;
      reply = `Here is the plan (${x.actions.length} ${x.actions.length === 1 ? 'action' : 'actions'}): ${x.actions
        .map((a, i) => `${i + 1}. ${describeAction(a)}`)
        .join(' ')} Approve it to run it, or reject it; it expires in 15 minutes.`;
    } else {
      const answers = [];
      for (const a of x.actions) answers.push(await this.read(ctx, a));
      reply = answers.map((a) => a.text).join(' ');
      result = answers.length === 1 ? answers[0].data : answers.map((a) => a.data);
    }

    const now = new Date(this.clock.now());
    const plan = await this.store.transaction(ctx, async (em, tx) => {
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
          sessionId: session.id,
          owner,
          actions: planActions,
          createdAt: now,
          expiresAt: new Date(now.getTime() + PLAN_TTL_MS),
        });
        assistantEvents.emit(em, tx, 'assistant.plan_created', {
          id: saved.id,
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
    return { session_id: key, skill: x.skill, suggestions: x.suggestions, reply, plan: plan ? planView(plan) : null, result };
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

function ownerOf(ctx: RequestContext): string {
  if (ctx.actor.type !== 'admin' && ctx.actor.type !== 'agent') throw Errors.forbidden();
  return `${ctx.actor.type}:${ctx.actor.id ?? ''}`;
}

function planView(p: Plan): PlanView {
  return { id: p.id, status: p.status, actions: p.actions as ActionView[], created_at: p.createdAt.toISOString(), expires_at: p.expiresAt.toISOString() };
}
