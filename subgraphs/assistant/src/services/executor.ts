import { DomainError, type GraphClient, type RequestContext } from '@svc/kit';
import {
  AssistantCreateBlogPostDocument,
  AssistantCreateCategoryDocument,
  AssistantCreateCollectionDocument,
  AssistantCreateFormDocument,
  AssistantCreatePageDocument,
  AssistantCreateProductDocument,
  AssistantProductVariantsDocument,
  AssistantSavePromotionDocument,
  AssistantSetInventoryLevelDocument,
  AssistantSetVariantPricesDocument,
} from '../ports/generated';
import type { ActionView } from './extract.service';

type Run = (g: GraphClient, ctx: RequestContext, p: Record<string, unknown>) => Promise<unknown>;

const entityId = (p: Record<string, unknown>, key: string): string => {
  const e = p[key] as { id?: string } | null | undefined;
  if (!e?.id) throw new DomainError('validation_error', 'missing_field', `The action names no ${key}`);
  return e.id;
};
const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
/** a handle or slug from a title: lower-case words joined by dashes */
const slugOf = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'untitled';

async function variantsOf(g: GraphClient, ctx: RequestContext, p: Record<string, unknown>) {
  const product = (await g.execute(ctx, AssistantProductVariantsDocument, { id: entityId(p, 'product') })).adminProduct;
  const size = typeof p.size === 'string' ? p.size.toLowerCase() : null;
  const chosen = size
    ? product.variants.filter((v) =>
        v.title
          .toLowerCase()
          .split(/[\s/,-]+/)
          .includes(size),
      )
    : product.variants;
  return { product, variants: chosen.length ? chosen : product.variants };
}

/**
 * What an approved action runs: the platform's GraphQL operations (this domain's ports), with the
 * context of the caller who decided the plan, so an action does exactly what that caller could
 * do in admin GraphQL (a mutation the caller may not run is refused by its resolver as for them).
 * An action type missing here is planned and described but cannot run offline yet.
 */
const RUNS: Record<string, Run> = {
  set_price: async (g, ctx, p) => {
    const { product, variants } = await variantsOf(g, ctx, p);
    const amount = Number(p.amount);
    const currency = (typeof p.currency_code === 'string' ? p.currency_code : (variants[0]?.prices[0]?.currency_code ?? 'eur')).toLowerCase();
    for (const v of variants) {
      // the variant's other prices stay (setVariantPrices replaces the whole list)
      const keep = v.prices
        .filter((pr) => !(pr.currency_code.toLowerCase() === currency && !pr.region_id && pr.min_quantity == null))
        .map((pr) => ({
          amount: pr.amount,
          currency_code: pr.currency_code,
          region_id: pr.region_id,
          min_quantity: pr.min_quantity,
          max_quantity: pr.max_quantity,
        }));
      await g.execute(ctx, AssistantSetVariantPricesDocument, { variant_id: v.id, prices: [...keep, { amount, currency_code: currency }] });
    }
    return { product_id: product.id, variants: variants.length, amount, currency_code: currency };
  },
  adjust_inventory: async (g, ctx, p) => {
    const { product, variants } = await variantsOf(g, ctx, p);
    const q = Number(p.quantity);
    const out = [];
    for (const v of variants) {
      const next = p.direction === 'up' ? v.inventory_quantity + q : p.direction === 'down' ? Math.max(0, v.inventory_quantity - q) : q;
      await g.execute(ctx, AssistantSetInventoryLevelDocument, { variant_id: v.id, stocked_quantity: next });
      out.push({ variant_id: v.id, title: v.title, stocked_quantity: next });
    }
    return { product_id: product.id, variants: out };
  },
  create_product: async (g, ctx, p) =>
    (await g.execute(ctx, AssistantCreateProductDocument, { input: { title: text(p.title, 'New product'), status: 'draft' } })).createProduct,
  create_collection: async (g, ctx, p) =>
    (
      await g.execute(ctx, AssistantCreateCollectionDocument, {
        input: { title: text(p.title, 'New collection'), handle: slugOf(text(p.title, 'new-collection')) },
      })
    ).createCollection,
  create_category: async (g, ctx, p) =>
    (await g.execute(ctx, AssistantCreateCategoryDocument, { input: { name: text(p.title, 'New category') } })).createProductCategory,
  create_blog_post_draft: async (g, ctx, p) => {
    const title = text(p.title, 'New post');
    const locale = Array.isArray(p.locales) && p.locales.length ? String(p.locales[0]) : 'en';
    return (
      await g.execute(ctx, AssistantCreateBlogPostDocument, {
        input: { variants: [{ locale, title, body: `# ${title}\n\nDraft written by the assistant: replace this text.` }] },
      })
    ).createBlogPost;
  },
  create_page: async (g, ctx, p) => {
    const title = text(p.title, 'New page');
    return (
      await g.execute(ctx, AssistantCreatePageDocument, {
        input: { slug: slugOf(title), variants: [{ locale: 'en', title, body: `# ${title}\n\nDraft written by the assistant: replace this text.` }] },
      })
    ).createPage;
  },
  create_promotion: async (g, ctx, p) => {
    const percent = p.percentage !== undefined;
    if (!percent && p.amount === undefined) throw new DomainError('validation_error', 'missing_field', 'A promotion needs a percentage or an amount');
    const input = {
      code: text(p.code, `PROMO${Math.round(Number(percent ? p.percentage : p.amount))}`).toUpperCase(),
      type: percent ? 'percentage' : 'fixed',
      value: String(percent ? p.percentage : p.amount),
      currency_code: percent ? null : text(p.currency_code, 'eur').toLowerCase(),
      starts_at: Array.isArray(p.dates) && p.dates[0] ? `${String(p.dates[0])}T00:00:00Z` : null,
      ends_at: Array.isArray(p.dates) && p.dates[1] ? `${String(p.dates[1])}T23:59:59Z` : null,
    };
    return (await g.execute(ctx, AssistantSavePromotionDocument, { input })).savePromotion;
  },
  create_form: async (g, ctx, p) => {
    const title = text(p.title, 'Contact');
    return (
      await g.execute(ctx, AssistantCreateFormDocument, {
        input: {
          title,
          slug: slugOf(title),
          // inactive until the admin has looked at it
          status: 'inactive',
          fields: [
            { name: 'email', label: 'Email', type: 'email', required: true },
            { name: 'message', label: 'Message', type: 'textarea', required: true },
          ],
        },
      })
    ).createForm;
  },
};

/** Whether an action type can run (offline) once approved. */
export const canRun = (type: string): boolean => type in RUNS;

/** Runs one approved action as `ctx`; what the operation answered. */
export async function runAction(g: GraphClient, ctx: RequestContext, a: ActionView): Promise<unknown> {
  const run = RUNS[a.type];
  if (!run) throw new DomainError('validation_error', 'not_executable', `${a.type} cannot run yet`);
  return run(g, ctx, a.params);
}
