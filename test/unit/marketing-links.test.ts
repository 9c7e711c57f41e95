import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { DomainError, FileMailer, Signer } from '@svc/kit';
import { CONFIRM_TTL_SECONDS, MarketingLinks, linksOf, normaliseDestination, renderCampaign } from '@svc/marketing';
import { parseMultipartFields } from '@svc/rest-facade';
import { parseMail } from '../support/providers/smtp';
import { verifyDkim } from '../support/providers/dkim';

const links = new MarketingLinks('a-secrets-key-of-enough-length-0123456789', () => 'https://api.shop.example/');
const SUB = 'msub_01JD5Z8X4N3C6V7B8M9K0QWERT';

describe('marketing links: signed tokens', () => {
  it('an unsubscribe token verifies for its store only, and not once changed', () => {
    const t = links.unsubscribeToken('ten_a', SUB);
    expect(links.subscriberOf(t)).toBe(SUB);
    expect(() => links.checkUnsubscribe(t, 'ten_a')).not.toThrow();
    expect(() => links.checkUnsubscribe(t, 'ten_b')).toThrow(DomainError);
    const [id, sig] = t.split('.');
    const flipped = `${id}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expect(() => links.checkUnsubscribe(flipped, 'ten_a')).toThrow(/not valid/);
    expect(() => links.checkUnsubscribe(`${t}.extra`, 'ten_a')).toThrow(DomainError);
    expect(() => links.subscriberOf('cus_01JD5Z8X4N3C6V7B8M9K0QWERT.x')).toThrow(DomainError);
    // a confirm token is no unsubscribe token and the other way round
    expect(() => links.checkUnsubscribe(links.confirmToken('ten_a', SUB), 'ten_a')).toThrow(DomainError);
    expect(() => links.checkConfirm(t, 'ten_a')).toThrow(DomainError);
  });

  it('a confirmation token expires after its time', () => {
    const now = Date.UTC(2026, 0, 1);
    const t = links.confirmToken('ten_a', SUB, now);
    expect(() => links.checkConfirm(t, 'ten_a', now + (CONFIRM_TTL_SECONDS - 60) * 1000)).not.toThrow();
    expect(() => links.checkConfirm(t, 'ten_a', now + (CONFIRM_TTL_SECONDS + 60) * 1000)).toThrow(/expired/);
    const [id, exp, sig] = t.split('.');
    expect(() => links.checkConfirm(`${id}.${Number(exp) + 100000}.${sig}`, 'ten_a', now)).toThrow(/not valid/);
  });

  it('links point at the API (or the store page for confirmation) and carry the RFC 8058 headers', () => {
    expect(links.unsubscribeUrl('ten_a', SUB)).toMatch(/^https:\/\/api\.shop\.example\/api\/store\/email-unsubscribe\?token=msub_/);
    expect(links.confirmUrl('ten_a', SUB, null)).toMatch(/^https:\/\/api\.shop\.example\/api\/store\/email-subscribe\/confirm\?token=/);
    expect(links.confirmUrl('ten_a', SUB, 'https://shop.example/confirm?lang=de')).toMatch(/^https:\/\/shop\.example\/confirm\?lang=de&token=msub_/);
    expect(links.listHeaders('ten_a', SUB)).toEqual({
      'List-Unsubscribe': `<${links.unsubscribeUrl('ten_a', SUB)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const signed = new URL(links.clickUrl('camp_01JD5Z8X4N3C6V7B8M9K0QWERT', SUB, 'https://x.example/a', true));
    expect(links.destinationSigned('camp_01JD5Z8X4N3C6V7B8M9K0QWERT', signed.searchParams.get('url')!, signed.searchParams.get('sig')!)).toBe(true);
    expect(links.destinationSigned('camp_01JD5Z8X4N3C6V7B8M9K0QWERS', signed.searchParams.get('url')!, signed.searchParams.get('sig')!)).toBe(false);
  });

  it('Signer: purposes and part boundaries give different signatures', () => {
    const a = new Signer('k'.repeat(40), 'one');
    const b = new Signer('k'.repeat(40), 'two');
    expect(a.sign('x')).not.toBe(b.sign('x'));
    expect(a.sign('a', 'bc')).not.toBe(a.sign('ab', 'c'));
    expect(a.verify(a.sign('a', 'b'), 'a', 'b')).toBe(true);
    expect(a.verify('', 'a', 'b')).toBe(false);
  });
});

describe('marketing links: destinations and rendering', () => {
  it('accepts absolute http(s) URLs without credentials, normalised; refuses the rest', () => {
    expect(normaliseDestination('https://Shop.Example/a b')).toBeNull();
    expect(normaliseDestination('https://Shop.Example/a?b=1')).toBe('https://shop.example/a?b=1');
    for (const bad of [
      '//evil.example',
      '/path',
      'javascript:alert(1)',
      'https:\\\\evil.example',
      'https://u:p@x.example/',
      'ftp://x.example/',
      'data:text/html,x',
      'https://',
    ]) {
      expect([bad, normaliseDestination(bad)]).toEqual([bad, null]);
    }
  });

  it('rewrites registered links per recipient, adds the pixel and the unsubscribe link', () => {
    const html = '<html><body><a href="https://shop.example/a">A</a> <a href=\'https://other.example/b\'>B</a> <a href="mailto:x@y.z">M</a></body></html>';
    expect(linksOf(html)).toEqual(['https://shop.example/a', 'https://other.example/b']);
    const out = renderCampaign({ html, text: 'See https://shop.example/a and https://shop.example/ab.' }, new Set(['https://shop.example/a']), {
      click: (u) => `https://t.example/c?url=${encodeURIComponent(u)}`,
      open: 'https://t.example/o',
      unsubscribe: 'https://t.example/u?token=1&x=2',
    });
    expect(out.html).toContain('href="https://t.example/c?url=https%3A%2F%2Fshop.example%2Fa"');
    expect(out.html).toContain("href='https://other.example/b'");
    expect(out.html).toContain('href="mailto:x@y.z"');
    expect(out.html).toMatch(/<img src="https:\/\/t\.example\/o" width="1" height="1"[^>]*><\/body><\/html>$/);
    expect(out.html).toContain('href="https://t.example/u?token=1&amp;x=2"');
    expect(out.text).toBe(
      'See https://t.example/c?url=https%3A%2F%2Fshop.example%2Fa and https://shop.example/ab.\n\n--\nUnsubscribe: https://t.example/u?token=1&x=2',
    );
  });
});

describe('facade: multipart/form-data text fields (RFC 8058 one-click POSTs)', () => {
  const body = (parts: string[], b = 'XyZ') => Buffer.from(`${parts.map((p) => `--${b}\r\n${p}\r\n`).join('')}--${b}--\r\n`);
  it('reads text fields', () => {
    expect(
      parseMultipartFields('multipart/form-data; boundary=XyZ', body(['Content-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click'])),
    ).toEqual({ 'List-Unsubscribe': 'One-Click' });
    expect(
      parseMultipartFields(
        'multipart/form-data; boundary="XyZ"',
        body(['Content-Disposition: form-data; name="a"\r\n\r\n1', 'Content-Disposition: form-data; name="b"\r\n\r\ntwo\r\nlines']),
      ),
    ).toEqual({ a: '1', b: 'two\r\nlines' });
  });
  it('refuses files, nameless parts and malformed bodies with 400', () => {
    const bad: Array<[string, Buffer]> = [
      ['multipart/form-data', body(['Content-Disposition: form-data; name="a"\r\n\r\n1'])],
      ['multipart/form-data; boundary=XyZ', body(['Content-Disposition: form-data; name="f"; filename="x.txt"\r\n\r\ndata'])],
      ['multipart/form-data; boundary=XyZ', body(['Content-Disposition: form-data\r\n\r\n1'])],
      ['multipart/form-data; boundary=XyZ', Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n')],
    ];
    for (const [type, b] of bad) expect(() => parseMultipartFields(type, b)).toThrow(DomainError);
  });
});

describe('kit mailer: headers, From and DKIM', () => {
  it('writes the extra headers and a DKIM-Signature of the given key', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mk-mail-'));
    try {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
      const mailer = new FileMailer(dir, 'Default <d@example.com>');
      const sent = await mailer.send({
        to: 'a@example.com',
        subject: 'Hi',
        text: 'Hello',
        from: 'Shop <news@shop.example>',
        headers: { 'List-Unsubscribe': '<https://x.example/u>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        dkim: { domainName: 'shop.example', keySelector: 's1', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
      });
      const mail = parseMail(fs.readFileSync(sent.via, 'utf8'));
      expect(mail.header('from')).toBe('Shop <news@shop.example>');
      expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.header('dkim-signature')).toMatch(/d=shop\.example; .*s=s1;.*h=[^;]*list-unsubscribe/);
      expect(verifyDkim(fs.readFileSync(sent.via, 'utf8'), publicKey.export({ type: 'spki', format: 'pem' }).toString())).toMatchObject({
        d: 'shop.example',
        s: 's1',
      });
      await mailer.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
