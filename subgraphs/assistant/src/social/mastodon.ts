import { setTimeout as wait } from 'node:timers/promises';
import { callJson, form, NetworkError } from './http';

/**
 * The Mastodon API (any instance) as the social features use it:
 *  - OAuth: the platform registers itself on the instance (`POST /api/v1/apps`: client id and
 *    secret), sends the admin to `/oauth/authorize`, exchanges the code at `POST /oauth/token`
 *    (`grant_type=authorization_code`; Mastodon's tokens do not expire, so there is nothing to
 *    refresh) and reads the account (`GET /api/v1/accounts/verify_credentials`);
 *  - a post: the image uploaded (`POST /api/v2/media`, multipart; 202 while it is processed, then
 *    `GET /api/v1/media/:id` until it has a URL), then `POST /api/v1/statuses` with the media id and
 *    an `Idempotency-Key` (a repeated call with the same key answers the same status, never a second).
 * Errors are `{error: "…"}`.
 */
const MASTODON_SCOPES = 'read:accounts write:statuses write:media';

const describe = (b: unknown) => {
  const o = b as { error?: string; error_description?: string };
  return { message: o?.error_description ?? o?.error };
};

const root = (instance: string) => instance.replace(/\/+$/, '');

export async function mastodonRegisterApp(instance: string, redirectUri: string, timeoutMs: number): Promise<{ client_id: string; client_secret: string }> {
  return callJson(
    `${root(instance)}/api/v1/apps`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ client_name: 'Store assistant', redirect_uris: redirectUri, scopes: MASTODON_SCOPES }),
      timeoutMs,
    },
    describe,
  );
}

export function mastodonAuthorizeUrl(instance: string, clientId: string, redirectUri: string, state: string): string {
  const u = new URL(`${root(instance)}/oauth/authorize`);
  u.searchParams.set('client_id', clientId);
  u.searchParams.set('redirect_uri', redirectUri);
  u.searchParams.set('response_type', 'code');
  u.searchParams.set('scope', MASTODON_SCOPES);
  u.searchParams.set('state', state);
  return u.toString();
}

export async function mastodonConnect(
  instance: string,
  app: { client_id: string; client_secret: string },
  code: string,
  redirectUri: string,
  timeoutMs: number,
): Promise<{ token: string; account: { id: string; acct: string; display_name?: string } }> {
  const t = await callJson<{ access_token: string }>(
    `${root(instance)}/oauth/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({
        grant_type: 'authorization_code',
        code,
        client_id: app.client_id,
        client_secret: app.client_secret,
        redirect_uri: redirectUri,
        scope: MASTODON_SCOPES,
      }),
      timeoutMs,
    },
    describe,
  );
  const account = await callJson<{ id: string; acct: string; display_name?: string }>(
    `${root(instance)}/api/v1/accounts/verify_credentials`,
    { headers: { authorization: `Bearer ${t.access_token}` }, timeoutMs },
    describe,
  );
  return { token: t.access_token, account };
}

/** At most this many bytes of an image are fetched to upload. */
const MAX_IMAGE_BYTES = 16 * 1024 * 1024;

/** A status with the image (fetched from its URL, uploaded), published once per idempotency key. Answers the status id and URL. */
export async function mastodonPost(
  instance: string,
  token: string,
  p: { text: string; image: { bytes: Uint8Array; type: string; name: string } | null; idempotencyKey: string },
  timeoutMs: number,
): Promise<{ id: string; url: string | null }> {
  const auth = { authorization: `Bearer ${token}` };
  const mediaIds: string[] = [];
  if (p.image) {
    const body = new FormData();
    body.set('file', new Blob([p.image.bytes], { type: p.image.type }), p.image.name);
    let res: Response;
    try {
      res = await fetch(`${root(instance)}/api/v2/media`, { method: 'POST', headers: auth, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (err) {
      throw new NetworkError(`could not be reached (${(err as Error).message})`);
    }
    const media = (await res.json().catch(() => ({}))) as { id?: string; url?: string | null; error?: string };
    if (!res.ok || !media.id) throw new NetworkError(`answered ${res.status}${media.error ? `: ${media.error}` : ''}`, res.status);
    // 202: still being processed; asked again until it has a URL
    let ready = res.status !== 202 || !!media.url;
    for (let i = 0; !ready && i < 30; i++) {
      await wait(1000);
      // 206 while processing, 200 with the URL once done
      ready = !!(
        await callJson<{ url: string | null }>(`${root(instance)}/api/v1/media/${encodeURIComponent(media.id)}`, { headers: auth, timeoutMs }, describe)
      ).url;
    }
    if (!ready) throw new NetworkError('did not finish processing the image');
    mediaIds.push(media.id);
  }
  return callJson<{ id: string; url: string | null }>(
    `${root(instance)}/api/v1/statuses`,
    {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': p.idempotencyKey },
      body: JSON.stringify({ status: p.text, media_ids: mediaIds, visibility: 'public' }),
      timeoutMs,
    },
    describe,
  );
}

/** The bytes of an image to upload (an image media type, at most 16 MB). */
export async function fetchImage(url: string, timeoutMs: number): Promise<{ bytes: Uint8Array; type: string; name: string }> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    throw new NetworkError(`image could not be fetched (${(err as Error).message})`);
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim();
  if (!res.ok || !/^image\/(jpeg|png|gif|webp)$/.test(type))
    throw new NetworkError(`image ${url} answered ${res.status} ${type || 'without a type'}`, res.status);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new NetworkError('image is larger than 16 MB');
  return { bytes, type, name: new URL(url).pathname.split('/').pop() || 'image' };
}
