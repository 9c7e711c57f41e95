import {
  DomainError,
  Errors,
  newId,
  SecretBox,
  checkOutboundUrl,
  requireTenant,
  systemClock,
  systemContext,
  type Clock,
  type GraphClient,
  type Logger,
  type RequestContext,
  type Store,
} from '@svc/kit';
import { SocialAccount, SocialPost } from '../entities/social.entity';
import { AssistantSocialMediaDocument, AssistantSocialProductDocument } from '../ports/generated';
import type { CreditService } from '../services/credit.service';
import type { ProviderService } from '../services/provider.service';
import type { SkillService } from '../services/skill.service';
import type { AssistantSettings } from '../settings';
import {
  NETWORK_LIMITS,
  composeCaption,
  fit,
  offlineCaption,
  offlineHashtags,
  suggestImage,
  type DraftImage,
  type DraftMedia,
  type DraftProduct,
  type Network,
} from './draft';
import { NetworkError } from './http';
import { fetchImage, mastodonAuthorizeUrl, mastodonConnect, mastodonPost, mastodonRegisterApp } from './mastodon';
import { metaExchangeCode, metaInstagramPost, metaLongLived, metaPagePost, metaPages, type MetaApp } from './meta';

const TOKEN = 'assistant.social_token';
const STATE = 'assistant.social_state';
const STATE_TTL_MS = 15 * 60_000;
/** a long-lived Meta user token is exchanged again when it has less than this left */
const REFRESH_BEFORE_MS = 7 * 86_400_000;
/** a scheduled post claimed longer ago than this whose publisher never finished is reported, never published again */
const CLAIM_LEASE_MS = 10 * 60_000;
const SKILL = 'social-media-manager';

interface DraftInput {
  brief: string;
  network?: Network;
  product_id?: string;
  locale?: string;
}

interface PublishInput {
  caption: string;
  hashtags?: string[];
  image_url?: string | null;
  link?: string | null;
  accounts: string[];
}

interface AccountView {
  id: string;
  network: string;
  external_id: string;
  name: string;
  parent_id: string | null;
  token_expires_at: string | null;
  created_at: string;
}

interface ResultView {
  account_id: string;
  network: string;
  status: 'published' | 'failed';
  external_id: string | null;
  error: string | null;
}

interface PostView {
  id: string;
  status: string;
  caption: string;
  image_url: string | null;
  link: string | null;
  accounts: string[];
  scheduled_at: string | null;
  results: ResultView[];
  created_at: string;
  updated_at: string;
}

