import { startDevOidcProvider, type DevOidcProvider, type OidcProviderConfig } from '@svc/platform';
import { CookieJar, fetchWithJar } from './cookie-jar';

export { CookieJar } from './cookie-jar';

/**
 * A real OpenID Provider for tests: `oidc-provider` (ESM-only, so in a child process, see
 * ./oidc-op.mjs) on 127.0.0.1 and a port chosen by the OS, with its development interactions
 * (a login form accepting any login name, which becomes the `sub`, then a consent form), PKCE S256
 * required for every client, RS256 ID tokens that carry the email/profile claims, `query` and
 * `form_post` response modes. `authorizeAt` is the browser that walks through those pages.
 */

export type { DevOidcProvider as OidcOp } from '@svc/platform';

/** The development OpenID provider the platform's demo uses, on a port chosen by the OS. */
export const startOidcOp = (config: OidcProviderConfig, timeoutMs = 15000): Promise<DevOidcProvider> => startDevOidcProvider(config, timeoutMs);

type AuthorizeResult =
  /** query response mode: the Location that points at redirect_uri (with code & state, or error) */
  | { kind: 'redirect'; url: URL }
  /** form_post: the auto-submit form's action and hidden fields (code, state, iss, or error) */
  | { kind: 'form_post'; action: string; fields: Record<string, string> };

interface AuthorizeOptions {
  /** the login name typed into the OP's login form: the `sub` */
  login: string;
  /** any password is accepted; default "secret" */
  password?: string;
  /** false: the user cancels at the consent page (the OP answers access_denied); default true */
  consent?: boolean;
  /** the browser's cookies; default a fresh jar (no OP session, so the login form comes) */
  jar?: CookieJar;
}

/**
 * A browser: follows the authorization URL through login and consent at the OP, keeping cookies,
 * and stops at the redirect back to the client (not followed): a Location whose origin+path is the
 * request's `redirect_uri` (without `redirect_uri`: any other origin than the OP's), or the
 * form_post page whose form posts there. Throws on any other page (an OP error page included) with
 * its text and the trail of requests.
 */
export async function authorizeAt(authorizationUrl: string, opts: AuthorizeOptions): Promise<AuthorizeResult> {
  const jar = opts.jar ?? new CookieJar();
  const start = new URL(authorizationUrl);
  const redirectUri = start.searchParams.get('redirect_uri');
  const isCallback = (u: URL): boolean => {
    if (!redirectUri) return u.origin !== start.origin;
    const r = new URL(redirectUri);
    return u.origin === r.origin && u.pathname === r.pathname;
  };
  const trail: string[] = [];
  let url = start;
  let init: RequestInit = { method: 'GET' };
  for (let step = 0; step < 30; step++) {
    const res = await fetchWithJar(jar, url, { ...init, headers: { ...(init.headers as Record<string, string>), accept: 'text/html' } });
    trail.push(`${init.method} ${url.pathname} → ${res.status}`);
    if (res.status >= 300 && res.status < 400) {
      await res.arrayBuffer();
      const location = res.headers.get('location');
      if (!location) throw new Error(`redirect without Location\n${trail.join('\n')}`);
      const next = new URL(location, url);
      if (isCallback(next)) return { kind: 'redirect', url: next };
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const html = await res.text();
    const forms = parseForms(html, url);
    const callback = forms.find((f) => isCallback(new URL(f.action)));
    if (callback) return { kind: 'form_post', action: callback.action, fields: callback.fields };
    const login = forms.find((f) => f.fields.prompt === 'login');
    const consent = forms.find((f) => f.fields.prompt === 'consent');
    if (res.ok && login) {
      url = new URL(login.action);
      init = post({ ...login.fields, login: opts.login, password: opts.password ?? 'secret' });
      continue;
    }
    if (res.ok && consent) {
      if (opts.consent === false) {
        const abort = /<a\b[^>]*\bhref\s*=\s*"([^"]*\/abort)"/i.exec(html);
        if (!abort) throw new Error(`consent page without a cancel link\n${trail.join('\n')}`);
        url = new URL(decodeEntities(abort[1]), url);
        init = { method: 'GET' };
      } else {
        url = new URL(consent.action);
        init = post(consent.fields);
      }
      continue;
    }
    throw new Error(`unexpected page at ${url.href} (${res.status}): ${pageText(html)}\n${trail.join('\n')}`);
  }
  throw new Error(`too many steps at the OP\n${trail.join('\n')}`);
}

function post(fields: Record<string, string>): RequestInit {
  return { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

interface HtmlForm {
  /** absolute, resolved against the page URL */
  action: string;
  method: string;
  /** named inputs and their (entity-decoded) values; an input without value is "" */
  fields: Record<string, string>;
}

/** The forms of an HTML page, by regular expressions: enough for the OP's simple pages. */
function parseForms(html: string, pageUrl: URL | string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attrs = attributes(m[1]);
    const fields: Record<string, string> = {};
    for (const input of m[2].matchAll(/<input\b([^>]*)>/gi)) {
      const a = attributes(input[1]);
      if (a.name !== undefined) fields[a.name] = a.value ?? '';
    }
    forms.push({ action: new URL(attrs.action ?? '', pageUrl).href, method: (attrs.method ?? 'get').toLowerCase(), fields });
  }
  return forms;
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    out[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[e.toLowerCase()] ?? whole;
  });
}

function pageText(html: string): string {
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return decodeEntities(body.replace(/<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>/gi, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 600);
}
