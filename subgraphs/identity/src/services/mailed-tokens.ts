import { createHash, randomBytes } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import { SecretBox, type Clock, type RequestContext, type Store } from '@svc/kit';
import { MailedToken } from '../entities/auth.entity';
import { Tenant } from '../entities/tenant.entity';

export type MailedPurpose = MailedToken['purpose'];
type Owner = Pick<MailedToken, 'tenantId' | 'actorType' | 'actorId'>;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const PREFIX: Record<MailedPurpose, string> = { password_reset: 'rst', email_verification: 'vfy', email_change: 'chg' };

/**
 * One-time tokens sent by mail (password resets, address verifications): a token is made and
 * stored as its digest plus a sealed copy for the mail; the mail handler opens it once and drops
 * the copy; a token is valid for its purpose until used or expired. The page a store set for a
 * purpose gets the token (and address) in its `{token}` / `{email}` placeholders or its query.
 */
export class MailedTokens {
  private readonly box: SecretBox;

  constructor(
    private readonly store: Store,
    secretsKey: string,
    private readonly clock: Clock,
  ) {
    this.box = new SecretBox(secretsKey);
  }

  /** A new token for `owner` (persisted with the caller's unit of work) and its row. */
  issue(em: EntityManager, purpose: MailedPurpose, owner: Owner & { email: string }, ttlMs: number): { row: MailedToken; token: string } {
    const token = `${PREFIX[purpose]}_${randomBytes(32).toString('base64url')}`;
    const row = Object.assign(new MailedToken(), {
      ...owner,
      purpose,
      tokenHash: digest(token),
      sealedToken: this.box.seal(token, purpose),
      expiresAt: new Date(this.clock.now() + ttlMs),
    });
    em.persist(row);
    return { row, token };
  }

  /** The valid (unused, unexpired) token of `purpose`, or null; `lock` takes its row for the caller's unit of work. */
  async find(em: EntityManager, purpose: MailedPurpose, token: string, lock = false): Promise<MailedToken | null> {
    const row = await em.findOne(MailedToken, { tokenHash: digest(token) }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt.getTime() <= this.clock.now()) return null;
    return row;
  }

  /** Marks every open token of `owner` for `purpose` used (the one just used among them). */
  async burnAll(em: EntityManager, purpose: MailedPurpose, owner: Owner): Promise<void> {
    await em.nativeUpdate(
      MailedToken,
      { tenantId: owner.tenantId, purpose, actorType: owner.actorType, actorId: owner.actorId, usedAt: null },
      { usedAt: new Date(this.clock.now()), sealedToken: null },
    );
  }

  /**
   * The mail handler's part: runs `send` with the token (and the store) once, for a token not yet
   * mailed, used or expired, then forgets the token. A redelivery finds nothing to do; a `send`
   * that throws leaves it for the queue's retry.
   */
  async mailOnce(ctx: RequestContext, id: string, send: (row: MailedToken, token: string, tenant: Tenant | null) => Promise<void>): Promise<void> {
    await this.store.transaction(
      ctx,
      async (em) => {
        const row = await em.findOne(MailedToken, { id });
        if (!row?.sealedToken || row.mailedAt || row.usedAt || row.expiresAt.getTime() <= this.clock.now()) return;
        await send(row, this.box.open(row.sealedToken, row.purpose), await em.findOne(Tenant, { id: row.tenantId }));
        row.mailedAt = new Date(this.clock.now());
        row.sealedToken = null;
        await em.flush();
      },
      { global: true },
    );
  }
}

/** A store's page with the token and address: in its `{token}` and `{email}` placeholders, else added to its query. */
export function pageLink(page: string, token: string, email: string): string {
  if (page.includes('{token}')) return page.replaceAll('{token}', encodeURIComponent(token)).replaceAll('{email}', encodeURIComponent(email));
  const url = new URL(page);
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  return url.toString();
}
