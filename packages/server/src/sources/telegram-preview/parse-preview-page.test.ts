import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSourcePosts } from '../build-source-posts';
import { cssUrl, parsePreviewPage, type PreviewHistoryPage } from './parse-preview-page';

// The parser on fixtures of t.me's own markup (a channel page with a service message, a text post with links and
// emoji, an edited photo post, an album with a video, a video post, forwards, a reply with a link card, a pin notice;
// the /<name> page of a channel without a preview; the /<name> page of a free name).

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const PAGE_URL = 'https://t.me/s/avto_kzn';

function history(): PreviewHistoryPage {
  const page = parsePreviewPage(fixture('channel-page.html'), PAGE_URL);
  if (page.kind !== 'history') throw new Error(`expected a history page, got ${page.kind}`);
  return page;
}

const posts = () => buildSourcePosts(history().messages, { postUrl: (id) => `https://t.me/avto_kzn/${id}` });

describe('parsePreviewPage on a channel page', () => {
  it('reads the channel card and that older posts exist', () => {
    const page = history();
    expect(page).toMatchObject({
      title: 'Авто Казань | Продажа авто',
      username: 'avto_kzn',
      postsChannel: 'avto_kzn',
      hasOlder: true,
    });
  });

  it('sees every message id, album parts and service messages included', () => {
    const ids = history().messages.flatMap((m) => [m.id, ...(m.partIds ?? [])]);
    expect(ids.sort((a, b) => a - b)).toEqual([4180, 4181, 4182, 4183, 4184, 4185, 4186, 4188, 4189, 4190, 4191]);
  });

  it('drops the service messages (photo changed, pinned notice) from the posts', () => {
    expect(posts().map((p) => p.id)).toEqual([4181, 4182, 4183, 4186, 4188, 4189, 4190]);
  });

  it('keeps line breaks, emoji and link texts, and lists the links with their addresses', () => {
    const post = posts().find((p) => p.id === 4181)!;
    expect(post.text).toBe(
      '🚗 Toyota Camry 2018\nПробег 98 000 км, один владелец\nЦена: 2 450 000 ₽\n\nСвязь: Иван, подробнее на сайте\n#камри',
    );
    expect(post.links).toEqual([
      { text: 'Иван', url: 'https://t.me/ivan_seller' },
      // t.me's doubled &amp; in a confirmed link is undone.
      { text: 'сайте', url: 'https://example.ru/car?id=7&ref=tg' },
      { text: '#камри', url: 'https://t.me/s/avto_kzn?q=%23%D0%BA%D0%B0%D0%BC%D1%80%D0%B8' },
    ]);
    expect(post).toMatchObject({ photos: [], edited: false, forwardedFrom: null, url: 'https://t.me/avto_kzn/4181' });
    expect(post.date.toISOString()).toBe('2026-10-01T08:15:40.000Z');
  });

  it('reads a photo and the «edited» mark', () => {
    const post = posts().find((p) => p.id === 4182)!;
    expect(post.photos).toEqual([
      { kind: 'photo', location: { via: 'http', url: 'https://cdn4.telesco.pe/file/solaris-front.jpg' } },
    ]);
    expect(post.edited).toBe(true);
    expect(post.editedAt).toBeNull();
    expect(post.text).toBe('Hyundai Solaris 2017, 120 тыс км, 850 т.р., Казань');
  });

  it('reads an album as one post: every part, photos and the video poster in order, one caption', () => {
    const post = posts().find((p) => p.id === 4183)!;
    expect(post.messageIds).toEqual([4183, 4184, 4185]);
    expect(post.photos).toEqual([
      { kind: 'photo', location: { via: 'http', url: 'https://cdn4.telesco.pe/file/x5-1.jpg' } },
      { kind: 'photo', location: { via: 'http', url: 'https://cdn5.telesco.pe/file/x5-2.jpg' } },
      { kind: 'video-poster', location: { via: 'http', url: 'https://cdn4.telesco.pe/file/x5-video-thumb.jpg' } },
    ]);
    expect(post.text).toBe('BMW X5 2019, 3.0d\nПробег 75 т.км\n5,2 млн руб. Торг');
  });

  it('reads a video post as its poster', () => {
    const post = posts().find((p) => p.id === 4186)!;
    expect(post.photos).toEqual([
      { kind: 'video-poster', location: { via: 'http', url: 'https://cdn4.telesco.pe/file/vesta-thumb.jpg' } },
    ]);
  });

  it('reads where a post was forwarded from, with a link when the original is public', () => {
    const found = posts();
    expect(found.find((p) => p.id === 4188)!.forwardedFrom).toEqual({
      name: 'Авто РФ',
      url: 'https://t.me/avto_rf/91234',
    });
    expect(found.find((p) => p.id === 4189)!.forwardedFrom).toEqual({ name: 'Пётр Сидоров', url: null });
  });

  it('takes neither the quoted text and thumb of a reply nor a link card as the post’s own', () => {
    const post = posts().find((p) => p.id === 4190)!;
    expect(post.text).toBe('Цена на X5 снижена до 4,9 млн. Обзор: youtube.com/watch?v=abc');
    expect(post.photos).toEqual([]);
  });
});

describe('parsePreviewPage on other pages', () => {
  it('tells a channel without a preview by its title on t.me/<name>', () => {
    expect(parsePreviewPage(fixture('channel-without-preview.html'), 'https://t.me/closed_cars')).toEqual({
      kind: 'contact',
      title: 'Закрытые авто',
    });
  });

  it('tells a free name by the missing title', () => {
    expect(parsePreviewPage(fixture('name-not-found.html'), 'https://t.me/old_avto_name')).toEqual({
      kind: 'contact',
      title: null,
    });
  });

  it('calls a page of neither kind unknown', () => {
    expect(parsePreviewPage('<html><body><h1>502 Bad Gateway</h1></body></html>', PAGE_URL)).toEqual({
      kind: 'unknown',
      title: null,
    });
  });
});

describe('cssUrl', () => {
  it('reads quoted and bare url() values', () => {
    expect(cssUrl("url('https://cdn4.telesco.pe/file/a.jpg')")).toBe('https://cdn4.telesco.pe/file/a.jpg');
    expect(cssUrl('url("https://cdn4.telesco.pe/file/b.jpg")')).toBe('https://cdn4.telesco.pe/file/b.jpg');
    expect(cssUrl('url(https://cdn4.telesco.pe/file/c.jpg)')).toBe('https://cdn4.telesco.pe/file/c.jpg');
    expect(cssUrl('none')).toBeNull();
    expect(cssUrl(undefined)).toBeNull();
  });
});
