import { emailVerified } from '@svc/identity/src/social/oidc';
import { SecretBox, checkOutboundUrl as checkProviderUrl } from '@svc/kit';
import { MICROSOFT_CONSUMER_TENANT } from '@svc/identity/src/social/providers';
import { checkReturnTo } from '@svc/identity/src/services/social.service';

describe('social sign-in rules', () => {
  it('takes an address as verified only when the provider says so', () => {
    expect(emailVerified({ key: 'google' }, { email_verified: true })).toBe(true);
    expect(emailVerified({ key: 'google' }, { email_verified: false })).toBe(false);
    expect(emailVerified({ key: 'google' }, {})).toBe(false);
    // Apple sends the flag as a string
    expect(emailVerified({ key: 'apple' }, { email_verified: 'true' })).toBe(true);
    expect(emailVerified({ key: 'apple' }, { email_verified: 'false' })).toBe(false);
    // Microsoft: personal accounts (the consumer tenant) or a domain-verified address (xms_edov)
    expect(emailVerified({ key: 'microsoft' }, { tid: MICROSOFT_CONSUMER_TENANT })).toBe(true);
    expect(emailVerified({ key: 'microsoft' }, { tid: 'a-work-tenant', xms_edov: true })).toBe(true);
    expect(emailVerified({ key: 'microsoft' }, { tid: 'a-work-tenant', xms_edov: '1' })).toBe(true);
    expect(emailVerified({ key: 'microsoft' }, { tid: 'a-work-tenant' })).toBe(false);
    // the Microsoft rules are Microsoft's only
    expect(emailVerified({ key: 'google' }, { tid: MICROSOFT_CONSUMER_TENANT, xms_edov: true })).toBe(false);
  });

  it('accepts relative return_to paths only', () => {
    expect(checkReturnTo(undefined)).toBe('/');
    expect(checkReturnTo('')).toBe('/');
    expect(checkReturnTo('/account?tab=1#x')).toBe('/account?tab=1#x');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'evil', '/a\u0000', '/a\r\nSet-Cookie: x', `/${'a'.repeat(2000)}`]) {
      expect(() => checkReturnTo(bad)).toThrow(expect.objectContaining({ type: 'validation_error' }));
    }
  });

  it('normalises return_to before it checks it: dot segments cannot lead off-site (issue 20 #5)', () => {
    for (const bad of [
      '/..//evil.com',
      '/.//evil.com',
      '/a/../..//evil.com',
      '/%2e%2e//evil.com',
      '/.%2e//evil.com',
      '/%2f/evil.com',
      '/%2F%2Fevil.com',
      '/%5cevil.com',
      '/./%2f%2fevil.com',
    ]) {
      expect(() => checkReturnTo(bad)).toThrow(expect.objectContaining({ type: 'validation_error', code: 'invalid_field' }));
    }
    // what is stored and echoed is the normalised path
    expect(checkReturnTo('/shop/../account/./orders?x=1#top')).toBe('/account/orders?x=1#top');
    expect(checkReturnTo('/..')).toBe('/');
  });

  it('wants https provider URLs, plain http only on loopback', () => {
    expect(checkProviderUrl('issuer', 'https://accounts.google.com', false)).toBe('https://accounts.google.com');
    expect(checkProviderUrl('issuer', 'http://127.0.0.1:4000', false)).toBe('http://127.0.0.1:4000');
    expect(checkProviderUrl('issuer', 'http://localhost:4000/x', false)).toBe('http://localhost:4000/x');
    for (const bad of ['http://idp.example.com', 'ftp://x', 'not a url', 'javascript:alert(1)', 'https://user:pw@idp.example.com']) {
      expect(() => checkProviderUrl('issuer', bad, false)).toThrow(expect.objectContaining({ type: 'validation_error' }));
    }
    // production: no plain http at all, nothing on this machine or a private network
    expect(checkProviderUrl('issuer', 'https://login.microsoftonline.com/common/v2.0', true)).toBe('https://login.microsoftonline.com/common/v2.0');
    for (const bad of [
      'http://127.0.0.1:4000',
      'https://localhost/x',
      'https://127.0.0.1',
      'https://10.1.2.3',
      'https://172.20.0.1',
      'https://192.168.1.1',
      'https://169.254.169.254/latest',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://metadata.internal/',
    ]) {
      expect(() => checkProviderUrl('issuer', bad, true)).toThrow(expect.objectContaining({ type: 'validation_error' }));
    }
  });

  it('seals secrets so that only the same key and purpose open them', () => {
    const box = new SecretBox('k'.repeat(40));
    const sealed = box.seal('client-secret-value', 'a');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('client-secret-value');
    expect(box.seal('client-secret-value', 'a')).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed, 'a')).toBe('client-secret-value');
    expect(() => box.open(sealed, 'b')).toThrow();
    expect(() => new SecretBox('j'.repeat(40)).open(sealed, 'a')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'), 'a')).toThrow();
    expect(() => box.open('plain', 'a')).toThrow();
  });
});
