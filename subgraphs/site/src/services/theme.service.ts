import { Errors, newId, requireTenant, type RequestContext, type Store } from '@svc/kit';
import { Theme, type ThemeSection, type ThemeTokens } from '../entities/theme.entity';
import { siteEvents } from '../events';
import { MAX_SECTIONS, sectionIdsSchema, type AddThemeSectionData, type UpdateThemeTokensData } from '../inputs/theme.input';
import type { ThemeView } from './views';

/** What a store without a theme of its own shows (version 0): neutral tokens, no sections. */
const DEFAULT_THEME_TOKENS = (): ThemeTokens => ({
  colors: { primary: '#111827', secondary: '#6b7280', accent: '#2563eb', background: '#ffffff', text: '#111827' },
  typography: {
    heading: { font_family: 'Inter, sans-serif', font_size: '2rem', font_weight: 700, line_height: 1.2 },
    body: { font_family: 'Inter, sans-serif', font_size: '1rem', font_weight: 400, line_height: 1.5 },
  },
  spacing: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '48px' },
  radii: { none: '0', sm: '4px', md: '8px', full: '9999px' },
});

const view = (t: Pick<Theme, 'version' | 'tokens' | 'sections' | 'settings'>): ThemeView => ({
  version: t.version,
  tokens: t.tokens,
  sections: t.sections,
  settings: t.settings,
});

/**
 * The storefront theme. Every change runs under the tenant's theme lock, creates the theme on the
 * first change (from the defaults), and raises `version` by one: a storefront caches by version
 * (and the REST answer's ETag changes with it).
 */
export class ThemeService {
  constructor(private readonly store: Store) {}

  async get(ctx: RequestContext): Promise<ThemeView> {
    const t = await this.store.em(ctx).findOne(Theme, {});
    return t ? view(t) : view({ version: 0, tokens: DEFAULT_THEME_TOKENS(), sections: [], settings: {} });
  }

  /** Replaces the token groups given. */
  updateTokens(ctx: RequestContext, input: UpdateThemeTokensData): Promise<ThemeView> {
    return this.change(ctx, 'tokens', (t) => {
      t.tokens = { ...t.tokens, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
    });
  }

  updateSettings(ctx: RequestContext, settings: Record<string, unknown>): Promise<ThemeView> {
    return this.change(ctx, 'settings', (t) => {
      t.settings = settings;
    });
  }

  /** A new section at `position` (default: the end); 409 `too_many_sections` beyond the limit. */
  addSection(ctx: RequestContext, input: AddThemeSectionData): Promise<ThemeView> {
    return this.change(ctx, 'sections', (t) => {
      if (t.sections.length >= MAX_SECTIONS) throw Errors.conflict('too_many_sections', `A theme has at most ${MAX_SECTIONS} sections`);
      const sections = [...t.sections];
      sections.splice(Math.min(input.position ?? sections.length, sections.length), 0, { id: newId('tsec'), type: input.type, settings: input.settings ?? {} });
      t.sections = sections;
    });
  }

  updateSection(ctx: RequestContext, id: string, settings: Record<string, unknown>): Promise<ThemeView> {
    return this.change(ctx, 'sections', (t) => {
      this.section(t, id);
      t.sections = t.sections.map((s) => (s.id === id ? { ...s, settings } : s));
    });
  }

  removeSection(ctx: RequestContext, id: string): Promise<ThemeView> {
    return this.change(ctx, 'sections', (t) => {
      this.section(t, id);
      t.sections = t.sections.filter((s) => s.id !== id);
    });
  }

  /** The sections in the order of `ids`, which must name every section exactly once (else 400). */
  reorderSections(ctx: RequestContext, ids: string[]): Promise<ThemeView> {
    return this.change(ctx, 'sections', (t) => {
      const parsed = sectionIdsSchema.safeParse(ids);
      const current = new Set(t.sections.map((s) => s.id));
      if (!parsed.success || ids.length !== current.size || new Set(ids).size !== ids.length || !ids.every((id) => current.has(id))) {
        throw Errors.invalidField('ids', 'ids must name every section of the theme exactly once');
      }
      const byId = new Map(t.sections.map((s) => [s.id, s]));
      t.sections = ids.map((id) => byId.get(id)!);
    });
  }

  private section(t: Theme, id: string): ThemeSection {
    const s = t.sections.find((x) => x.id === id);
    if (!s) throw Errors.notFound('Theme section', id);
    return s;
  }

  /** One change of the theme: locked, created from the defaults when absent, version + 1, `theme.updated`. */
  private change(ctx: RequestContext, part: 'tokens' | 'sections' | 'settings', apply: (t: Theme) => void): Promise<ThemeView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      await this.store.lock(tx, 'theme');
      const t = (await em.findOne(Theme, {})) ?? em.create(Theme, { tenantId, tokens: DEFAULT_THEME_TOKENS(), sections: [], settings: {} });
      apply(t);
      t.version += 1;
      siteEvents.emit(em, tx, 'theme.updated', { version: t.version, part });
      await em.flush();
      return view(t);
    });
  }
}