const postView = (p: SocialPost): PostView => ({
  id: p.id,
  status: p.status,
  caption: p.caption,
  image_url: p.imageUrl,
  link: p.link,
  accounts: p.accounts,
  scheduled_at: p.runAt?.toISOString() ?? null,
  results: p.results as ResultView[],
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

const accountView = (a: SocialAccount): AccountView => ({
  id: a.id,
  network: a.network,
  external_id: a.externalId,
  name: a.name,
  parent_id: a.parentId,
  token_expires_at: a.expiresAt?.toISOString() ?? null,
  created_at: a.createdAt.toISOString(),
});

const statusOf = (results: ResultView[]) =>
  results.every((r) => r.status === 'published') ? 'published' : results.some((r) => r.status === 'published') ? 'partial' : 'failed';

/**
 * Social posts of the store: drafts (offline from templates and the store's data, or by the store's
 * language model), the store's connected accounts (Meta's OAuth: Facebook Pages and their
 * Instagram business accounts, tokens sealed), publishing now with a result per account, and
 * scheduled posts published by the `publish-social` job exactly once.
 */
export class SocialService {
  private readonly box: SecretBox;

  constructor(
    private readonly store: Store,
    secretsKey: string,
    private readonly production: boolean,
    private readonly settings: AssistantSettings['social'],
    private readonly graph: () => GraphClient | undefined,
    private readonly skills: SkillService,
    private readonly credits: CreditService,
    private readonly provider: ProviderService,
    private readonly clock: Clock = systemClock,
  ) {
    this.box = new SecretBox(secretsKey);
  }

  private meta(): MetaApp {
    const m = this.settings.meta;
    if (!m.appId || !m.appSecret)
      throw new DomainError('conflict', 'provider_required', 'Meta is not set up on this platform (ASSISTANT_META_APP_ID and ASSISTANT_META_APP_SECRET)');
    return { graphUrl: m.graphUrl, appId: m.appId, appSecret: m.appSecret, timeoutMs: this.settings.timeoutMs };
  }

  // ------------------------------------------------------------------ drafts

  async draft(ctx: RequestContext, input: DraftInput) {
    await this.skills.assertEnabled(ctx, SKILL);
    const network: Network = input.network ?? 'instagram';
    const locale = input.locale ?? 'en';
    const g = this.graph();
    if (!g) throw new Error('assistant: the graph client is not bound yet');
    let product: DraftProduct | null = null;
    if (input.product_id) {
      const p = (await g.execute(ctx, AssistantSocialProductDocument, { id: input.product_id })).adminProduct;
      const images = [p.thumbnail, ...p.images.map((i) => i.url)].filter((u): u is string => !!u);
      product = {
        id: p.id,
        title: p.title,
        subtitle: p.subtitle ?? null,
        description: p.description ?? null,
        tags: p.tags.map((t) => t.value),
        collection: p.collection?.title ?? null,
        images: [...new Set(images)],
      };
    }
    let media: DraftMedia[] = [];
    if (!product?.images.length) {
      try {
        media = (await g.execute(ctx, AssistantSocialMediaDocument, {})).mediaList.items.map((m) => ({
          id: m.id,
          url: m.url,
          alt: m.alt ?? null,
          title: m.title ?? null,
          filename: m.filename,
        }));
      } catch (err) {
        ctx.log.warn({ err }, 'assistant: media did not answer a social draft');
      }
    }
    const image = suggestImage(input.brief, product, media);
    const limits = NETWORK_LIMITS[network];

    const tier = (await this.provider.configured(ctx)) ? 'standard' : 'fast';
    await this.credits.assertCanSpend(ctx, tier);
    const written = tier === 'standard' ? await this.modelDraft(ctx, input.brief, network, locale, product, image) : null;
    const caption = fit(written?.caption ?? offlineCaption(input.brief, product, locale), limits.chars);
    const hashtags = (written?.hashtags.length ? written.hashtags : offlineHashtags(input.brief, product, limits.tags)).slice(0, limits.tags);
    const used = written ? 'standard' : 'fast';
    await this.credits.spend(ctx, used, SKILL);
    return {
      network,
      locale,
      caption,
      hashtags,
      text: composeCaption(caption, hashtags, network),
      image,
      product_id: product?.id ?? null,
      offline: !written,
      tier: used,
      credits: this.credits.cost(used),
    };
  }

  /** The model's draft, or null when it has none to give (breaker open, an answer that is not the JSON asked for). */
  private async modelDraft(ctx: RequestContext, brief: string, network: Network, locale: string, product: DraftProduct | null, image: DraftImage | null) {
    const limits = NETWORK_LIMITS[network];
    const facts = product
      ? `Product: ${product.title}${product.subtitle ? ` — ${product.subtitle}` : ''}. ${(product.description ?? '').slice(0, 800)} Tags: ${product.tags.join(', ')}.`
      : 'No product.';
    const answer = await this.provider.complete(
      ctx,
      'standard',
      [
        {
          role: 'system',
          content: `You write social media posts for an online store. Answer only JSON: {"caption": string, "hashtags": string[]}. The caption is in the language of locale "${locale}", at most ${limits.chars - 100} characters, without hashtags; at most ${limits.tags} hashtags, each starting with #. Network: ${network}. Use only the facts given.`,
        },
        { role: 'user', content: `Brief: ${brief}\n${facts}${image?.alt ? `\nImage: ${image.alt}` : ''}` },
      ],
      [],
    );
    if (!answer) return null;
    const m = answer.content.match(/\{[\s\S]*\}/);
    try {
      const parsed = JSON.parse(m?.[0] ?? '') as { caption?: unknown; hashtags?: unknown };
      if (typeof parsed.caption !== 'string' || !parsed.caption.trim()) return null;
      const hashtags = Array.isArray(parsed.hashtags)
        ? parsed.hashtags
            .filter((h): h is string => typeof h === 'string')
            .map((h) => `#${h.replace(/^#+/, '').replace(/[^\p{L}\p{N}_]/gu, '')}`)
            .filter((h) => h.length > 2)
        : [];
      return { caption: parsed.caption.trim(), hashtags };
    } catch {
      ctx.log.info('assistant: the model did not answer the draft as JSON; the offline draft is used');
      return null;
    }
  }

  // ------------------------------------------------------------------ connections

  /**
   * Where to send the store's admin to connect an account, with a sealed state naming the store (15
   * minutes): Meta's OAuth dialog, or the Mastodon instance's authorization page (the platform
   * registers itself as an app on the instance first; the app's credentials travel sealed in the state).
   */
  async authorizeUrl(
    ctx: RequestContext,
    redirectUri: string,
    network: 'meta' | 'mastodon',
    instance: string | null,
  ): Promise<{ url: string; state: string; expires_at: string }> {
    const tenantId = requireTenant(ctx);
    const redirect = checkOutboundUrl('redirect_uri', redirectUri, this.production);
    const expires = this.clock.now() + STATE_TTL_MS;
    const expiresAt = new Date(expires).toISOString();
    if (network === 'mastodon') {
      if (!instance)
        throw new DomainError('validation_error', 'missing_field', 'instance is required for mastodon', [
          { field: 'instance', code: 'missing_field', message: 'instance is required' },
        ]);
      const base = checkOutboundUrl('instance', new URL(instance).origin, this.production);
      let app: { client_id: string; client_secret: string };
      try {
        app = await mastodonRegisterApp(base, redirect, this.settings.timeoutMs);
      } catch (err) {
        throw unavailable(`The Mastodon instance ${base}`, err);
      }
      const state = this.box.seal(
        JSON.stringify({ t: tenantId, n: 'mastodon', r: redirect, e: expires, i: base, c: app.client_id, s: app.client_secret }),
        STATE,
      );
      return { url: mastodonAuthorizeUrl(base, app.client_id, redirect, state), state, expires_at: expiresAt };
    }
    const app = this.meta();
    const state = this.box.seal(JSON.stringify({ t: tenantId, n: 'meta', r: redirect, e: expires }), STATE);
    const url = new URL(this.settings.meta.dialogUrl);
    url.searchParams.set('client_id', app.appId);
    url.searchParams.set('redirect_uri', redirect);
    url.searchParams.set('state', state);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'pages_show_list,pages_manage_posts,pages_read_engagement,instagram_basic,instagram_content_publish,ads_read');
    return { url: url.toString(), state, expires_at: expiresAt };
  }

  /**
   * The OAuth redirect's code: exchanged for a long-lived user token, the user's Pages read with
   * their page tokens and Instagram business accounts, each saved (sealed) as a connected account
   * (a Page connected before is updated). 400 invalid_state for a state of another store, another
   * redirect URI or older than 15 minutes; 502 when Meta refuses or fails (nothing saved).
   */
  async connect(ctx: RequestContext, code: string, state: string, redirectUri: string): Promise<AccountView[]> {
    const tenantId = requireTenant(ctx);
    let s: { t: string; n: string; r: string; e: number; i?: string; c?: string; s?: string };
    try {
      s = JSON.parse(this.box.open(state, STATE)) as typeof s;
    } catch {
      throw invalidState('state is not one this platform issued');
    }
    if (s.t !== tenantId) throw invalidState('state was issued for another store');
    if (s.r !== redirectUri) throw invalidState('redirect_uri is not the one the state was issued for');
    if (this.clock.now() > s.e) throw invalidState('state has expired; start the connection again');
    if (s.n === 'mastodon') return this.connectMastodon(ctx, s.i!, { client_id: s.c!, client_secret: s.s! }, code, redirectUri);
    const app = this.meta();
    let user: { access_token: string; expires_in?: number };
    let pages: Awaited<ReturnType<typeof metaPages>>;
    try {
      user = await metaExchangeCode(app, code, redirectUri);
      pages = await metaPages(app, user.access_token);
    } catch (err) {
      throw unavailable('Meta', err);
    }
    const now = new Date(this.clock.now());
    const expiresAt = user.expires_in ? new Date(now.getTime() + user.expires_in * 1000) : null;
    const userSealed = this.box.seal(user.access_token, TOKEN);
    return this.store.transaction(ctx, async (em) => {
      const saved: SocialAccount[] = [];
      const upsert = async (network: string, externalId: string, name: string, token: string, parentId: string | null) => {
        let row = await em.findOne(SocialAccount, { network, externalId });
        const values = { name, tokenSealed: this.box.seal(token, TOKEN), userTokenSealed: userSealed, expiresAt, parentId, updatedAt: now };
        if (row) Object.assign(row, values);
        else row = em.create(SocialAccount, { tenantId, network, externalId, createdAt: now, ...values });
        saved.push(row);
        return row;
      };
      for (const p of pages) {
        const page = await upsert('facebook', p.id, p.name, p.access_token, null);
        const ig = p.instagram_business_account;
        if (ig) await upsert('instagram', ig.id, ig.username ? `@${ig.username}` : `${p.name} (Instagram)`, p.access_token, page.id);
      }
      await em.flush();
      return saved.map(accountView);
    });
  }

  private async connectMastodon(ctx: RequestContext, instance: string, app: { client_id: string; client_secret: string }, code: string, redirectUri: string) {
    const tenantId = requireTenant(ctx);
    let got: Awaited<ReturnType<typeof mastodonConnect>>;
    try {
      got = await mastodonConnect(instance, app, code, redirectUri, this.settings.timeoutMs);
    } catch (err) {
      throw unavailable(`The Mastodon instance ${instance}`, err);
    }
    const now = new Date(this.clock.now());
    const host = new URL(instance).host;
    return this.store.transaction(ctx, async (em) => {
      // an account is its id on its instance
      const externalId = `${host}/${got.account.id}`;
      let row = await em.findOne(SocialAccount, { network: 'mastodon', externalId });
      const values = { name: `@${got.account.acct}@${host}`, baseUrl: instance, tokenSealed: this.box.seal(got.token, TOKEN), updatedAt: now };
      if (row) Object.assign(row, values);
      else row = em.create(SocialAccount, { tenantId, network: 'mastodon', externalId, createdAt: now, ...values });
      await em.flush();
      return [accountView(row)];
    });
  }

  async accounts(ctx: RequestContext): Promise<AccountView[]> {
    const rows = await this.store.em(ctx).find(SocialAccount, {}, { orderBy: { network: 'asc', name: 'asc', id: 'asc' } });
    return rows.map(accountView);
  }

  /** Removes a connected account (and the Instagram accounts of a Page); 404 for another store's. */
  async disconnect(ctx: RequestContext, id: string): Promise<boolean> {
    return this.store.transaction(ctx, async (em) => {
      const row = await em.findOne(SocialAccount, { id });
      if (!row) throw notFound('social account', id);
      const children = await em.find(SocialAccount, { parentId: id });
      em.remove([row, ...children]);
      return true;
    });
  }

  // ------------------------------------------------------------------ publishing

  /** Checks the accounts (404 for one not the store's) and the input a network needs (Instagram: an image). */
  private async target(ctx: RequestContext, input: PublishInput): Promise<SocialAccount[]> {
    const ids = [...new Set(input.accounts)];
    const rows = await this.store.em(ctx).find(SocialAccount, { id: { $in: ids } });
    const missing = ids.find((id) => !rows.some((r) => r.id === id));
    if (missing) throw notFound('social account', missing);
    if (!input.image_url && rows.some((r) => r.network === 'instagram'))
      throw new DomainError('validation_error', 'invalid_field', 'Instagram publishes images only: give image_url', [
        { field: 'image_url', code: 'missing_field', message: 'image_url is required when an Instagram account is named' },
      ]);
    for (const r of rows) {
      const limit = NETWORK_LIMITS[r.network as Network]?.chars ?? 500;
      if (this.text(input).length > limit)
        throw new DomainError('validation_error', 'invalid_field', `the caption with its hashtags is longer than ${r.network} allows (${limit} characters)`, [
          { field: 'caption', code: 'too_long', message: `at most ${limit} characters for ${r.network}` },
        ]);
    }
    return ids.map((id) => rows.find((r) => r.id === id)!);
  }

  private text(input: Pick<PublishInput, 'caption' | 'hashtags'>): string {
    const tags = (input.hashtags ?? []).join(' ');
    return tags ? `${input.caption}\n\n${tags}` : input.caption;
  }

  /**
   * Publishes now to every account named, one after the other, and answers the result per account.
   * When every account failed: 502 provider_unavailable and nothing is stored. Otherwise the post is
   * stored with its status (`published`, or `partial` when some accounts failed) and results.
   */
  async publish(ctx: RequestContext, input: PublishInput): Promise<PostView> {
    await this.skills.assertEnabled(ctx, SKILL);
    const accounts = await this.target(ctx, input);
    const id = newId('socp');
    const results = await this.deliver(ctx, id, accounts, { text: this.text(input), imageUrl: input.image_url ?? null, link: input.link ?? null });
    if (results.every((r) => r.status === 'failed'))
      throw new DomainError(
        'provider_error',
        'provider_unavailable',
        `No account could be published to (${results.map((r) => `${r.network}: ${r.error}`).join('; ')}); nothing was stored`,
      );
    const tenantId = requireTenant(ctx);
    const now = new Date(this.clock.now());
    return this.store.transaction(ctx, async (em) => {
      const post = em.create(SocialPost, {
        id,
        tenantId,
        caption: this.text(input),
        imageUrl: input.image_url ?? null,
        link: input.link ?? null,
        accounts: accounts.map((a) => a.id),
        status: statusOf(results),
        results,
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      return postView(post);
    });
  }

  /** Stores the post for publication at `at` (in the future) by the `publish-social` job. */
  async schedule(ctx: RequestContext, input: PublishInput, at: Date): Promise<PostView> {
    await this.skills.assertEnabled(ctx, SKILL);
    if (at.getTime() <= this.clock.now())
      throw new DomainError('validation_error', 'invalid_field', 'at must be in the future', [
        { field: 'at', code: 'invalid_field', message: 'at must be in the future' },
      ]);
    const accounts = await this.target(ctx, input);
    const tenantId = requireTenant(ctx);
    const now = new Date(this.clock.now());
    return this.store.transaction(ctx, async (em) => {
      const post = em.create(SocialPost, {
        tenantId,
        caption: this.text(input),
        imageUrl: input.image_url ?? null,
        link: input.link ?? null,
        accounts: accounts.map((a) => a.id),
        status: 'scheduled',
        runAt: at,
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      return postView(post);
    });
  }

  async posts(ctx: RequestContext, status: string | null): Promise<PostView[]> {
    const rows = await this.store.em(ctx).find(SocialPost, status ? { status } : {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 });
    return rows.map(postView);
  }

  async post(ctx: RequestContext, id: string): Promise<PostView> {
    const row = await this.store.em(ctx).findOne(SocialPost, { id });
    if (!row) throw notFound('social post', id);
    return postView(row);
  }

  /** A scheduled post not yet published is cancelled (404 another store's, 409 once it is being published). */
  async cancel(ctx: RequestContext, id: string): Promise<PostView> {
    return this.store.transaction(ctx, async (em) => {
      const row = await em.findOne(SocialPost, { id });
      if (!row) throw notFound('social post', id);
      if (row.status !== 'scheduled')
        throw new DomainError('conflict', 'post_not_scheduled', `The post is ${row.status}; only a scheduled post can be cancelled`);
      Object.assign(row, { status: 'cancelled', updatedAt: new Date(this.clock.now()) });
      return postView(row);
    });
  }

  /**
   * The `publish-social` job: claims every due scheduled post (of every store, or of one) in one
   * statement (`scheduled` → `publishing`, rows locked by another run are skipped), publishes each
   * and records its results. A post is claimed once, so it is published at most once however many
   * runs overlap; one whose publisher died (claimed more than 10 minutes ago) is reported `failed`
   * with `outcome unknown`, never published again (the network may have it already).
   */
  async runDue(log: Logger, tenantId: string | null = null): Promise<string[]> {
    const now = new Date(this.clock.now());
    const sys = systemContext(log, null, 'publish-social');
    const t = this.store.table('social_post');
    await this.store.sql(
      sys,
      `update ${t} set status = 'failed', updated_at = ?, results = (select coalesce(jsonb_agg(jsonb_build_object('account_id', a, 'network', null, 'status', 'failed', 'external_id', null, 'error', 'outcome unknown: the publisher stopped while publishing; check the account before posting again')), '[]'::jsonb) from jsonb_array_elements_text(accounts::jsonb) a)
        where status = 'publishing' and claimed_at < ?`,
      [now, new Date(now.getTime() - CLAIM_LEASE_MS)],
    );
    const claimed = await this.store.sql<{ id: string; tenant_id: string }>(
      sys,
      `update ${t} set status = 'publishing', claimed_at = ?, updated_at = ?
        where id in (select id from ${t} where status = 'scheduled' and run_at <= ? and (?::text is null or tenant_id = ?) order by run_at for update skip locked)
        returning id, tenant_id`,
      [now, now, now, tenantId, tenantId],
    );
    for (const c of claimed) {
      const ctx = systemContext(log, c.tenant_id, 'publish-social');
      const post = await this.store.em(ctx).findOneOrFail(SocialPost, { id: c.id });
      const accounts = await this.store.em(ctx).find(SocialAccount, { id: { $in: post.accounts } });
      const results: ResultView[] = post.accounts
        .filter((id) => !accounts.some((a) => a.id === id))
        .map((id) => ({ account_id: id, network: 'unknown', status: 'failed', external_id: null, error: 'the account was disconnected' }));
      results.push(...(await this.deliver(ctx, post.id, accounts, { text: post.caption, imageUrl: post.imageUrl, link: post.link })));
      await this.store.sql(ctx, `update ${t} set status = ?, results = ?::jsonb, updated_at = ? where id = ? and tenant_id = ?`, [
        statusOf(results),
        JSON.stringify(results),
        new Date(this.clock.now()),
        c.id,
        c.tenant_id,
      ]);
      if (results.some((r) => r.status === 'failed'))
        log.warn({ post: c.id, tenant: c.tenant_id, results }, 'assistant: a scheduled social post failed on some accounts');
    }
    return claimed.map((c) => c.id);
  }

  /** One publication per account, in order; a failure is that account's result, never thrown. */
  private async deliver(
    ctx: RequestContext,
    postId: string,
    accounts: SocialAccount[],
    p: { text: string; imageUrl: string | null; link: string | null },
  ): Promise<ResultView[]> {
    const out: ResultView[] = [];
    let image: Awaited<ReturnType<typeof fetchImage>> | null = null;
    for (const a of accounts) {
      try {
        const token = await this.publishingToken(ctx, a);
        let externalId: string;
        if (a.network === 'facebook')
          externalId = await metaPagePost(this.meta(), a.externalId, token, { message: p.text, imageUrl: p.imageUrl, link: p.link });
        else if (a.network === 'instagram')
          externalId = await metaInstagramPost(this.meta(), a.externalId, token, { caption: p.text, imageUrl: p.imageUrl ?? '' });
        else if (a.network === 'mastodon') {
          // Mastodon takes the image's bytes: fetched once per post (never from a private address in production)
          if (p.imageUrl && !image) image = await fetchImage(checkOutboundUrl('image_url', p.imageUrl, this.production), this.settings.timeoutMs);
          const text = p.link && !p.text.includes(p.link) ? `${p.text}\n\n${p.link}` : p.text;
          externalId = (await mastodonPost(a.baseUrl!, token, { text, image, idempotencyKey: `${postId}:${a.id}` }, this.settings.timeoutMs)).id;
        } else throw new NetworkError(`network ${a.network} is not supported`);
        out.push({ account_id: a.id, network: a.network, status: 'published', external_id: externalId, error: null });
      } catch (err) {
        const why = err instanceof NetworkError ? `${a.network} ${err.message}` : err instanceof DomainError ? err.message : 'failed';
        if (!(err instanceof NetworkError) && !(err instanceof DomainError)) ctx.log.error({ err }, 'assistant: publishing failed');
        out.push({ account_id: a.id, network: a.network, status: 'failed', external_id: null, error: why });
      }
    }
    return out;
  }

  /**
   * The token that publishes for the account. Meta: the page token; when the long-lived user token
   * it came from has less than 7 days left, that token is exchanged for a new one first (and saved,
   * sealed, on every account of the connection).
   */
  private async publishingToken(ctx: RequestContext, a: SocialAccount): Promise<string> {
    if (a.userTokenSealed && a.expiresAt && a.expiresAt.getTime() - this.clock.now() < REFRESH_BEFORE_MS) {
      const fresh = await metaLongLived(this.meta(), this.box.open(a.userTokenSealed, TOKEN));
      const now = new Date(this.clock.now());
      const expiresAt = fresh.expires_in ? new Date(now.getTime() + fresh.expires_in * 1000) : null;
      const sealed = this.box.seal(fresh.access_token, TOKEN);
      await this.store.sql(
        ctx,
        `update ${this.store.table('social_account')} set user_token_sealed = ?, expires_at = ?, updated_at = ? where tenant_id = ? and user_token_sealed = ?`,
        [sealed, expiresAt, now, requireTenant(ctx), a.userTokenSealed],
      );
      Object.assign(a, { userTokenSealed: sealed, expiresAt });
    }
    return this.box.open(a.tokenSealed, TOKEN);
  }
}

const invalidState = (why: string) => new DomainError('validation_error', 'invalid_state', why, [{ field: 'state', code: 'invalid_state', message: why }]);

const notFound = (what: string, id: string) => Errors.notFound(what, id);

const unavailable = (who: string, err: unknown) =>
  new DomainError('provider_error', 'provider_unavailable', `${who} ${err instanceof Error ? err.message : 'failed'}; nothing was changed`);
