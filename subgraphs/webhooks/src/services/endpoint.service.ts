import { Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import {
  DomainError,
  Errors,
  normalizePage,
  requireTenant,
  validated,
  type GraphClient,
  type PageArgs,
  type Paginated,
  type RequestContext,
  type SecretBox,
  type Store,
  type TenantBinding,
  type TenantEvents,
} from '@svc/kit';
import { WebhookEndpoint } from '../entities/endpoint.entity';
import { WebhookAttempt, WebhookDelivery } from '../entities/delivery.entity';
import { webhooksEvents } from '../events';
import {
  createEndpointSchema,
  rotateSecretSchema,
  updateEndpointSchema,
  type CreateEndpointData,
  type RotateSecretData,
  type UpdateEndpointData,
} from '../inputs/webhook.input';
import type { TargetGuard } from './guard';
import { newSecret } from './signing';
import { toEndpointView, type EndpointView } from './views';

const DEFAULT_OVERLAP_HOURS = 24;

/** The event patterns endpoints' `event_types` take together: `*` when one takes every event (none given). */
function patternsOf(eventTypes: readonly string[][]): string[] {
  if (eventTypes.some((t) => !t.length || t.includes('*'))) return ['*'];
  return [...new Set(eventTypes.flat())].sort();
}
const purpose = (id: string) => `webhook-secret:${id}`;

interface EndpointServiceOptions {
  store: Store;
  /** the fan-out's binding of the tenant: open while it has an active endpoint */
  binding: TenantBinding;
  box: SecretBox;
  guard: TargetGuard;
  graph: () => GraphClient | undefined;
  production: boolean;
}

/**
 * The tenant's webhook endpoints. Everything an input can be refused for (URL, targets, the
 * selection against the supergraph, the operator-only exception) is checked before the unit of
 * work begins, so a refused write leaves nothing behind.
 */
export class EndpointService {
  constructor(private readonly o: EndpointServiceOptions) {}

  private get store() {
    return this.o.store;
  }

  async list(ctx: RequestContext, args: PageArgs = {}): Promise<Paginated<EndpointView>> {
    const page = normalizePage(args, 20);
    const [rows, count] = await this.store
      .em(ctx)
      .findAndCount(WebhookEndpoint, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset });
    return { items: rows.map((r) => toEndpointView(r)), count, ...page };
  }

  async get(ctx: RequestContext, id: string): Promise<EndpointView> {
    return toEndpointView(await this.load(this.store.em(ctx), id));
  }

  async create(ctx: RequestContext, raw: CreateEndpointData): Promise<EndpointView> {
    const input = validated(createEndpointSchema, raw, 'input');
    const tenantId = requireTenant(ctx);
    this.checkException(ctx, input.allow_private_network ?? false);
    const url = this.checkUrl(input.url, input.allow_private_network ?? false);
    const selection = input.selection ? this.checkSelection(input.selection) : null;
    const secret = newSecret();
    return this.store.transaction(ctx, async (em, tx) => {
      const e = em.create(WebhookEndpoint, {
        tenantId,
        url,
        description: input.description || null,
        eventTypes: input.event_types ?? [],
        secret: '',
        active: input.active ?? true,
        allowPrivateNetwork: input.allow_private_network ?? false,
        selection,
      });
      e.secret = this.o.box.seal(secret, purpose(e.id));
      webhooksEvents.emit(em, tx, 'webhook_endpoint.created', { id: e.id, url, event_types: e.eventTypes });
      if (e.active) await this.rebind(tx);
      return toEndpointView(e, secret);
    });
  }

  async update(ctx: RequestContext, id: string, raw: UpdateEndpointData): Promise<EndpointView> {
    const input = validated(updateEndpointSchema, raw, 'input');
    if (input.allow_private_network !== undefined) this.checkException(ctx, input.allow_private_network);
    const selection = input.selection ? this.checkSelection(input.selection) : input.selection;
    return this.store.transaction(ctx, async (em, tx) => {
      const e = await this.load(em, id);
      // the operator's exemption was given for the URL the operator saw: an admin who changes the
      // URL loses it (and the new URL is checked like any other)
      const urlChanges = input.url !== undefined && input.url !== e.url;
      const keepsExemption = input.allow_private_network ?? (e.allowPrivateNetwork && (!urlChanges || ctx.roles.includes('operator')));
      const url = input.url !== undefined ? this.checkUrl(input.url, keepsExemption) : undefined;
      const exemption = keepsExemption !== e.allowPrivateNetwork ? keepsExemption : input.allow_private_network;
      const fields: string[] = [];
      const set = <K extends keyof WebhookEndpoint>(key: K, field: string, value: WebhookEndpoint[K] | undefined) => {
        if (value === undefined || JSON.stringify(value) === JSON.stringify(e[key])) return;
        e[key] = value;
        fields.push(field);
      };
      set('url', 'url', url);
      set('eventTypes', 'event_types', input.event_types);
      set('description', 'description', input.description === undefined ? undefined : input.description || null);
      set('allowPrivateNetwork', 'allow_private_network', exemption);
      set('selection', 'selection', selection);
      if (input.active !== undefined && input.active !== e.active) {
        e.active = input.active;
        if (input.active) e.disabledReason = null;
        fields.push('active');
      }
      if (fields.length) {
        webhooksEvents.emit(em, tx, 'webhook_endpoint.updated', { id: e.id, fields });
        await em.flush();
      }
      if (fields.includes('active') || (e.active && fields.includes('event_types'))) await this.rebind(tx);
      return toEndpointView(e);
    });
  }

  /** Deletes the endpoint with its deliveries and their attempts. */
  async remove(ctx: RequestContext, id: string): Promise<EndpointView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const e = await this.load(em, id);
      const view = toEndpointView(e);
      await em.nativeDelete(WebhookAttempt, { endpointId: e.id });
      await em.nativeDelete(WebhookDelivery, { endpointId: e.id });
      webhooksEvents.emit(em, tx, 'webhook_endpoint.deleted', { id: e.id, url: e.url });
      em.remove(e);
      if (e.active) await this.rebind(tx);
      return view;
    });
  }

  /**
   * A new secret; the previous one keeps signing too for `overlap_hours` (default 24), so
   * receivers can switch without losing a delivery. Answers the new secret once.
   */
  async rotate(ctx: RequestContext, id: string, raw: RotateSecretData = {}): Promise<EndpointView> {
    const input = validated(rotateSecretSchema, raw ?? {}, 'input');
    const hours = input.overlap_hours ?? DEFAULT_OVERLAP_HOURS;
    const secret = newSecret();
    return this.store.transaction(ctx, async (em, tx) => {
      const e = await this.load(em, id);
      if (hours > 0) {
        e.previousSecret = e.secret;
        e.previousSecretExpiresAt = new Date(Date.now() + hours * 3_600_000);
      } else {
        e.previousSecret = null;
        e.previousSecretExpiresAt = null;
      }
      e.secret = this.o.box.seal(secret, purpose(e.id));
      webhooksEvents.emit(em, tx, 'webhook_endpoint.secret_rotated', { id: e.id, previous_valid_until: e.previousSecretExpiresAt?.toISOString() ?? null });
      await em.flush();
      return toEndpointView(e, secret);
    });
  }

  /** The secrets that sign a delivery now: the current one, then the previous one while it is valid. */
  secretsOf(e: Pick<WebhookEndpoint, 'id' | 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>): string[] {
    const out = [this.o.box.open(e.secret, purpose(e.id))];
    if (e.previousSecret && e.previousSecretExpiresAt && e.previousSecretExpiresAt.getTime() > Date.now())
      out.push(this.o.box.open(e.previousSecret, purpose(e.id)));
    return out;
  }

  /**
   * What the fan-out needs of the tenant of `ctx`: the event types and families its active
   * endpoints take (`*` when one takes every event), none without an active endpoint.
   */
  async wanted(ctx: RequestContext): Promise<string[]> {
    const rows = await this.store.sql<{ event_types: string[] }>(
      ctx,
      `select event_types from ${this.store.table('webhook_endpoint')} where tenant_id = ? and active`,
      [requireTenant(ctx)],
    );
    return patternsOf(rows.map((r) => r.event_types));
  }

  /** The tenants with an active endpoint and the types they take: the fan-out's queue is bound to those events. */
  async activeTenants(): Promise<TenantEvents[]> {
    const rows = await this.store.sql<{ tenant_id: string; event_types: string[] }>(
      null,
      `select tenant_id, event_types from ${this.store.table('webhook_endpoint')} where active order by tenant_id`,
    );
    const byTenant = new Map<string, string[][]>();
    for (const r of rows) byTenant.set(r.tenant_id, [...(byTenant.get(r.tenant_id) ?? []), r.event_types]);
    return [...byTenant].map(([tenantId, types]) => ({ tenantId, events: patternsOf(types) }));
  }

  /**
   * Keeps the fan-out's binding of the tenant in step with its endpoints, in the unit of work
   * `tx` (one that activated, deactivated, deleted an endpoint or changed the types of an active
   * one, the dispatcher's that disabled one, or the fan-out's when a bound event found no active
   * endpoint taking it): bound to the types and families its active endpoints take, unbound
   * without one (see TenantBinding).
   */
  async rebind(tx: RequestContext): Promise<void> {
    await this.o.binding.hold(tx);
    await this.o.binding.set(tx, await this.wanted(tx));
  }

  private async load(em: ReturnType<Store['em']>, id: string): Promise<WebhookEndpoint> {
    const e = typeof id === 'string' && id.length <= 40 ? await em.findOne(WebhookEndpoint, { id }) : null;
    if (!e) throw Errors.notFound('Webhook endpoint', id);
    return e;
  }

  /** Only the platform operator may exempt an endpoint from the private-network checks. */
  private checkException(ctx: RequestContext, exempt: boolean): void {
    if (exempt && !ctx.roles.includes('operator')) {
      throw Errors.forbidden('Only the platform operator may set allow_private_network; ask for the host to be added to WEBHOOK_ALLOW_HOSTS', 'operator_only');
    }
  }

  /** An absolute http(s) URL without credentials whose host is not obviously internal. */
  checkUrl(raw: string, exempt: boolean): string {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw Errors.invalidField('url', 'url must be an absolute http or https URL');
    }
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw Errors.invalidField('url', 'url must be an http or https URL');
    if (u.username || u.password) throw Errors.invalidField('url', 'url must not carry credentials');
    if (u.hash) throw Errors.invalidField('url', 'url must not have a fragment');
    if (!exempt) {
      const why = this.o.guard.refuseAtSave(u);
      if (why)
        throw Errors.invalidField(
          'url',
          `url is refused: ${why} (private, loopback and link-local targets need the platform's allow-list, WEBHOOK_ALLOW_HOSTS)`,
        );
      if (this.o.production && u.protocol !== 'https:' && !this.o.guard.allow.hostAllowed(u.hostname))
        throw Errors.invalidField('url', 'url must be an https URL');
    }
    return u.toString();
  }

  /**
   * A payload selection: one query (no mutation or subscription), whose only variable is `$id` (the
   * event's entity id), that validates against the supergraph. Answers it as given.
   */
  checkSelection(source: string): string {
    let doc: DocumentNode;
    try {
      doc = parse(source);
    } catch (err) {
      throw Errors.invalidField('selection', `selection is not a GraphQL document: ${(err as Error).message}`);
    }
    const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    if (ops.length !== 1 || doc.definitions.some((d) => d.kind !== Kind.OPERATION_DEFINITION && d.kind !== Kind.FRAGMENT_DEFINITION)) {
      throw Errors.invalidField('selection', 'selection must hold exactly one query (and its fragments)');
    }
    if (ops[0].operation !== 'query') throw Errors.invalidField('selection', `selection must be a query, not a ${ops[0].operation}`);
    const vars = (ops[0].variableDefinitions ?? []).map((v) => v.variable.name.value);
    const other = vars.filter((v) => v !== 'id');
    if (other.length) throw Errors.invalidField('selection', `selection may declare only $id (the event's entity id), not $${other.join(', $')}`);
    const graph = this.o.graph();
    if (!graph?.validate) throw new DomainError('api_error', 'internal_error', 'The supergraph is not reachable from this process to check the selection');
    const errors = graph.validate(source);
    if (errors.length) throw Errors.invalidField('selection', `selection does not validate against the graph: ${errors.join('; ')}`);
    return source;
  }
}
