import { callJson, form } from './http';

/**
 * The Meta Graph API as the social features use it (`https://graph.facebook.com/v21.0`):
 *  - OAuth: the dialog `…/dialog/oauth`, the code exchanged at `GET /oauth/access_token`, the
 *    short-lived user token exchanged for a long-lived one (`grant_type=fb_exchange_token`, about 60
 *    days; exchanging a long-lived token again refreshes it), the Pages of the user with their page
 *    tokens and linked Instagram business accounts (`GET /me/accounts`);
 *  - a Facebook Page: `POST /{page-id}/photos` (an image by `url`, the text as `message`) or
 *    `POST /{page-id}/feed` (`message`, `link`);
 *  - Instagram: `POST /{ig-user-id}/media` (`image_url`, `caption`) makes a container,
 *    `POST /{ig-user-id}/media_publish` (`creation_id`) publishes it;
 *  - the Marketing API insights: `GET /act_{id}/insights` with `time_increment=1`, paged by `paging.next`.
 * Errors come as `{error: {message, type, code, fbtrace_id}}`.
 */
export interface MetaApp {
  graphUrl: string;
  appId: string;
  appSecret: string;
  timeoutMs: number;
}

const describe = (b: unknown) => {
  const e = (b as { error?: { message?: string; code?: number } })?.error;
  return { message: e?.message, code: e?.code === undefined ? undefined : String(e.code) };
};

const get = <T>(app: MetaApp, path: string, query: Record<string, string>) =>
  callJson<T>(`${app.graphUrl.replace(/\/+$/, '')}${path}?${form(query)}`, { timeoutMs: app.timeoutMs }, describe);

const post = <T>(app: MetaApp, path: string, fields: Record<string, string | undefined>) =>
  callJson<T>(
    `${app.graphUrl.replace(/\/+$/, '')}${path}`,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(fields), timeoutMs: app.timeoutMs },
    describe,
  );

interface TokenAnswer {
  access_token: string;
  token_type?: string;
  expires_in?: number;
}

/** The code of the OAuth redirect → a long-lived user token (two exchanges). */
export async function metaExchangeCode(app: MetaApp, code: string, redirectUri: string): Promise<TokenAnswer> {
  const short = await get<TokenAnswer>(app, '/oauth/access_token', { client_id: app.appId, client_secret: app.appSecret, redirect_uri: redirectUri, code });
  return metaLongLived(app, short.access_token);
}

/** A user token → a long-lived one (also how a long-lived token is refreshed before it runs out). */
export function metaLongLived(app: MetaApp, token: string): Promise<TokenAnswer> {
  return get<TokenAnswer>(app, '/oauth/access_token', {
    grant_type: 'fb_exchange_token',
    client_id: app.appId,
    client_secret: app.appSecret,
    fb_exchange_token: token,
  });
}

interface MetaPage {
  id: string;
  name: string;
  access_token: string;
  instagram_business_account?: { id: string; username?: string };
}

/** The Pages the user manages, with page tokens (which do not expire when the user token is long-lived). */
export async function metaPages(app: MetaApp, userToken: string): Promise<MetaPage[]> {
  const out: MetaPage[] = [];
  let after: string | undefined;
  for (let page = 0; page < 20; page++) {
    const query: Record<string, string> = { fields: 'id,name,access_token,instagram_business_account{id,username}', access_token: userToken, limit: '100' };
    if (after) query.after = after;
    const r = await get<{ data: MetaPage[]; paging?: { cursors?: { after?: string }; next?: string } }>(app, '/me/accounts', query);
    out.push(...(r.data ?? []));
    after = r.paging?.next ? r.paging.cursors?.after : undefined;
    if (!after) break;
  }
  return out;
}

/** A post on a Facebook Page: a photo with the text when there is an image, else a feed post. Answers the post's id. */
export async function metaPagePost(
  app: MetaApp,
  pageId: string,
  pageToken: string,
  p: { message: string; imageUrl: string | null; link: string | null },
): Promise<string> {
  if (p.imageUrl) {
    const r = await post<{ id: string; post_id?: string }>(app, `/${encodeURIComponent(pageId)}/photos`, {
      url: p.imageUrl,
      message: p.message,
      access_token: pageToken,
    });
    return r.post_id ?? r.id;
  }
  const r = await post<{ id: string }>(app, `/${encodeURIComponent(pageId)}/feed`, { message: p.message, link: p.link ?? undefined, access_token: pageToken });
  return r.id;
}

/** An Instagram post: a media container, then its publication. Answers the media id. */
export async function metaInstagramPost(app: MetaApp, igUserId: string, pageToken: string, p: { caption: string; imageUrl: string }): Promise<string> {
  const id = encodeURIComponent(igUserId);
  const container = await post<{ id: string }>(app, `/${id}/media`, { image_url: p.imageUrl, caption: p.caption, access_token: pageToken });
  const published = await post<{ id: string }>(app, `/${id}/media_publish`, { creation_id: container.id, access_token: pageToken });
  return published.id;
}

interface MetaInsightRow {
  date_start: string;
  date_stop: string;
  spend?: string;
  impressions?: string;
  clicks?: string;
  account_currency?: string;
}

/** Spend, impressions and clicks of an ad account per day (`time_increment=1`), every page. */
export async function metaInsights(app: MetaApp, adAccountId: string, token: string, since: string, until: string): Promise<MetaInsightRow[]> {
  const out: MetaInsightRow[] = [];
  const act = adAccountId.startsWith('act_') ? adAccountId : `act_${adAccountId}`;
  let after: string | undefined;
  for (let page = 0; page < 50; page++) {
    const query: Record<string, string> = {
      fields: 'spend,impressions,clicks,account_currency,date_start,date_stop',
      level: 'account',
      time_increment: '1',
      time_range: JSON.stringify({ since, until }),
      access_token: token,
      limit: '100',
    };
    if (after) query.after = after;
    const r = await get<{ data: MetaInsightRow[]; paging?: { cursors?: { after?: string }; next?: string } }>(
      app,
      `/${encodeURIComponent(act)}/insights`,
      query,
    );
    out.push(...(r.data ?? []));
    after = r.paging?.next ? r.paging.cursors?.after : undefined;
    if (!after) break;
  }
  return out;
}
