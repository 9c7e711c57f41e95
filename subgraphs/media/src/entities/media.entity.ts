import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { TenantOwned, newId } from '@svc/kit';

/**
 * A media asset: one stored file (image, SVG or PDF) of a tenant. The file lives in the media
 * storage (local disk or S3) under `storageKey`; its public URL is made from the key by the
 * storage in use. MIME type, size and dimensions are read from the bytes, never from the client.
 */
@Entity({ tableName: 'media' })
export class Media extends TenantOwned {
  [OptionalProps]?: 'id' | 'alt' | 'title' | 'width' | 'height' | 'version' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 40 }) id: string = newId('med');
  /** object key in the storage: `media/<tenant_id>/<id>[-<version>-<random>].<ext>` */
  @Property({ type: 'string', length: 300 }) storageKey!: string;
  @Property({ type: 'string', length: 255 }) filename!: string;
  @Property({ type: 'string', length: 100 }) mimeType!: string;
  @Property({ type: 'integer' }) size!: number;
  /** null for files without pixel dimensions (PDF, an SVG without size or viewBox) */
  @Property({ type: 'integer', nullable: true }) width: number | null = null;
  @Property({ type: 'integer', nullable: true }) height: number | null = null;
  @Property({ type: 'text', nullable: true }) alt: string | null = null;
  @Property({ type: 'string', length: 300, nullable: true }) title: string | null = null;
  /** bumped when the file is replaced (a new key, so caches never serve the old bytes) */
  @Property({ type: 'integer' }) version: number = 1;
  @Property({ type: 'datetime' }) createdAt: Date = new Date();
  @Property({ type: 'datetime', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
