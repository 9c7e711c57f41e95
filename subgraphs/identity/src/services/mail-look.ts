import { systemContext, type GraphClient, type MailBrand, type RequestContext } from '@svc/kit';
import { IdentityMailBrandDocument, IdentityMailLocalesDocument } from '../ports/generated';
import type { Tenant } from '../entities/tenant.entity';

/** The language and brand one of identity's mails is written in. */
export interface MailLook {
  locale: string;
  brand: MailBrand;
}

/**
 * How a store's mails look: its default locale (localization) and its brand (site: colours, and
 * the logo's URL from media), asked as the platform for the mail's store; the name is the store's
 * own. A domain that cannot be asked (not running, or failing) leaves English and the plain
 * layout: the mail still goes out.
 */
export class StoreMailLook {
  constructor(private readonly graph: () => GraphClient | undefined) {}

  async of(ctx: RequestContext, tenant: Tenant | null): Promise<MailLook> {
    const look: MailLook = { locale: 'en', brand: { name: tenant?.name ?? 'the store' } };
    const graph = this.graph();
    if (!tenant || !graph) return look;
    const sys = systemContext(ctx.log, tenant.id, ctx.requestId);
    const [locales, brand] = await Promise.allSettled([graph.execute(sys, IdentityMailLocalesDocument, {}), graph.execute(sys, IdentityMailBrandDocument, {})]);
    if (locales.status === 'fulfilled') look.locale = locales.value.locales.find((l) => l.is_default)?.code ?? 'en';
    else ctx.log.warn({ err: locales.reason }, 'mail: the store locale could not be read; English it is');
    if (brand.status === 'fulfilled') {
      const b = brand.value.brand;
      Object.assign(look.brand, {
        primaryColor: b.colors.primary,
        textColor: b.colors.text,
        backgroundColor: b.colors.background,
        logoUrl: b.logo?.url ?? null,
      });
    } else ctx.log.warn({ err: brand.reason }, 'mail: the store brand could not be read; the plain layout it is');
    return look;
  }
}
