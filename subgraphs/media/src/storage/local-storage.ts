import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type MediaStorage } from './storage';

/**
 * Files under the platform's static directory (`<DATA_DIR>/static/<key>`), which it serves at
 * `/static/…`; URLs are absolute with the platform's public URL (PUBLIC_URL or the listener).
 */
export class LocalMediaStorage implements MediaStorage {
  readonly kind = 'local' as const;
  constructor(
    private readonly staticDir: string,
    private readonly publicUrl: () => string,
  ) {}

  file(key: string): string {
    assertSafeKey(key);
    return path.join(this.staticDir, ...key.split('/'));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // written aside and renamed: a reader never sees half a file
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  urlFor(key: string): string {
    return `${this.publicUrl().replace(/\/+$/, '')}/static/${key}`;
  }
}
