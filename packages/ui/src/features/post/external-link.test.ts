import { samplePost } from '@autoradar/contract/fixtures';
import { describe, expect, it } from 'vitest';
import { getExternalPostUrl } from './external-link';

const external = {
  ...samplePost,
  channel: 'autoradar_msk',
  url: null,
  message_id: null,
  vk_owner_id: null,
  vk_post_id: null,
};

describe('getExternalPostUrl', () => {
  it('is null for the product own listings', () => {
    expect(getExternalPostUrl({ ...samplePost, url: 'https://example.com' })).toBeNull();
  });

  it('prefers the listing url', () => {
    expect(getExternalPostUrl({ ...external, url: 'https://auto.ru/cars/1', message_id: 5 })).toBe(
      'https://auto.ru/cars/1',
    );
  });

  it('builds the VK wall address from the owner and post ids', () => {
    expect(getExternalPostUrl({ ...external, channel: 'vk', vk_owner_id: -12345, vk_post_id: 678 })).toBe(
      'https://vk.com/wall-12345_678',
    );
  });

  it('builds the Telegram message address from the channel and message id', () => {
    expect(getExternalPostUrl({ ...external, message_id: 1042 })).toBe('https://t.me/autoradar_msk/1042');
  });

  it('ignores a url that is not a web address and gives null when nothing is usable', () => {
    expect(getExternalPostUrl({ ...external, url: 'javascript:alert(1)' })).toBeNull();
    expect(getExternalPostUrl(external)).toBeNull();
  });
});
