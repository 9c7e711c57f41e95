import { checkOutboundUrl, isLoopback, isPrivateAddress, normalizeHost } from '@svc/kit';
import { AllowList, TargetGuard } from '@svc/webhooks';

/**
 * Issue 20 #6: a host name with a trailing dot (`localhost.`, the fully qualified spelling) is the
 * same host; the kit's host normaliser strips it before every host check: webhooks' save-time and
 * delivery-time checks, and the outbound-URL check of social providers, form verifiers and
 * currency feeds (checkOutboundUrl).
 */
const u = (s: string) => new URL(s);

describe('trailing-dot host names', () => {
  it('the normaliser lowercases and strips trailing dots', () => {
    expect(normalizeHost('LocalHost.')).toBe('localhost');
    expect(normalizeHost('metadata.internal..')).toBe('metadata.internal');
    expect(isLoopback('localhost.')).toBe(true);
    expect(isPrivateAddress('metadata.internal.')).toBe(true);
    expect(isPrivateAddress('printer.local.')).toBe(true);
  });

  it('webhooks refuse internal names with a trailing dot when saved and when delivered', async () => {
    const guard = new TargetGuard([], async () => [{ address: '127.0.0.1', family: 4 }]);
    for (const bad of [
      'http://localhost.:9399/',
      'http://LOCALHOST./',
      'http://api.internal./',
      'http://printer.local./',
      'http://intranet./',
      'http://127.0.0.1./',
    ]) {
      expect(guard.refuseAtSave(u(bad))).not.toBeNull();
    }
    await expect(guard.check(u('http://localhost.:9399/'))).rejects.toThrow(/loopback, private/);
    expect(guard.refuseAtSave(u('https://hooks.example./'))).toBeNull();
    // the allow-list matches either spelling
    expect(new AllowList(['hooks.internal.']).hostAllowed('hooks.internal')).toBe(true);
    expect(new AllowList(['hooks.internal']).hostAllowed('hooks.internal.')).toBe(true);
  });

  it('social providers, form verifiers and currency feeds (checkOutboundUrl) refuse them in production', () => {
    for (const bad of ['https://localhost./token', 'https://metadata.internal./', 'https://nas.local./', 'https://foo.localhost./']) {
      expect(() => checkOutboundUrl('token_url', bad, true)).toThrow(expect.objectContaining({ type: 'validation_error', code: 'invalid_field' }));
    }
    expect(checkOutboundUrl('token_url', 'https://accounts.example./token', true)).toBe('https://accounts.example./token');
  });
});
