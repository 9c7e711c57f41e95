import { randomBytes } from 'node:crypto';
import type { QueryOrderMap } from '@mikro-orm/core';
import { Errors, loaderFor, normalizePage, requireTenant, type Logger, type Paginated, type RequestContext, type Store } from '@svc/kit';
import { Media } from '../entities/media.entity';
import { mediaEvents } from '../events';
import {
  MAX_FILE_BYTES,
  type MediaListQuery,
  type MediaOrder,
  type ReplaceMediaFileData,
  type UpdateMediaData,
  type UploadMediaData,
} from '../inputs/media.input';
import type { MediaStorage } from '../storage/storage';
import { inspectFile } from './file-inspection';
import { toMediaView, type MediaView } from './views';

const ORDER_PROPS = { created_at: 'createdAt', updated_at: 'updatedAt', size: 'size', filename: 'filename' } as const;

function orderBy(order: MediaOrder = '-created_at'): QueryOrderMap<Media> {
  const dir = order.startsWith('-') ? 'desc' : 'asc';
  const by: QueryOrderMap<Media> = {};
  by[ORDER_PROPS[order.replace(/^-/, '') as keyof typeof ORDER_PROPS]] = dir;
  by.id = dir;
  return by;
}

/** base64 (already checked by the input schema, length included) -> bytes, at most 10 MB */
function decode(content: string): Buffer {
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length > MAX_FILE_BYTES) throw Errors.validation('file_too_large', `The file must be at most ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  return bytes;
}

/**
 * The object key of a version of an asset. A replacement's key carries a random part too: two
 * concurrent replacements never write the same object, so the one that loses the race can remove
 * its own object without touching the winner's.
 */
const keyOf = (tenantId: string, id: string, version: number, ext: string) =>
  `media/${tenantId}/${version === 1 ? id : `${id}-${version}-${randomBytes(4).toString('hex')}`}.${ext}`;

/**
 * Media assets. The file goes to the storage before the row is written; if the unit of work then
 * fails, the new object is removed again, and an object a change leaves behind (a replaced or
 * deleted file) is removed only once the change has committed. So a row never points to a
 * missing file, and no file outlives its row except when the storage itself fails to delete.
 */
export class MediaService {
  constructor(
    private readonly store: Store,
    private readonly storage: MediaStorage,
    private readonly log: Logger,
  ) {}

  view = (m: Media): MediaView => toMediaView(m, this.storage);

  async list(ctx: RequestContext, a: MediaListQuery): Promise<Paginated<MediaView>> {
    const page = normalizePage(a, 20);
    const where = {
      ...(a.mime_type?.length ? { mimeType: { $in: a.mime_type } } : {}),
      ...(a.id?.length ? { id: { $in: a.id } } : {}),
    };
    const em = this.store.em(ctx);
    const [rows, count]: [Media[], number] =
      page.limit > 0
        ? await em.findAndCount(Media, where, { orderBy: orderBy(a.order), limit: page.limit, offset: page.offset })
        : [[], await em.count(Media, where)];
    return { items: rows.map(this.view), count, ...page };
  }

  async get(ctx: RequestContext, id: string): Promise<MediaView> {
    const m = await this.store.em(ctx).findOne(Media, { id });
    if (!m) throw Errors.notFound('Media', id);
    return this.view(m);
  }

  /** The stored bytes of an asset (for checks and exports). */
  async content(ctx: RequestContext, id: string): Promise<Buffer | null> {
    const m = await this.store.em(ctx).findOne(Media, { id });
    if (!m) throw Errors.notFound('Media', id);
    return this.storage.get(m.storageKey);
  }

  /** A new asset from base64 bytes: type sniffed, SVG sanitized, dimensions read; `media.uploaded`. */
  async upload(ctx: RequestContext, input: UploadMediaData): Promise<MediaView> {
    const tenantId = requireTenant(ctx);
    const file = inspectFile(decode(input.content_base64));
    const media = new Media();
    const key = keyOf(tenantId, media.id, 1, file.ext);
    await this.storage.put(key, file.body, file.mimeType);
    try {
      return await this.store.transaction(ctx, async (em, tx) => {
        const m = em.create(Media, {
          id: media.id,
          tenantId,
          storageKey: key,
          filename: input.filename,
          mimeType: file.mimeType,
          size: file.body.length,
          width: file.width,
          height: file.height,
          alt: input.alt ?? null,
          title: input.title ?? null,
        });
        mediaEvents.emit(em, tx, 'media.uploaded', { id: m.id, mime_type: m.mimeType, size: m.size });
        return this.view(m);
      });
    } catch (err) {
      await this.removeQuietly(key);
      throw err;
    }
  }

  /** alt and title; `media.updated` names what changed (no event when nothing did). */
  async update(ctx: RequestContext, id: string, input: UpdateMediaData): Promise<MediaView> {
    return this.store.transaction(ctx, async (em, tx) => {
      const m = await em.findOne(Media, { id });
      if (!m) throw Errors.notFound('Media', id);
      const fields: string[] = [];
      if (input.alt !== undefined && input.alt !== m.alt) {
        m.alt = input.alt;
        fields.push('alt');
      }
      if (input.title !== undefined && input.title !== m.title) {
        m.title = input.title;
        fields.push('title');
      }
      if (fields.length) {
        mediaEvents.emit(em, tx, 'media.updated', { id: m.id, fields });
        await em.flush();
      }
      return this.view(m);
    });
  }

  /** A new file for the asset, under a new key (caches never serve the old bytes); the old object goes after commit. */
  async replaceFile(ctx: RequestContext, id: string, input: ReplaceMediaFileData): Promise<MediaView> {
    const tenantId = requireTenant(ctx);
    const file = inspectFile(decode(input.content_base64));
    const current = await this.store.em(ctx).findOne(Media, { id });
    if (!current) throw Errors.notFound('Media', id);
    const key = keyOf(tenantId, id, current.version + 1, file.ext);
    await this.storage.put(key, file.body, file.mimeType);
    try {
      return await this.store.transaction(ctx, async (em, tx) => {
        // optimistic: the version read above must still be the stored one
        const m = await em.findOne(Media, { id, version: current.version });
        if (!m) throw Errors.conflict('concurrent_update', 'The media was changed concurrently; retry the request');
        const old = m.storageKey;
        Object.assign(m, {
          storageKey: key,
          version: m.version + 1,
          filename: input.filename ?? m.filename,
          mimeType: file.mimeType,
          size: file.body.length,
          width: file.width,
          height: file.height,
        });
        mediaEvents.emit(em, tx, 'media.updated', { id: m.id, fields: ['file'] });
        await em.flush();
        await this.store.afterCommit(tx, () => this.removeQuietly(old));
        return this.view(m);
      });
    } catch (err) {
      await this.removeQuietly(key);
      throw err;
    }
  }

  /** Removes the asset; its stored object goes once the removal has committed. `media.deleted`. */
  async delete(ctx: RequestContext, id: string): Promise<{ id: string; deleted: true }> {
    return this.store.transaction(ctx, async (em, tx) => {
      const m = await em.findOne(Media, { id });
      if (!m) throw Errors.notFound('Media', id);
      const key = m.storageKey;
      em.remove(m);
      mediaEvents.emit(em, tx, 'media.deleted', { id });
      await this.store.afterCommit(tx, () => this.removeQuietly(key));
      return { id, deleted: true as const };
    });
  }

  /** Federation reference: the tenant's assets, one query per request for all ids asked (null when absent). */
  byId(ctx: RequestContext, id: string): Promise<MediaView | null> {
    return loaderFor<string, MediaView>(ctx, 'media.asset', async (ids) => {
      const rows = await this.store.em(ctx).find(Media, { id: { $in: [...ids] } });
      return new Map(rows.map((r) => [r.id, this.view(r)]));
    }).load(id);
  }

  private async removeQuietly(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (err) {
      this.log.warn({ err, key }, 'media: could not remove a stored object');
    }
  }
}
