import { systemClock, type Clock, type GraphClient, type RequestContext } from '@svc/kit';
import { AssistantSearchDocument } from '../ports/generated';
import { actionOfType, pickAction, type ActionDef, type EntityKind } from '../skills/actions';
import type { SkillId } from '../skills/catalog';
import { tokenize } from '../skills/classifier';
import type { DetectedSkill, IntentDetector } from '../skills/intent';
import { extractParams, type Extracted } from '../skills/params';
import type { LlmToolCall } from '../providers/openai-chat';
import type { SkillService } from './skill.service';

export interface ActionView {
  type: string;
  skill: string;
  params: Record<string, unknown>;
  confidence: number;
  operation: string;
  writes: boolean;
  missing: string[];
}

export interface Extraction {
  skill: DetectedSkill | null;
  suggestions: DetectedSkill[];
  actions: ActionView[];
}

interface ResolvedEntity {
  type: string;
  id: string;
  handle: string;
  title: string;
}

/** one request may ask for several things: "…, then …", "…; …", "… und dann …", "… puis …" */
const CLAUSES = /\s*(?:;|\.\s+|,?\s+(?:and then|then|und dann|danach|puis|ensuite|et ensuite)\s+)\s*/i;

/** words of a command that never name the thing it acts on */
const COMMAND_WORDS = new Set(
  (
    'set make change update edit put add create new raise increase bump lower reduce decrease drop cut remove delete show list find get give ' +
    'price prices pricing cost costs stock inventory units unit pieces pairs quantity level levels translate translation translated text description ' +
    'title name called named publish unpublish schedule draft post article blog page product products size the a an of to for on in at by with ' +
    'from into my our me us please all every each it its this that how many much what which is are be should we left have do does ' +
    'setze setz ändere erhöhe senke preis preise auf den die das der des dem ein eine für von zu im ins lager lagerbestand übersetze bitte ' +
    'fixe mets change augmente baisse réduis prix le la les un une de du des au aux pour à en dans stock traduis'
  ).split(/\s+/),
);

const round = (n: number) => Math.round(n * 1000) / 1000;

/** whether a tool argument has the JSON type of the parameter it fills */
function typeOk(k: keyof Extracted, v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (k === 'amount' || k === 'percentage') return typeof v === 'number' && Number.isFinite(v) && v >= 0;
  if (k === 'quantity' || k === 'order_number') return Number.isInteger(v) && (v as number) >= 0;
  if (k === 'dates' || k === 'times' || k === 'locales') return Array.isArray(v) && v.every((x) => typeof x === 'string');
  if (k === 'direction') return v === 'up' || v === 'down' || v === 'set';
  return typeof v === 'string' && v.length <= 500;
}

/** the parameters of an offline action that a definition takes */
function pickParams(params: Record<string, unknown> | undefined, def: ActionDef): Extracted {
  const out: Record<string, unknown> = {};
  for (const k of def.params) if (params?.[k] !== undefined) out[k] = params[k];
  return out as Extracted;
}

/**
 * Action extraction: the request's skill (403 skill_disabled when the store may not use it), each
 * clause's action with its parameters read offline, and the entity it names resolved against the
 * store's own data through search, asked as the caller. Nothing runs.
 */
export class ExtractService {
  constructor(
    private readonly skills: SkillService,
    private readonly detector: IntentDetector,
    private readonly graph: () => GraphClient | undefined,
    private readonly clock: Clock = systemClock,
  ) {}

  async extract(ctx: RequestContext, message: string): Promise<Extraction> {
    const detection = this.detector.detect(message);
    if (!detection.skill) return { skill: null, suggestions: detection.suggestions, actions: [] };
    await this.skills.assertEnabled(ctx, detection.skill.id);
    const clauses = message.split(CLAUSES).filter((c) => c.trim().length > 0);
    const actions: ActionView[] = [];
    for (const clause of clauses.length ? clauses : [message]) {
      const own = clauses.length > 1 ? this.detector.detect(clause).skill : null;
      const skill = own ?? detection.skill;
      if (own && own.id !== detection.skill.id) await this.skills.assertEnabled(ctx, own.id);
      actions.push(await this.action(ctx, skill, clause));
    }
    return { skill: detection.skill, suggestions: detection.suggestions, actions };
  }

