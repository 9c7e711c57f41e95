import { DomainError, Errors, requireTenant, type GraphClient, type RequestContext, type Store } from '@svc/kit';
import { Brand } from '../entities/brand.entity';
import { siteEvents } from '../events';
import { BRAND_COLORS, BRAND_FONTS, CONTACT_FIELDS, SOCIAL_NETWORKS, type UpdateBrandData } from '../inputs/brand.input';
import type { BrandView } from './views';
import { SiteBrandLogoDocument } from '../ports/generated';

/** What a store that set nothing shows. */
const BRAND_DEFAULTS = {
  colors: { primary: '#111827', secondary: '#6b7280', accent: '#2563eb', background: '#ffffff', text: '#111827' },
  typography: { heading_font: 'Inter, sans-serif', body_font: 'Inter, sans-serif' },
} as const;

/** `defaults` with the stored values over them, every key of `keys` present. */
const filled = <K extends string>(keys: readonly K[], stored: Record<string, string>, defaults: Partial<Record<K, string>> = {}) =>
  Object.fromEntries(keys.map((k) => [k, stored[k] ?? defaults[k] ?? null])) as Record<K, string | null>;

/** `stored` with the given fields applied: a value replaces, null removes (back to the default), absent stays. */
function patched(stored: Record<string, string>, given: Record<string, string | null | undefined> | undefined): Record<string, string> {
  if (!given) return stored;
  const out = { ...stored };
  for (const [k, v] of Object.entries(given)) {
    if (v === null) delete out[k];
    else if (v !== undefined) out[k] = v;
  }
  return out;
}

/**
 * The brand of the store, read with defaults filled. The logo is a media id: checked through the
 * supergraph when set (an image of this store), resolved to its URL by the media domain when read.
 */
export class BrandService {
  constructor(
    private readonly store: Store,
    private readonly graph: () => GraphClient | undefined,
  ) {}

  async get(ctx: RequestContext): Promise<BrandView> {
    return this.view(await this.store.em(ctx).findOne(Brand, {}));
  }

  async update(ctx: RequestContext, input: UpdateBrandData): Promise<BrandView> {
    const tenantId = requireTenant(ctx);
    if (input.logo_media_id) await this.assertImage(ctx, input.logo_media_id);
    return this.store.transaction(ctx, async (em, tx) => {
      await this.store.lock(tx, 'brand');
      const b = (await em.findOne(Brand, {})) ?? em.create(Brand, { tenantId });
      const fields: string[] = [];
      if (input.logo_media_id !== undefined) {
        b.logoMediaId = input.logo_media_id;
        fields.push('logo');
      }
      const groups = [
        ['colors', 'colors', input.colors],
        ['typography', 'typography', input.typography],
        ['socialLinks', 'social_links', input.social_links],
        ['contact', 'contact', input.contact],
      ] as const;
      for (const [prop, name, given] of groups) {
        if (given === undefined) continue;
        b[prop] = patched(b[prop], given as Record<string, string | null | undefined>);
        fields.push(name);
      }
      siteEvents.emit(em, tx, 'brand.updated', { fields });
      await em.flush();
      return this.view(b);
    });
  }

  private view(b: Brand | null): BrandView {
    const none: Record<string, string> = {};
    return {
      logo_media_id: b?.logoMediaId ?? null,
      logo: b?.logoMediaId ? { id: b.logoMediaId } : null,
      colors: filled(BRAND_COLORS, b?.colors ?? none, BRAND_DEFAULTS.colors) as BrandView['colors'],
      typography: filled(BRAND_FONTS, b?.typography ?? none, BRAND_DEFAULTS.typography) as BrandView['typography'],
      social_links: filled(SOCIAL_NETWORKS, b?.socialLinks ?? none),
      contact: filled(CONTACT_FIELDS, b?.contact ?? none),
    };
  }

  /** The logo must be an image of this store's media (asked as the caller, so only its own store's). */
  private async assertImage(ctx: RequestContext, id: string): Promise<void> {
    const graph = this.graph();
    if (!graph) throw new DomainError('api_error', 'internal_error', 'The supergraph is not reachable from this process');
    let media: { mime_type: string } | null = null;
    try {
      media = (await graph.execute(ctx, SiteBrandLogoDocument, { id })).media;
    } catch (err) {
      if (!(err instanceof DomainError && err.type === 'not_found')) throw err;
    }
    if (!media) throw Errors.invalidField('logo_media_id', `logo_media_id: no media "${id}" in this store`);
    if (!media.mime_type.startsWith('image/')) throw Errors.invalidField('logo_media_id', `logo_media_id: "${id}" is ${media.mime_type}, not an image`);
  }
}
