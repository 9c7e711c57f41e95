import { Errors, requireTenant, type RequestContext, type Store } from '@svc/kit';
import type { EntityManager } from '@mikro-orm/core';
import { Metafield } from '../entities/metafield.entity';
import { MetafieldDefinition } from '../entities/metafield-definition.entity';
import type { CreateMetafieldDefinitionData, UpdateMetafieldDefinitionData } from '../inputs/metafield.input';
import { toMetafieldDefinitionView, type MetafieldDefinitionView } from './views';

/** Definitions a store may declare at most (they are a schema, not data). */
const MAX_DEFINITIONS = 500;

/**
 * Metafield definitions: a namespace + key declared once per resource type with the type its values
 * must have. Writes take the metafield lock, like `setMetafield`, so a definition and a value of
 * another type cannot slip in beside each other. Deleting a definition keeps the values it governed.
 */
export class MetafieldDefinitionService {
  constructor(private readonly store: Store) {}

  /** The store's definitions (of one resource type when given), by resource type, namespace and key. */
  async list(ctx: RequestContext, resourceType?: string): Promise<MetafieldDefinitionView[]> {
    const em = this.store.em(ctx);
    const rows = await em.find(MetafieldDefinition, resourceType ? { resourceType } : {}, { orderBy: { resourceType: 'asc', namespace: 'asc', key: 'asc' } });
    return Promise.all(rows.map(async (d) => toMetafieldDefinitionView(d, await this.uses(em, d))));
  }

  /** 409 `duplicate` when declared already; 409 `type_mismatch` when the store has values of that key of another type. */
  async create(ctx: RequestContext, input: CreateMetafieldDefinitionData): Promise<MetafieldDefinitionView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      await this.store.lock(tx, 'metafield');
      const at = { resourceType: input.resource_type, namespace: input.namespace, key: input.key };
      if (await em.findOne(MetafieldDefinition, at)) {
        throw Errors.conflict('duplicate', `${input.resource_type} metafield ${input.namespace}.${input.key} is defined already`);
      }
      if ((await em.count(MetafieldDefinition, {})) >= MAX_DEFINITIONS) {
        throw Errors.conflict('too_many_definitions', `A store declares at most ${MAX_DEFINITIONS} metafield definitions`);
      }
      const other = await em.findOne(Metafield, { ...at, type: { $ne: input.type } });
      if (other) {
        throw Errors.conflict(
          'type_mismatch',
          `${input.resource_type} ${other.resourceId} has ${input.namespace}.${input.key} as ${other.type}, not ${input.type}: change or delete such values first`,
        );
      }
      const d = em.create(MetafieldDefinition, {
        tenantId,
        ...at,
        type: input.type,
        name: input.name,
        description: input.description ?? null,
        storefrontVisible: input.storefront_visible ?? false,
      });
      await em.flush();
      return toMetafieldDefinitionView(d, await this.uses(em, d));
    });
  }

  /** Name, description and default visibility; the rest names the definition and stays. */
  async update(ctx: RequestContext, id: string, input: UpdateMetafieldDefinitionData): Promise<MetafieldDefinitionView> {
    return this.store.transaction(ctx, async (em) => {
      const d = await em.findOne(MetafieldDefinition, { id });
      if (!d) throw Errors.notFound('MetafieldDefinition', id);
      if (input.name !== undefined) d.name = input.name;
      if (input.description !== undefined) d.description = input.description;
      if (input.storefront_visible !== undefined) d.storefrontVisible = input.storefront_visible;
      await em.flush();
      return toMetafieldDefinitionView(d, await this.uses(em, d));
    });
  }

  /** Removes the definition; its values stay as plain metafields. */
  async delete(ctx: RequestContext, id: string): Promise<MetafieldDefinitionView> {
    return this.store.transaction(ctx, async (em, tx) => {
      await this.store.lock(tx, 'metafield');
      const d = await em.findOne(MetafieldDefinition, { id });
      if (!d) throw Errors.notFound('MetafieldDefinition', id);
      const view = toMetafieldDefinitionView(d, await this.uses(em, d));
      em.remove(d);
      return view;
    });
  }

  private uses(em: EntityManager, d: MetafieldDefinition): Promise<number> {
    return em.count(Metafield, { resourceType: d.resourceType, namespace: d.namespace, key: d.key });
  }
}
