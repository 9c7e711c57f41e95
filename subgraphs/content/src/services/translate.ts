import { TranslationOverlay, type FieldOverrides, type RequestContext } from '@svc/kit';
import type { BodyFormat } from '../entities/blog.entity';
import { plainText, readingMinutes, renderBody, storeBody, stripTags } from './html';
import type { PageView, PostView } from './views';

/** Whether the served variant already is in the requested language (then its own text wins). */
function servedInLanguage(served: string, requested: string): boolean {
  return served.split('-')[0].toLowerCase() === requested.split('-')[0].toLowerCase();
}

/**
 * Posts and pages have whole locale variants; when the request asks for a locale the item has no
 * variant in, the variant served (the default locale's) gets the translation overrides of the
 * localization domain for that locale laid over it, field by field (title, excerpt, body, SEO
 * text), rendered and sanitized like authored text. Storefront reads only (a publishable key).
 */
export class ContentTranslator {
  constructor(readonly overlay: TranslationOverlay) {}

  private async lookup(
    ctx: RequestContext,
    type: 'blog_post' | 'page',
    items: Array<{ id: string; locale: string }>,
    requested: string | null | undefined,
  ): Promise<Map<string, FieldOverrides> | null> {
    const want = requested?.trim();
    if (!ctx.publishableKey || !want) return null;
    const ids = items.filter((i) => !servedInLanguage(i.locale, want)).map((i) => i.id);
    if (!ids.length) return null;
    const found = await this.overlay.lookup(ctx, { [type]: ids }, want);
    return found.size ? found : null;
  }

  async posts(ctx: RequestContext, items: PostView[], requested: string | null | undefined): Promise<PostView[]> {
    const o = await this.lookup(ctx, 'blog_post', items, requested);
    return o ? items.map((p) => translatedPost(p, o.get(`blog_post|${p.id}`))) : items;
  }

  async pages(ctx: RequestContext, items: PageView[], requested: string | null | undefined): Promise<PageView[]> {
    const o = await this.lookup(ctx, 'page', items, requested);
    return o ? items.map((p) => translatedPage(p, o.get(`page|${p.id}`))) : items;
  }
}

function body(format: string, text: string) {
  const html = renderBody(format as BodyFormat, text);
  return { body: storeBody(format, text, html), html, text: plainText(html) };
}

function translatedPost(p: PostView, f: FieldOverrides | undefined): PostView {
  if (!f) return p;
  const out = { ...p };
  if (f.title) out.title = stripTags(f.title);
  if (f.excerpt) out.excerpt = stripTags(f.excerpt);
  if (f.seo_title) out.seo_title = stripTags(f.seo_title);
  if (f.seo_description) out.seo_description = stripTags(f.seo_description);
  if (f.body) {
    const b = body(p.body_format, f.body);
    Object.assign(out, { body: b.body, html: b.html, reading_time_minutes: readingMinutes(b.text) });
  }
  return out;
}

function translatedPage(p: PageView, f: FieldOverrides | undefined): PageView {
  if (!f) return p;
  const out = { ...p, seo: { ...p.seo } };
  if (f.title) out.title = stripTags(f.title);
  if (f.body) Object.assign(out, (({ body: b, html }) => ({ body: b, html }))(body(p.body_format, f.body)));
  if (f.seo_title) out.seo.title = stripTags(f.seo_title);
  else if (f.title && p.seo.title === p.title) out.seo.title = out.title;
  if (f.seo_description) out.seo.description = stripTags(f.seo_description);
  return out;
}
