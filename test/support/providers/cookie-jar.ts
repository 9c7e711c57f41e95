/**
 * A small browser cookie jar for the test drivers: host-only cookies (the `Domain` attribute is
 * ignored, everything runs on 127.0.0.1), RFC 6265 path matching and default path, `Max-Age` and
 * `Expires` (an expired cookie deletes the stored one). Like a browser it does not isolate by
 * port. `Secure` cookies are only sent over https.
 */
interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  secure: boolean;
  /** epoch ms; undefined: a session cookie */
  expires?: number;
}

export class CookieJar {
  private cookies: StoredCookie[] = [];

  /** Stores every `Set-Cookie` of a response to a request for `url`. */
  store(url: URL | string, res: Response): void {
    for (const line of res.headers.getSetCookie()) this.set(url, line);
  }

  /** Stores one `Set-Cookie` header value received from `url`. */
  set(url: URL | string, setCookie: string): void {
    const u = new URL(url);
    const [pair, ...attributes] = setCookie.split(';');
    const eq = pair.indexOf('=');
    if (eq < 1) return;
    const cookie: StoredCookie = {
      name: pair.slice(0, eq).trim(),
      value: pair.slice(eq + 1).trim(),
      host: u.hostname,
      path: defaultPath(u),
      secure: false,
    };
    let maxAge: number | undefined;
    let expires: number | undefined;
    for (const attribute of attributes) {
      const i = attribute.indexOf('=');
      const key = (i < 0 ? attribute : attribute.slice(0, i)).trim().toLowerCase();
      const val = i < 0 ? '' : attribute.slice(i + 1).trim();
      if (key === 'path' && val.startsWith('/')) cookie.path = val;
      else if (key === 'max-age' && /^-?\d+$/.test(val)) maxAge = Number(val);
      else if (key === 'expires') {
        const t = Date.parse(val);
        if (!Number.isNaN(t)) expires = t;
      } else if (key === 'secure') cookie.secure = true;
    }
    // Max-Age wins over Expires
    if (maxAge !== undefined) cookie.expires = Date.now() + maxAge * 1000;
    else if (expires !== undefined) cookie.expires = expires;
    this.cookies = this.cookies.filter((c) => !(c.name === cookie.name && c.host === cookie.host && c.path === cookie.path));
    if (cookie.expires === undefined || cookie.expires > Date.now()) this.cookies.push(cookie);
  }

  /** The cookies a browser would send to `url`, longest path first. */
  get(url: URL | string): Array<{ name: string; value: string }> {
    const u = new URL(url);
    const now = Date.now();
    this.cookies = this.cookies.filter((c) => c.expires === undefined || c.expires > now);
    return this.cookies
      .filter((c) => c.host === u.hostname && pathMatches(u.pathname || '/', c.path) && (!c.secure || u.protocol === 'https:'))
      .sort((a, b) => b.path.length - a.path.length)
      .map(({ name, value }) => ({ name, value }));
  }

  /** The `Cookie` request header for `url`, or undefined when there is none. */
  header(url: URL | string): string | undefined {
    const list = this.get(url);
    return list.length ? list.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  clear(): void {
    this.cookies = [];
  }
}

function defaultPath(u: URL): string {
  const p = u.pathname;
  if (!p.startsWith('/')) return '/';
  const last = p.lastIndexOf('/');
  return last <= 0 ? '/' : p.slice(0, last);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** A `fetch` that does not follow redirects and keeps cookies in `jar`. */
export async function fetchWithJar(jar: CookieJar, url: URL | string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const res = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, res);
  return res;
}
