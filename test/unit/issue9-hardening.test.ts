import { checkOutboundUrl, readLimited } from '@svc/kit';
import { matchesPattern } from '@svc/forms/src/services/field-rules';
import { stripTags } from '@svc/content/src/services/html';

describe('issue 9 hardening', () => {
  it('stops a form pattern that backtracks too long (a mismatch), and matches normal ones', () => {
    expect(matchesPattern('[A-Z]{3}-[0-9]{2}', 'ABC-12')).toBe(true);
    expect(matchesPattern('[A-Z]{3}-[0-9]{2}', 'abc-12')).toBe(false);
    // passes the save-time heuristic, but is cubic: 3,000 characters would take seconds
    expect(matchesPattern('\\w*\\w*\\w*!', 'a'.repeat(3000))).toBe(false);
    // the value is data, never code
    expect(matchesPattern('.*', '"); process.exit(1); ("')).toBe(true);
  });

  it('keeps plain text plain: entity-encoded markup does not come back as a tag', () => {
    expect(stripTags('&lt;img src=x onerror=alert(1)&gt;')).not.toMatch(/<img/i);
    expect(stripTags('<b>bold</b> &amp; more')).toBe('bold & more');
    expect(stripTags('a < b and c > d')).toBe('a < b and c > d');
  });

  it('refuses verify and provider URLs on private addresses in production', () => {
    for (const bad of ['https://169.254.169.254/latest/meta-data', 'https://10.0.0.5/siteverify', 'http://127.0.0.1:8080/x', 'https://localhost/x']) {
      expect(() => checkOutboundUrl('verify_url', bad, true)).toThrow(expect.objectContaining({ type: 'validation_error' }));
    }
    expect(checkOutboundUrl('verify_url', 'https://challenges.cloudflare.com/turnstile/v0/siteverify', true)).toBe(
      'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    );
    expect(checkOutboundUrl('verify_url', 'http://127.0.0.1:8080/x', false)).toBe('http://127.0.0.1:8080/x');
  });

  it('reads at most the given number of bytes of an answer', async () => {
    expect(await readLimited(new Response('{"success":true}'), 1024)).toBe('{"success":true}');
    await expect(readLimited(new Response('x'.repeat(100_000)), 1024)).rejects.toThrow(/larger than 1024/);
  });
});
