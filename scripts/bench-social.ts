/**
 * The social sign-in path of `npm run bench`: `workers` concurrent shoppers, each signing in with
 * "Google" (a development OpenID provider on this machine) again and again for `durationS` seconds:
 *   GET /store/auth/social/google/start → the provider's authorization endpoint (the browser's
 *   session there skips login and consent after the first time) → GET …/callback.
 * The callback does the platform's work: state taken once, code exchanged with the PKCE verifier
 * at the provider, ID token verified (signature, issuer, audience, nonce, expiry), link and session
 * written. Reports sign-ins per second and the p50/p99 of start and callback.
 */
import { authorizeAt, CookieJar } from '../test/support/providers/oidc';

export interface SocialResult {
  signIns: number;
  signInsPerSec: number;
  startP50Ms: number;
  startP99Ms: number;
  callbackP50Ms: number;
  callbackP99Ms: number;
  /** the provider's part (authorization endpoint), not the platform's */
  providerP50Ms: number;
  failures: string[];
}

const pct = (xs: number[], q: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))] * 100) / 100;
};

export async function benchSocial(o: { url: string; key: string; workers: number; durationS: number }): Promise<SocialResult> {
  const starts: number[] = [];
  const callbacks: number[] = [];
  const provider: number[] = [];
  const failures: string[] = [];
  let signIns = 0;
  const until = Date.now() + o.durationS * 1000;
  const worker = async (n: number) => {
    const jar = new CookieJar();
    while (Date.now() < until) {
      try {
        let t0 = performance.now();
        const s = await fetch(`${o.url}/api/store/auth/social/google/start?return_to=/account`, { headers: { 'x-publishable-api-key': o.key } });
        const started = (await s.json()) as { authorization_url?: string; binding?: string };
        starts.push(performance.now() - t0);
        if (s.status !== 200 || !started.authorization_url) throw new Error(`start: ${s.status} ${JSON.stringify(started).slice(0, 200)}`);
        t0 = performance.now();
        const back = await authorizeAt(started.authorization_url, { login: `shopper${n}`, jar });
        provider.push(performance.now() - t0);
        if (back.kind !== 'redirect') throw new Error('the provider did not redirect back');
        t0 = performance.now();
        const cb = await fetch(`${o.url}/api/store/auth/social/google/callback${back.url.search}&binding=${started.binding}`);
        const body = (await cb.json()) as { token?: string };
        callbacks.push(performance.now() - t0);
        if (cb.status !== 200 || !body.token) throw new Error(`callback: ${cb.status} ${JSON.stringify(body).slice(0, 200)}`);
        signIns++;
      } catch (err) {
        if (failures.length < 20) failures.push((err as Error).message);
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: o.workers }, (_, i) => worker(i)));
  const seconds = (Date.now() - started) / 1000;
  return {
    signIns,
    signInsPerSec: Math.round((signIns / seconds) * 10) / 10,
    startP50Ms: pct(starts, 0.5),
    startP99Ms: pct(starts, 0.99),
    callbackP50Ms: pct(callbacks, 0.5),
    callbackP99Ms: pct(callbacks, 0.99),
    providerP50Ms: pct(provider, 0.5),
    failures,
  };
}
