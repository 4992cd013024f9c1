import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMediaStorage, mediaKeyFromUrl } from './storage';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'autoradar-media-'));

const listFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

describe('createMediaStorage', () => {
  it('saves under the media directory and answers the public URL under /media/', async () => {
    const dir = freshDir();
    const storage = createMediaStorage({ mediaDir: dir });
    const url = await storage.save('drafts/7/a1b2.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(url).toBe('/media/drafts/7/a1b2.jpg');
    expect(readFileSync(path.join(dir, 'drafts/7/a1b2.jpg'), 'utf8')).toBe('jpeg bytes');
    expect(listFiles(dir)).toEqual([path.join('drafts', '7', 'a1b2.jpg')]);
    expect(mediaKeyFromUrl(url)).toBe('drafts/7/a1b2.jpg');
  });

  it('removes a file, and removing it again is not an error', async () => {
    const dir = freshDir();
    const storage = createMediaStorage({ mediaDir: dir });
    await storage.save('a.png', Buffer.from('x'), 'image/png');
    await storage.remove('a.png');
    await storage.remove('a.png');
    expect(existsSync(path.join(dir, 'a.png'))).toBe(false);
  });

  it('refuses keys that would leave the media directory or need escaping', async () => {
    const dir = freshDir();
    const storage = createMediaStorage({ mediaDir: dir });
    for (const key of [
      '../escape.jpg',
      '/etc/passwd',
      'a/../../b.jpg',
      'a//b.jpg',
      '',
      'dir/.hidden',
      'name with space.jpg',
    ]) {
      await expect(storage.save(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/invalid key/);
      await expect(storage.remove(key)).rejects.toThrow(/invalid key/);
    }
    expect(listFiles(dir)).toEqual([]);
    expect(mediaKeyFromUrl('/media/../x')).toBeNull();
    expect(mediaKeyFromUrl('https://cdn.example/x.jpg')).toBeNull();
  });

  it('leaves no partial file when a write fails', async () => {
    const dir = freshDir();
    const storage = createMediaStorage({ mediaDir: dir });
    await storage.save('taken/x.jpg', Buffer.from('x'), 'image/jpeg');
    // A directory where the file should go makes the final rename fail after the bytes were written.
    await expect(storage.save('taken', Buffer.from('y'), 'image/jpeg')).rejects.toThrow();
    expect(listFiles(dir)).toEqual([path.join('taken', 'x.jpg')]);
  });
});
