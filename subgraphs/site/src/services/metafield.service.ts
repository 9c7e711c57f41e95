import { assertReferences, Errors, loaderFor, requireTenant, type GraphClient, type ReferenceLookup, type RequestContext, type Store } from '@svc/kit';
import { siteReferenceLookups } from './references';
import { Metafield } from '../entities/metafield.entity';
import { MetafieldDefinition } from '../entities/metafield-definition.entity';
import { siteEvents } from '../events';
import type { MetafieldKeyData, SetMetafieldData } from '../inputs/metafield.input';
import { toMetafieldView, type MetafieldView, type StoreMetafield } from './views';

/** Metafields a resource may carry at most (a runaway import should not grow one without bound). */
const MAX_METAFIELDS_PER_RESOURCE = 250;

type Resource = { resource_type: string; resource_id: string };

/**
 * Metafields: typed values on any resource (the value is checked against its type by the input
 * schema before it gets here). `set` is an upsert on (resource, namespace, key) under the tenant's
 * metafield lock, so concurrent sets of one key end as one row.
 */
export class MetafieldService {
  private readonly references: Record<string, ReferenceLookup>;

  constructor(
    private readonly store: Store,
    graph: () => GraphClient | undefined = () => undefined,
  ) {
    this.references = siteReferenceLookups(graph);
  }

  /** Every metafield of a resource, by namespace and key (admin). */
  async list(ctx: RequestContext, r: Resource): Promise<MetafieldView[]> {
    const rows = await this.store
      .em(ctx)
      .find(Metafield, { resourceType: r.resource_type, resourceId: r.resource_id }, { orderBy: { namespace: 'asc', key: 'asc' } });
    return rows.map(toMetafieldView);
  }

  /** The storefront-visible metafields of a resource (an unknown resource has none). */
  async visible(ctx: RequestContext, r: Resource): Promise<StoreMetafield[]> {
    const rows = await this.store
      .em(ctx)
      .find(Metafield, { resourceType: r.resource_type, resourceId: r.resource_id, storefrontVisible: true }, { orderBy: { namespace: 'asc', key: 'asc' } });
    return rows.map((m) => ({ namespace: m.namespace, key: m.key, type: m.type, value: m.value }));
  }

  /**
   * Creates or replaces the metafield (resource, namespace, key); `storefront_visible` kept when absent on a replace
   * (on a create: the definition's default, else false). A defined key's type must be the definition's (400).
   */
  async set(ctx: RequestContext, input: SetMetafieldData): Promise<MetafieldView> {
    const tenantId = requireTenant(ctx);
    // the resource must be one of this store's (known types: product, collection, category, page, blog_post), else 404
    await assertReferences(ctx, [{ type: input.resource_type, id: input.resource_id }], this.references);
    return this.store.transaction(ctx, async (em, tx) => {
      await this.store.lock(tx, 'metafield');
      const at = { resourceType: input.resource_type, resourceId: input.resource_id };
      // a key the store defined for this resource type takes values of the definition's type only
      const defined = await em.findOne(MetafieldDefinition, { resourceType: input.resource_type, namespace: input.namespace, key: input.key });
      if (defined && defined.type !== input.type) {
        throw Errors.invalidField(
          'type',
          `${input.namespace}.${input.key} is defined for ${input.resource_type} as ${defined.type} ("${defined.name}"), not ${input.type}`,
        );
      }
      let m = await em.findOne(Metafield, { ...at, namespace: input.namespace, key: input.key });
      if (!m) {
        if ((await em.count(Metafield, at)) >= MAX_METAFIELDS_PER_RESOURCE) {
          throw Errors.conflict('too_many_metafields', `A resource carries at most ${MAX_METAFIELDS_PER_RESOURCE} metafields`);
        }
        m = em.create(Metafield, {
          tenantId,
          ...at,
          namespace: input.namespace,
          key: input.key,
          type: input.type,
          value: input.value,
          storefrontVisible: input.storefront_visible ?? defined?.storefrontVisible ?? false,
        });
      } else {
        m.type = input.type;
        m.value = input.value;
        if (input.storefront_visible !== undefined) m.storefrontVisible = input.storefront_visible;
      }
      siteEvents.emit(em, tx, 'metafield.set', { id: m.id, resource_type: m.resourceType, resource_id: m.resourceId, namespace: m.namespace, key: m.key });
      await em.flush();
      return toMetafieldView(m);
    });
  }

  /** Removes one metafield; 404 when there is none. */
  async delete(ctx: RequestContext, k: MetafieldKeyData): Promise<MetafieldView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const m = await em.findOne(Metafield, { resourceType: k.resource_type, resourceId: k.resource_id, namespace: k.namespace, key: k.key });
      if (!m) throw Errors.notFound('Metafield', `${k.resource_type}/${k.resource_id}/${k.namespace}.${k.key}`);
      const view = toMetafieldView(m);
      em.remove(m);
      siteEvents.emit(em, tx, 'metafield.deleted', { id: m.id, resource_type: m.resourceType, resource_id: m.resourceId, namespace: m.namespace, key: m.key });
      return view;
    });
  }

  byId(ctx: RequestContext, id: string): Promise<MetafieldView | null> {
    return loaderFor<string, MetafieldView>(ctx, 'site.metafield', async (ids) => {
      const rows = await this.store.em(ctx).find(Metafield, { id: { $in: [...ids] } });
      return new Map(rows.map((x) => [x.id, toMetafieldView(x)]));
    }).load(id);
  }
}
