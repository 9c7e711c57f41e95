import { DomainError, Signer } from '@svc/kit';

const SUBSCRIBER_ID = /^msub_[0-9A-HJKMNP-TV-Z]{26}$/;
/** confirmation links are valid this long */
export const CONFIRM_TTL_SECONDS = 7 * 24 * 3600;

export const invalidToken = () =>
  new DomainError('validation_error', 'invalid_token', 'The link is not valid: it was changed, has expired or belongs to another store');

/**
 * The signed links of marketing mail. Every signature binds the tenant, so a token of one store
 * is refused by another; keys are derived from SECRETS_KEY per purpose (kit Signer).
 * - unsubscribe: `<subscriber id>.<sig>` (no expiry: a link in an old mail keeps working)
 * - confirm: `<subscriber id>.<expires, unix s>.<sig>`
 * - click destinations not registered with the campaign: `sig` over (campaign, url)
 */
export class MarketingLinks {
  private readonly unsubscribe: Signer;
  private readonly confirm: Signer;
  private readonly click: Signer;
  readonly ip: Signer;

  constructor(
    secret: string,
    readonly publicUrl: () => string,
  ) {
    this.unsubscribe = new Signer(secret, 'marketing.unsubscribe');
    this.confirm = new Signer(secret, 'marketing.confirm');
    this.click = new Signer(secret, 'marketing.click');
    this.ip = new Signer(secret, 'marketing.ip');
  }

  private api(path: string): string {
    return `${this.publicUrl().replace(/\/+$/, '')}/api${path}`;
  }

  unsubscribeToken(tenantId: string, subscriberId: string): string {
    return `${subscriberId}.${this.unsubscribe.sign(tenantId, subscriberId)}`;
  }

  confirmToken(tenantId: string, subscriberId: string, now = Date.now()): string {
    const exp = String(Math.floor(now / 1000) + CONFIRM_TTL_SECONDS);
    return `${subscriberId}.${exp}.${this.confirm.sign(tenantId, subscriberId, exp)}`;
  }

  /** The subscriber id a token names (its signature is checked once the tenant is known), or 400. */
  subscriberOf(token: string): string {
    const id = token.split('.')[0];
    if (!SUBSCRIBER_ID.test(id)) throw invalidToken();
    return id;
  }

  checkUnsubscribe(token: string, tenantId: string): void {
    const [id, sig, extra] = token.split('.');
    if (extra !== undefined || !sig || !this.unsubscribe.verify(sig, tenantId, id)) throw invalidToken();
  }

  checkConfirm(token: string, tenantId: string, now = Date.now()): void {
    const [id, exp, sig, extra] = token.split('.');
    if (extra !== undefined || !sig || !/^\d{1,12}$/.test(exp) || !this.confirm.verify(sig, tenantId, id, exp)) throw invalidToken();
    if (Number(exp) * 1000 < now)
      throw new DomainError('validation_error', 'invalid_token', 'The confirmation link has expired: subscribe again for a new one');
  }

  signDestination(campaignId: string, url: string): string {
    return this.click.sign(campaignId, url);
  }

  destinationSigned(campaignId: string, url: string, sig: string | undefined): boolean {
    return !!sig && this.click.verify(sig, campaignId, url);
  }

  unsubscribeUrl(tenantId: string, subscriberId: string): string {
    return this.api(`/store/email-unsubscribe?token=${encodeURIComponent(this.unsubscribeToken(tenantId, subscriberId))}`);
  }

  confirmUrl(tenantId: string, subscriberId: string, storefrontPage: string | null): string {
    const token = encodeURIComponent(this.confirmToken(tenantId, subscriberId));
    if (storefrontPage) return `${storefrontPage}${storefrontPage.includes('?') ? '&' : '?'}token=${token}`;
    return this.api(`/store/email-subscribe/confirm?token=${token}`);
  }

  openUrl(campaignId: string, subscriberId: string): string {
    return this.api(`/store/track/open/${campaignId}/${subscriberId}`);
  }

  clickUrl(campaignId: string, subscriberId: string, url: string, signed = false): string {
    const sig = signed ? `&sig=${this.signDestination(campaignId, url)}` : '';
    return this.api(`/store/track/click/${campaignId}/${subscriberId}?url=${encodeURIComponent(url)}${sig}`);
  }

  /** RFC 2369 + RFC 8058 headers of a marketing mail */
  listHeaders(tenantId: string, subscriberId: string): Record<string, string> {
    return {
      'List-Unsubscribe': `<${this.unsubscribeUrl(tenantId, subscriberId)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }
}

/**
 * A destination a campaign may register or redirect to: an absolute http(s) URL without
 * credentials, in its normalised form (what `new URL` prints), or null.
 */
export function normaliseDestination(raw: string): string | null {
  if (!/^https?:\/\//i.test(raw) || /[\s\\]/.test(raw)) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password || !u.hostname) return null;
  return u.href.length <= 2000 ? u.href : null;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const decodeAttr = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** the http(s) links of an HTML body (`href="…"`), normalised */
export function linksOf(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/\bhref\s*=\s*(["'])(.*?)\1/gi)) {
    const url = normaliseDestination(decodeAttr(m[2].trim()));
    if (url) out.add(url);
  }
  return [...out];
}

/** `fragment` inserted before the last `</body>` (appended when there is none) */
function beforeBodyEnd(html: string, fragment: string): string {
  const at = html.toLowerCase().lastIndexOf('</body>');
  return at < 0 ? `${html}\n${fragment}` : `${html.slice(0, at)}${fragment}${html.slice(at)}`;
}

/**
 * One recipient's copy of a campaign: registered links go through click tracking, a 1×1 pixel
 * records the open, `{{unsubscribe_url}}` is the recipient's link (added as a footer when absent).
 */
export function renderCampaign(
  body: { html: string; text: string },
  registered: ReadonlySet<string>,
  urls: { click: (url: string) => string; open: string; unsubscribe: string },
): { html: string; text: string } {
  let html = body.html.replace(/\bhref\s*=\s*(["'])(.*?)\1/gi, (whole, q: string, raw: string) => {
    const url = normaliseDestination(decodeAttr(raw.trim()));
    return url && registered.has(url) ? `href=${q}${escapeHtml(urls.click(url))}${q}` : whole;
  });
  let text = body.text.replace(/https?:\/\/[^\s<>"]+/gi, (raw) => {
    const url = normaliseDestination(raw);
    return url && registered.has(url) ? urls.click(url) : raw;
  });
  const unsubscribeHtml = escapeHtml(urls.unsubscribe);
  if (html.includes('{{unsubscribe_url}}')) html = html.split('{{unsubscribe_url}}').join(unsubscribeHtml);
  else html = beforeBodyEnd(html, `<p style="font-size:12px;color:#666">No longer interested? <a href="${unsubscribeHtml}">Unsubscribe</a>.</p>`);
  if (text.includes('{{unsubscribe_url}}')) text = text.split('{{unsubscribe_url}}').join(urls.unsubscribe);
  else text += `\n\n--\nUnsubscribe: ${urls.unsubscribe}`;
  const pixel = `<img src="${escapeHtml(urls.open)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
  html = beforeBodyEnd(html, pixel);
  return { html, text };
}
