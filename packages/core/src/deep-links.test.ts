import { describe, expect, it } from 'vitest';
import {
  appLink,
  canUseWebApp,
  DEFAULT_MINIAPP_SHORT_NAME,
  formatStartPayload,
  parseStartPayload,
  postPageUrl,
  type StartPayload,
} from './deep-links';

describe('parseStartPayload (the startapp value of the mini-app and the /start payload of the bot)', () => {
  it('reads every value the product gives out', () => {
    expect(parseStartPayload('post_42')).toEqual({ kind: 'post', postId: 42 });
    expect(parseStartPayload('filter_7')).toEqual({ kind: 'filter', filterId: 7 });
    expect(parseStartPayload('search')).toEqual({ kind: 'search' });
    expect(parseStartPayload('pay')).toEqual({ kind: 'pay' });
    expect(parseStartPayload('new')).toEqual({ kind: 'new' });
  });

  it('ignores the spaces around a /start payload', () => {
    expect(parseStartPayload('  post_1234 ')).toEqual({ kind: 'post', postId: 1234 });
    expect(parseStartPayload('\tpay\n')).toEqual({ kind: 'pay' });
  });

  it('takes the largest id JavaScript holds exactly and nothing beyond it', () => {
    expect(parseStartPayload(`post_${Number.MAX_SAFE_INTEGER}`)).toEqual({
      kind: 'post',
      postId: Number.MAX_SAFE_INTEGER,
    });
    expect(parseStartPayload(`post_${Number.MAX_SAFE_INTEGER + 1}`)).toBeUndefined();
    expect(parseStartPayload('filter_123456789012345678')).toBeUndefined();
  });

  it('knows nothing else: unknown, malformed or over-long values are undefined', () => {
    for (const value of [
      '',
      ' ',
      'post_',
      'post_abc',
      'post_0',
      'post_-1',
      'post_1.5',
      'post_1/../admin',
      'filter_',
      'filter_x',
      'filter_-1',
      'filter_0',
      'profile',
      'Search',
      'PAY',
      'new_1',
      'search pay',
      'post_1 post_2',
      'пост_1',
      `post_${'1'.repeat(64)}`,
      'x'.repeat(65),
    ]) {
      expect(parseStartPayload(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});

describe('formatStartPayload', () => {
  it('writes the value parseStartPayload reads back', () => {
    const places: StartPayload[] = [
      { kind: 'post', postId: 42 },
      { kind: 'filter', filterId: 7 },
      { kind: 'search' },
      { kind: 'pay' },
      { kind: 'new' },
    ];
    expect(places.map(formatStartPayload)).toEqual(['post_42', 'filter_7', 'search', 'pay', 'new']);
    for (const place of places) expect(parseStartPayload(formatStartPayload(place))).toEqual(place);
  });
});

describe('appLink', () => {
  const telegram = { appUrl: 'https://autoradar.example', botUsername: 'autoradar_bot', miniappShortName: 'radar' };
  const siteOnly = { ...telegram, botUsername: undefined };

  it("is the bot's t.me mini-app link under its short name, with the start value as startapp", () => {
    expect(appLink(telegram)).toBe('https://t.me/autoradar_bot/radar');
    expect(appLink(telegram, 'post_42')).toBe('https://t.me/autoradar_bot/radar?startapp=post_42');
    expect(appLink(telegram, formatStartPayload({ kind: 'filter', filterId: 7 }))).toBe(
      'https://t.me/autoradar_bot/radar?startapp=filter_7',
    );
  });

  it("without a bot username leads to the listing's page for post_<id>, else to the mini-app on the site", () => {
    expect(appLink(siteOnly, 'post_42')).toBe('https://autoradar.example/posts/42');
    expect(appLink(siteOnly, 'pay')).toBe('https://autoradar.example/tma/');
    expect(appLink(siteOnly)).toBe('https://autoradar.example/tma/');
  });

  it("the short name's default is «app»", () => {
    expect(DEFAULT_MINIAPP_SHORT_NAME).toBe('app');
  });
});

describe('postPageUrl and canUseWebApp', () => {
  it("the listing's web page; web_app buttons only for https sites", () => {
    expect(postPageUrl('https://autoradar.example', 5)).toBe('https://autoradar.example/posts/5');
    expect(canUseWebApp('https://autoradar.example')).toBe(true);
    expect(canUseWebApp('http://localhost:3000')).toBe(false);
  });
});
