import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * A social account the store connected through the network's OAuth flow: a Facebook Page, the
 * Instagram business account linked to it, or a Mastodon account. The tokens are sealed (SecretBox,
 * purpose `assistant.social_token`); `user_token_sealed` and `expires_at` are Meta's long-lived
 * user token, refreshed before it runs out. Table `assistant.social_account`.
 */
@Entity({ tableName: 'social_account' })
@Unique({ properties: ['tenantId', 'network', 'externalId'] })
export class SocialAccount extends TenantOwned {
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt' | 'userTokenSealed' | 'expiresAt' | 'baseUrl' | 'parentId';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('soca');
  /** facebook, instagram or mastodon */
  @Property({ type: 'string', length: 20 }) network!: string;
  /** the page id, the Instagram user id, the Mastodon account id */
  @Property({ type: 'string', length: 100 }) externalId!: string;
  @Property({ type: 'string', length: 300 }) name!: string;
  /** the Mastodon instance; null for Meta (the platform's Graph API base) */
  @Property({ type: 'string', length: 500, nullable: true }) baseUrl: string | null = null;
  /** an Instagram account: the Facebook Page it is linked to (its token publishes) */
  @Property({ type: 'string', length: 40, nullable: true }) parentId: string | null = null;
  /** the token that publishes: the page token (Meta), the user token (Mastodon) */
  @Property({ type: 'text' }) tokenSealed!: string;
  @Property({ type: 'text', nullable: true }) userTokenSealed: string | null = null;
  @Property({ type: 'datetime', nullable: true }) expiresAt: Date | null = null;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}

/**
 * A post published or to be published: caption, image and accounts, its status (`scheduled`,
 * `publishing`, `published`, `partial`, `failed`) and the result per account. A scheduled post is
 * claimed once (`scheduled` → `publishing` in one statement) by the publishing job: exactly one
 * publication per account. Table `assistant.social_post`.
 */
@Entity({ tableName: 'social_post' })
@Index({ properties: ['status', 'runAt'] })
export class SocialPost extends TenantOwned {
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt' | 'imageUrl' | 'runAt' | 'claimedAt' | 'results' | 'link';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('socp');
  @Property({ type: 'text' }) caption!: string;
  @Property({ type: 'string', length: 2000, nullable: true }) imageUrl: string | null = null;
  @Property({ type: 'string', length: 2000, nullable: true }) link: string | null = null;
  /** the social_account ids */
  @Property({ type: 'json' }) accounts!: string[];
  @Property({ type: 'string', length: 20 }) status!: string;
  @Property({ type: 'datetime', nullable: true }) runAt: Date | null = null;
  @Property({ type: 'datetime', nullable: true }) claimedAt: Date | null = null;
  /** per account: `{account_id, network, status, external_id, url, error}` */
  @Property({ type: 'json' }) results: unknown[] = [];
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime' }) updatedAt: Date = new Date();
}
