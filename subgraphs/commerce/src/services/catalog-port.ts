import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse, print, visit, type ASTNode, type FragmentDefinitionNode } from 'graphql';
import { systemContext, type GraphClient, type RequestContext } from '@svc/kit';

/** A variant as a cart snapshots it (the catalog's `variantSnapshots`). */
export interface VariantSnapshot {
  id: string;
  title: string;
  sku: string | null;
  barcode: string | null;
  product_id: string;
  product_title: string;
  product_handle: string;
  product_subtitle: string | null;
  product_description: string | null;
  product_type: string | null;
  product_collection: string | null;
  product_status: string;
  is_giftcard: boolean;
  discountable: boolean;
  thumbnail: string | null;
  option_values: Array<{ option: string; value: string }>;
  unit_price: string | null;
  manage_inventory: boolean;
  allow_backorder: boolean;
  available_quantity: number;
  sales_channel_ids: string[];
}

export interface RegionInfo {
  id: string;
  name: string;
  currency_code: string;
  automatic_taxes: boolean;
  countries: Array<{ id: string; iso_2: string; iso_3: string; num_code: string; name: string; display_name: string }>;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

/**
 * The operations of `ports/catalog.graphql`, read once: each named operation with the fragments it
 * spreads, as the source `GraphClient.execute` takes.
 */
export const PORT_FILE = path.join(__dirname, '..', 'ports', 'catalog.graphql');
let portOps: Map<string, string> | null = null;
export function portOperation(name: string): string {
  if (!portOps) {
    const doc = parse(fs.readFileSync(PORT_FILE, 'utf8'));
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    const spreads = (node: ASTNode, acc: Set<string>) => {
      visit(node, {
        FragmentSpread(n) {
          if (!acc.has(n.name.value)) {
            acc.add(n.name.value);
            spreads(fragments.get(n.name.value)!, acc);
          }
        },
      });
      return acc;
    };
    portOps = new Map();
    for (const d of doc.definitions) {
      if (d.kind !== Kind.OPERATION_DEFINITION || !d.name) continue;
      const used = [...spreads(d, new Set())].map((f) => print(fragments.get(f)!));
      portOps.set(d.name.value, [print(d), ...used].join('\n'));
    }
  }
  const op = portOps.get(name);
  if (!op) throw new Error(`commerce port: no operation ${name} in ${PORT_FILE}`);
  return op;
}

const REGION_TTL_MS = 5_000;

/**
 * What commerce needs of the catalog, asked through the supergraph as the platform itself (a system
 * context of the request's tenant): regions, variant snapshots, and stock reservations. Regions are
 * kept for a few seconds per tenant (every cart read shows its region).
 */
export class CatalogPort {
  private readonly regions = new Map<string, { at: number; region: RegionInfo | null }>();

  constructor(private readonly graph: () => GraphClient) {}

  private sys(ctx: RequestContext): RequestContext {
    return systemContext(ctx.log, ctx.tenantId, ctx.requestId);
  }

  async region(ctx: RequestContext, id: string): Promise<RegionInfo | null> {
    const key = `${ctx.tenantId}:${id}`;
    const hit = this.regions.get(key);
    if (hit && Date.now() - hit.at < REGION_TTL_MS) return hit.region;
    let region: RegionInfo | null = null;
    try {
      region = (await this.graph().execute<{ region: RegionInfo }>(this.sys(ctx), portOperation('CommerceRegion'), { id })).region;
    } catch (err) {
      if ((err as { type?: string }).type !== 'not_found') throw err;
    }
    if (this.regions.size > 10_000) this.regions.clear();
    this.regions.set(key, { at: Date.now(), region });
    return region;
  }

  /** The tenant's first region (carts created without one get it, as Medusa gives the store's default region). */
  async defaultRegion(ctx: RequestContext): Promise<RegionInfo | null> {
    const r = await this.graph().execute<{ regions: { items: RegionInfo[] } }>(
      this.sys(ctx),
      portOperation('CommerceDefaultRegion'),
    );
    return r.regions.items[0] ?? null;
  }

  /** The signed-in customer's email (identity's `me`, asked as the customer): a customer's new cart gets it. */
  async customerEmail(ctx: RequestContext): Promise<string | null> {
    if (ctx.actor.type !== 'customer') return null;
    const r = await this.graph().execute<{ me: { email: string | null } }>(ctx, portOperation('CommerceMe'));
    return r.me?.email ?? null;
  }

  /** The first variant of each of the `n` newest products (demo content). */
  async sampleVariants(ctx: RequestContext, n: number): Promise<string[]> {
    const r = await this.graph().execute<{ products: { items: Array<{ variants: Array<{ id: string }> }> } }>(
      this.sys(ctx),
      portOperation('CommerceSampleVariants'),
      { n },
    );
    return r.products.items.map((p) => p.variants[0]?.id).filter((id): id is string => !!id);
  }

  /** Every region of the tenant (up to 100). */
  async allRegions(ctx: RequestContext): Promise<RegionInfo[]> {
    const r = await this.graph().execute<{ regions: { items: RegionInfo[] } }>(this.sys(ctx), portOperation('CommerceRegions'));
    return r.regions.items;
  }

  async snapshots(ctx: RequestContext, ids: string[], currencyCode: string, regionId: string): Promise<Map<string, VariantSnapshot>> {
    if (!ids.length) return new Map();
    const r = await this.graph().execute<{ variantSnapshots: VariantSnapshot[] }>(
      this.sys(ctx),
      portOperation('CommerceVariants'),
      { ids: [...new Set(ids)], currency: currencyCode, region: regionId },
    );
    return new Map(r.variantSnapshots.map((v) => [v.id, v]));
  }

  async reserve(ctx: RequestContext, lines: Array<{ variant_id: string; quantity: number }>): Promise<void> {
    if (!lines.length) return;
    await this.graph().execute(this.sys(ctx), portOperation('CommerceReserve'), { lines });
  }

  async release(ctx: RequestContext, lines: Array<{ variant_id: string; quantity: number }>): Promise<void> {
    if (!lines.length) return;
    await this.graph().execute(this.sys(ctx), portOperation('CommerceRelease'), { lines });
  }

  async fulfil(ctx: RequestContext, lines: Array<{ variant_id: string; quantity: number }>): Promise<void> {
    if (!lines.length) return;
    await this.graph().execute(this.sys(ctx), portOperation('CommerceFulfil'), { lines });
  }

  /** Holds the lines under `key` (idempotent) for `ttlSeconds`. */
  async hold(ctx: RequestContext, key: string, lines: Array<{ variant_id: string; quantity: number }>, ttlSeconds: number): Promise<void> {
    if (!lines.length) return;
    await this.graph().execute(this.sys(ctx), portOperation('CommerceHold'), { key, lines, ttl: ttlSeconds });
  }

  /** The hold `key` becomes permanent (an expired one is taken again, or 409). */
  async confirmHold(ctx: RequestContext, key: string, lines: Array<{ variant_id: string; quantity: number }>): Promise<void> {
    if (!lines.length) return;
    await this.graph().execute(this.sys(ctx), portOperation('CommerceConfirmHold'), { key, lines });
  }

  /** Gives the hold `key` back (idempotent). */
  async releaseHold(ctx: RequestContext, key: string): Promise<void> {
    await this.graph().execute(this.sys(ctx), portOperation('CommerceReleaseHold'), { key });
  }
}
