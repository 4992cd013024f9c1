import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploads live: files under `mediaDir`, served at /media/ by plugins/spa.ts. */
export interface MediaStorageConfig {
  mediaDir: string;
}

export interface MediaStorage {
  /** Stores the bytes under `key` (e.g. `drafts/12/ab12.jpg`) and returns the public URL (`/media/drafts/12/ab12.jpg`). */
  save(key: string, data: Buffer, mime: string): Promise<string>;
  /** Removes a stored file; a key that is already gone is not an error. */
  remove(key: string): Promise<void>;
}

export const MEDIA_URL_PREFIX = '/media/';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Keys are relative paths of plain segments: no `..`, no absolute paths, nothing a URL would need to escape. */
export function assertMediaKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 200 || !segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) {
    throw new TypeError(`media: invalid key ${JSON.stringify(key)}`);
  }
}

/** The key of a URL that save() returned, or null for any other URL. */
export function mediaKeyFromUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = url.slice(MEDIA_URL_PREFIX.length);
  try {
    assertMediaKey(key);
    return key;
  } catch {
    return null;
  }
}

export function createMediaStorage(config: MediaStorageConfig): MediaStorage {
  const root = path.resolve(config.mediaDir);
  const fileOf = (key: string) => {
    assertMediaKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async save(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target, then renamed: a reader or a crash never sees half a file under the final name.
      const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(temp, data, { flag: 'wx' });
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return MEDIA_URL_PREFIX + key;
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
