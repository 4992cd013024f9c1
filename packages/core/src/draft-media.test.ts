import { describe, expect, it } from 'vitest';
import { PHOTO_MIME_TYPES } from './constants';
import {
  addDraftMedia,
  isAllowedPhotoType,
  removeDraftMedia,
  setMainDraftMedia,
  type DraftMediaItem,
} from './draft-media';

const item = (id: number): DraftMediaItem => ({ id, src: `/media/${id}.jpg`, main: false });
const mains = (media: DraftMediaItem[]) => media.map((m) => `${m.id}${m.main ? '*' : ''}`).join(',');

describe('isAllowedPhotoType', () => {
  it('accepts jpeg, png, gif and webp only', () => {
    expect(PHOTO_MIME_TYPES).toEqual(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
    for (const type of PHOTO_MIME_TYPES) expect(isAllowedPhotoType(type)).toBe(true);
    expect(isAllowedPhotoType('IMAGE/JPEG')).toBe(true);
    expect(isAllowedPhotoType('image/heic')).toBe(false);
    expect(isAllowedPhotoType('image/svg+xml')).toBe(false);
    expect(isAllowedPhotoType('video/mp4')).toBe(false);
  });
});

describe('addDraftMedia', () => {
  it('makes the first added photo main and later ones not', () => {
    let media = addDraftMedia([], item(1));
    media = addDraftMedia(media, item(2));
    media = addDraftMedia(media, { ...item(3), main: true });
    expect(mains(media)).toBe('1*,2,3');
  });

  it('makes a photo main when the list has none', () => {
    expect(mains(addDraftMedia([item(1)], item(2)))).toBe('1,2*');
  });
});

describe('removeDraftMedia', () => {
  const media = [{ ...item(1), main: true }, item(2), item(3)];

  it('makes the first remaining photo main when the main one is deleted', () => {
    expect(mains(removeDraftMedia(media, 1))).toBe('2*,3');
  });

  it('keeps the main photo when another one is deleted', () => {
    expect(mains(removeDraftMedia(media, 2))).toBe('1*,3');
  });

  it('handles the last photo and unknown ids', () => {
    expect(removeDraftMedia([{ ...item(1), main: true }], 1)).toEqual([]);
    expect(mains(removeDraftMedia(media, 9))).toBe('1*,2,3');
  });

  it('does not mutate the input', () => {
    removeDraftMedia(media, 1);
    expect(mains(media)).toBe('1*,2,3');
  });
});

describe('setMainDraftMedia', () => {
  it('moves the main flag', () => {
    const media = [{ ...item(1), main: true }, item(2)];
    expect(mains(setMainDraftMedia(media, 2))).toBe('1,2*');
    expect(mains(setMainDraftMedia(media, 7))).toBe('1*,2');
  });
});
