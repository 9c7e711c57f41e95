import jwt from 'jsonwebtoken';
import { DomainError, signToken, verifyToken, type TokenClaims } from '@svc/kit';

/**
 * Session tokens (HS256): signed and verified with a key object made once per secret (not the
 * secret string, which jsonwebtoken first tries to read as a PEM key on every call).
 */
describe('session tokens', () => {
  const secret = 'a-test-secret-of-a-decent-length-0123456789';
  const claims: Omit<TokenClaims, 'iat' | 'exp'> = { actor_id: 'cus_1', actor_type: 'customer', auth_identity_id: 'ai_1', tenant_id: 'ten_1', sid: 'ses_1' };
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (err) {
      return err instanceof DomainError ? err.code : `not a DomainError: ${String(err)}`;
    }
    return 'no error';
  };

  it('verifies what it signs, with every claim and a unique jti', () => {
    const a = signToken(claims, secret);
    const b = signToken(claims, secret);
    expect(a).not.toBe(b);
    expect(verifyToken(a, secret)).toMatchObject({ ...claims, iat: expect.any(Number), exp: expect.any(Number), jti: expect.any(String) });
  });

  it('verifies a token signed with the secret as a string (tokens issued before the key objects)', () => {
    const old = jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: 60 });
    expect(verifyToken(old, secret).sid).toBe('ses_1');
  });

  it('refuses another secret, a changed payload, another algorithm and an expired token', () => {
    const t = signToken(claims, secret);
    expect(code(() => verifyToken(t, `${secret}x`))).toBe('token_invalid');
    const [h, , s] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, actor_type: 'admin' })).toString('base64url');
    expect(code(() => verifyToken(`${h}.${forged}.${s}`, secret))).toBe('token_invalid');
    expect(code(() => verifyToken(jwt.sign(claims, secret, { algorithm: 'HS512' }), secret))).toBe('token_invalid');
    expect(code(() => verifyToken(jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, secret, { algorithm: 'HS256' }), secret))).toBe(
      'token_expired',
    );
  });

  it('keeps the keys of many secrets apart', () => {
    const secrets = Array.from({ length: 40 }, (_, i) => `secret-number-${i}-of-a-test-process`);
    const tokens = secrets.map((s) => signToken(claims, s));
    for (let i = 0; i < secrets.length; i++) {
      expect(verifyToken(tokens[i], secrets[i]).sid).toBe('ses_1');
      expect(code(() => verifyToken(tokens[i], secrets[(i + 1) % secrets.length]))).toBe('token_invalid');
    }
  });
});
