import { memo, requireTenant, type RequestContext, type Store } from '@svc/kit';
import { ContentSettings } from '../entities/page.entity';

export interface ContentSettingsView {
  default_locale: string;
}

/** The tenant's content settings: `default_locale` (default `en`), the fallback of every locale-aware read. */
export class SettingsService {
  constructor(private readonly store: Store) {}

  async get(ctx: RequestContext): Promise<ContentSettingsView> {
    return { default_locale: await this.defaultLocale(ctx) };
  }

  /** Read once per request. */
  defaultLocale(ctx: RequestContext): Promise<string> {
    const tenantId = requireTenant(ctx);
    return memo(ctx, `content.default-locale:${tenantId}`, async () => {
      const [row] = await this.store.sql<{ default_locale: string }>(
        ctx,
        `select default_locale from ${this.store.table('content_settings')} where tenant_id = ?`,
        [tenantId],
      );
      return row?.default_locale ?? 'en';
    });
  }

  async update(ctx: RequestContext, input: { default_locale: string }): Promise<ContentSettingsView> {
    const tenantId = requireTenant(ctx);
    const locale = input.default_locale.trim().toLowerCase();
    await this.store.transaction(ctx, async (_em, tx) => {
      await this.store.sql(
        tx,
        `insert into ${this.store.table('content_settings')} (id, tenant_id, default_locale, updated_at) values (?, ?, ?, now())
         on conflict (tenant_id) do update set default_locale = excluded.default_locale, updated_at = now()`,
        [new ContentSettings().id, tenantId, locale],
      );
    });
    ctx.memo.delete(`content.default-locale:${tenantId}`);
    return { default_locale: locale };
  }
}
