import { createHash, createVerify } from 'node:crypto';

/**
 * Verifies the DKIM-Signature of a raw message (RFC 6376, rsa-sha256, relaxed/relaxed or
 * simple body) against a public key, as a receiving mail server would after its DNS lookup of
 * `<s>._domainkey.<d>`. Returns the signature's tags when body hash and signature are right.
 */
export function verifyDkim(raw: string, publicKeyPem: string): { d: string; s: string; h: string[] } {
  const msg = raw.replace(/\r?\n/g, '\r\n');
  const split = msg.indexOf('\r\n\r\n');
  const head = msg.slice(0, split + 2);
  const body = msg.slice(split + 4);
  // header fields, unfolded names kept with their raw text (continuation lines included)
  const fields: Array<{ name: string; raw: string }> = [];
  for (const line of head.split('\r\n').slice(0, -1)) {
    if (/^[ \t]/.test(line) && fields.length) fields[fields.length - 1].raw += `\r\n${line}`;
    else fields.push({ name: line.slice(0, line.indexOf(':')).trim().toLowerCase(), raw: line });
  }
  const sigField = fields.find((f) => f.name === 'dkim-signature');
  if (!sigField) throw new Error('no DKIM-Signature header');
  const tags = Object.fromEntries(
    sigField.raw
      .slice(sigField.raw.indexOf(':') + 1)
      .replace(/\r\n[ \t]+/g, ' ')
      .split(';')
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => [t.slice(0, t.indexOf('=')).trim(), t.slice(t.indexOf('=') + 1).replace(/\s+/g, '')]),
  ) as Record<string, string>;
  if (tags.a !== 'rsa-sha256') throw new Error(`unsupported algorithm ${tags.a}`);
  const [headerCanon, bodyCanon = 'simple'] = (tags.c ?? 'simple/simple').split('/');
  const relaxedHeader = (f: { name: string; raw: string }) => {
    const value = f.raw
      .slice(f.raw.indexOf(':') + 1)
      .replace(/\r\n/g, '')
      .replace(/[ \t]+/g, ' ')
      .trim();
    return `${f.name}:${value}`;
  };
  const canonBody =
    bodyCanon === 'relaxed'
      ? body
          .split('\r\n')
          .map((l) => l.replace(/[ \t]+/g, ' ').replace(/ $/, ''))
          .join('\r\n')
          .replace(/(\r\n)*$/, '\r\n')
      : body.replace(/(\r\n)*$/, '\r\n');
  const bh = createHash('sha256')
    .update(canonBody === '\r\n' && bodyCanon === 'relaxed' ? '' : canonBody)
    .digest('base64');
  if (bh !== tags.bh) throw new Error('DKIM body hash does not match the body');
  const names = tags.h.split(':').map((n) => n.trim().toLowerCase());
  const used = new Map<string, number>();
  const lines: string[] = [];
  for (const name of names) {
    // the last unused occurrence of each named header, bottom-up
    const occurrences = fields.filter((f) => f.name === name);
    const n = used.get(name) ?? 0;
    const f = occurrences[occurrences.length - 1 - n];
    used.set(name, n + 1);
    if (f) lines.push(headerCanon === 'relaxed' ? relaxedHeader(f) : f.raw);
  }
  const sigNoB = { ...sigField, raw: sigField.raw.replace(/\bb=[^;]*/, 'b=') };
  const signed = `${lines.map((l) => `${l}\r\n`).join('')}${headerCanon === 'relaxed' ? relaxedHeader(sigNoB) : sigNoB.raw}`;
  const ok = createVerify('RSA-SHA256').update(signed).verify(publicKeyPem, tags.b, 'base64');
  if (!ok) throw new Error('DKIM signature does not verify');
  return { d: tags.d, s: tags.s, h: names };
}