  private async action(ctx: RequestContext, skill: DetectedSkill, clause: string): Promise<ActionView> {
    const def = pickAction(skill.id as SkillId, clause);
    const { params: found, rest } = extractParams(clause, new Date(this.clock.now()));
    return this.build(ctx, skill, def, found, rest);
  }

  /**
   * The actions a language model asked for with its tool calls, each one of the skill's actions by
   * type: its arguments as parameters (the ones the action takes, of the right JSON type), the entity
   * resolved from its `target` through search as offline (or the one the offline reading found for an
   * action of the same type). A call naming no action of the skill is dropped.
   */
  async fromToolCalls(ctx: RequestContext, skill: DetectedSkill, calls: LlmToolCall[], offline: ActionView[]): Promise<ActionView[]> {
    const out: ActionView[] = [];
    for (const call of calls) {
      const def = actionOfType(skill.id as SkillId, call.name);
      if (!def) continue;
      let args: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(call.arguments || '{}');
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) args = parsed as Record<string, unknown>;
      } catch {
        ctx.log.warn({ tool: call.name }, 'assistant: a tool call with arguments that are not JSON');
      }
      const same = offline.find((a) => a.type === def.type);
      const found: Extracted = {};
      for (const k of def.params) if (typeOk(k, args[k])) (found as Record<string, unknown>)[k] = args[k];
      const target = typeof args.target === 'string' ? args.target : '';
      const key = def.entity === 'any' ? 'resource' : def.entity;
      const known = same && key ? (same.params[key] as ResolvedEntity | null) : null;
      out.push(await this.build(ctx, skill, def, { ...pickParams(same?.params, def), ...found }, target, known ?? undefined));
    }
    return out.length ? out : offline;
  }

  private async build(ctx: RequestContext, skill: DetectedSkill, def: ActionDef, found: Extracted, rest: string, known?: ResolvedEntity): Promise<ActionView> {
    const params: Record<string, unknown> = {};
    for (const k of def.params) if (found[k] !== undefined) params[k] = found[k];
    const missing: string[] = (def.required ?? []).filter((k) => k !== 'entity' && found[k as keyof Extracted] === undefined);
    if (def.entity) {
      const key = def.entity === 'any' ? 'resource' : def.entity;
      const entity = known ?? (await this.resolve(ctx, def.entity, rest));
      params[key] = entity;
      if (!entity && def.required?.includes('entity')) missing.push(key);
    }
    const confidence = Math.max(0.05, skill.confidence * (1 - 0.3 * missing.length));
    return { type: def.type, skill: skill.id, params, confidence: round(confidence), operation: def.operation, writes: def.writes, missing };
  }

  /** The store's document a request names: its remaining words, then shorter runs of them, at most five searches. */
  private async resolve(ctx: RequestContext, kind: EntityKind, rest: string): Promise<ResolvedEntity | null> {
    const words = tokenize(rest).filter((w) => !COMMAND_WORDS.has(w) && !/^\d+$/.test(w));
    if (!words.length) return null;
    const tries: string[] = [words.join(' ')];
    for (let n = Math.min(words.length - 1, 3); n >= 1 && tries.length < 5; n--) {
      for (let i = words.length - n; i >= 0 && tries.length < 5; i--) tries.push(words.slice(i, i + n).join(' '));
    }
    const g = this.graph();
    if (!g) return null;
    for (const q of [...new Set(tries)]) {
      const r = await g.execute(ctx, AssistantSearchDocument, { q, type: kind === 'any' ? undefined : [kind], limit: 1 });
      const hit = r.search.hits[0];
      if (hit) return { type: hit.type, id: hit.id, handle: hit.handle, title: hit.title };
    }
    return null;
  }
}
