import type { EntityManager } from '@mikro-orm/core';
import { DomainError, Errors, loaderFor, normalizePage, requireTenant, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { Redirect } from '../entities/redirect.entity';
import { siteEvents } from '../events';
import { normalizePath, targetPathOf, type CreateRedirectData, type RedirectListQuery, type UpdateRedirectData } from '../inputs/redirect.input';
import { toRedirectView, type RedirectView } from './views';

interface StoreRedirect {
  source: string;
  target: string;
  status_code: number;
}

/**
 * Redirects of the storefront. Every write runs under the tenant's redirect lock (`store.lock`), so
 * the checks across rows hold under concurrency: no redirect leads to itself, none leads to an
 * active source (at most one hop), no active one starts where another active one ends, one per
 * source (also the unique constraint (tenant, source)).
 */
export class RedirectService {
  constructor(private readonly store: Store) {}

  async list(ctx: RequestContext, a: RedirectListQuery): Promise<Paginated<RedirectView>> {
    const page = normalizePage(a, 20);
    const where = a.active === undefined ? {} : { active: a.active };
    const em = this.store.em(ctx);
    const [rows, count]: [Redirect[], number] =
      page.limit > 0
        ? await em.findAndCount(Redirect, where, { orderBy: { source: 'asc', id: 'asc' }, limit: page.limit, offset: page.offset })
        : [[], await em.count(Redirect, where)];
    return { items: rows.map(toRedirectView), count, ...page };
  }

  /** The active redirects, by source: what a storefront applies (all of them; a store has few). */
  async active(ctx: RequestContext): Promise<StoreRedirect[]> {
    const rows = await this.store.em(ctx).find(Redirect, { active: true }, { orderBy: { source: 'asc' } });
    return rows.map((r) => ({ source: r.source, target: r.target, status_code: r.statusCode }));
  }

  async get(ctx: RequestContext, id: string): Promise<RedirectView> {
    const r = await this.store.em(ctx).findOne(Redirect, { id });
    if (!r) throw Errors.notFound('Redirect', id);
    return toRedirectView(r);
  }

  async create(ctx: RequestContext, input: CreateRedirectData): Promise<RedirectView> {
    const tenantId = requireTenant(ctx);
    return this.store.transaction(ctx, async (em, tx) => {
      await this.store.lock(tx, 'redirect');
      const source = normalizePath(input.source.trim());
      const target = input.target.trim();
      if (await em.count(Redirect, { source })) throw Errors.conflict('duplicate', `A redirect from "${source}" already exists`);
      const r = em.create(Redirect, {
        tenantId,
        source,
        target,
        targetPath: targetPathOf(target),
        statusCode: input.status_code ?? 301,
        active: input.active ?? true,
      });
      await this.assertOneHop(em, r);
      siteEvents.emit(em, tx, 'redirect.created', { id: r.id, source });
      return toRedirectView(r);
    });
  }

  async update(ctx: RequestContext, id: string, input: UpdateRedirectData): Promise<RedirectView> {
    return this.store.transaction(ctx, async (em, tx) => {
      await this.store.lock(tx, 'redirect');
      const r = await em.findOne(Redirect, { id });
      if (!r) throw Errors.notFound('Redirect', id);
      const fields: string[] = [];
      if (input.source !== undefined) {
        const source = normalizePath(input.source.trim());
        if (source !== r.source) {
          if (await em.count(Redirect, { source, id: { $ne: id } })) throw Errors.conflict('duplicate', `A redirect from "${source}" already exists`);
          r.source = source;
          fields.push('source');
        }
      }
      if (input.target !== undefined && input.target.trim() !== r.target) {
        r.target = input.target.trim();
        r.targetPath = targetPathOf(r.target);
        fields.push('target');
      }
      if (input.status_code !== undefined && input.status_code !== r.statusCode) {
        r.statusCode = input.status_code;
        fields.push('status_code');
      }
      if (input.active !== undefined && input.active !== r.active) {
        r.active = input.active;
        fields.push('active');
      }
      if (fields.length) {
        await this.assertOneHop(em, r);
        siteEvents.emit(em, tx, 'redirect.updated', { id: r.id, fields });
        await em.flush();
      }
      return toRedirectView(r);
    });
  }

  async delete(ctx: RequestContext, id: string): Promise<RedirectView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const r = await em.findOne(Redirect, { id });
      if (!r) throw Errors.notFound('Redirect', id);
      const view = toRedirectView(r);
      em.remove(r);
      siteEvents.emit(em, tx, 'redirect.deleted', { id: r.id, source: r.source });
      return view;
    });
  }

  byId(ctx: RequestContext, id: string): Promise<RedirectView | null> {
    return loaderFor<string, RedirectView>(ctx, 'site.redirect', async (ids) => {
      const rows = await this.store.em(ctx).find(Redirect, { id: { $in: [...ids] } });
      return new Map(rows.map((x) => [x.id, toRedirectView(x)]));
    }).load(id);
  }

  /**
   * The redirect as it will be stored leads nowhere that redirects again, and nothing active leads
   * to it: 400 `redirect_loop` for a redirect to its own source; 409 `redirect_loop` when the target
   * redirects back here, 409 `redirect_chain` for any other second hop. An inactive one is not checked
   * (it is when it is activated).
   */
  private async assertOneHop(em: EntityManager, r: Redirect): Promise<void> {
    if (r.targetPath === r.source) {
      const message = `A redirect from "${r.source}" to itself would loop`;
      throw new DomainError('validation_error', 'redirect_loop', message, [{ field: 'target', code: 'redirect_loop', message }]);
    }
    if (!r.active) return;
    const next = r.targetPath ? await em.findOne(Redirect, { source: r.targetPath, active: true, id: { $ne: r.id } }) : null;
    if (next) {
      if (next.targetPath === r.source) throw new DomainError('conflict', 'redirect_loop', `"${r.target}" redirects back to "${r.source}": the two would loop`);
      throw new DomainError('conflict', 'redirect_chain', `"${r.target}" is itself redirected (to "${next.target}"): point the redirect at the final target`);
    }
    const previous = await em.findOne(Redirect, { targetPath: r.source, active: true, id: { $ne: r.id } });
    if (previous)
      throw new DomainError('conflict', 'redirect_chain', `"${previous.source}" already redirects to "${r.source}": a redirect from it would make a chain`);
  }
}
