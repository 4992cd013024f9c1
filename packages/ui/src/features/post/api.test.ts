import { routes } from '@autoradar/contract';
import { samplePost } from '@autoradar/contract/fixtures';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import type { Call } from '../../api/client';
import { fetchPost } from './api';
import { describePostError, isPostMissing } from './state';

describe('fetchPost', () => {
  it('asks for the listing by id', async () => {
    const seen: unknown[] = [];
    const call = ((endpoint: unknown, input: unknown) => {
      seen.push([endpoint, input]);
      return Promise.resolve({ data: samplePost });
    }) as Call;
    expect(await fetchPost('42', undefined, call)).toEqual(samplePost);
    expect(seen).toEqual([[routes.posts.get, { params: { id: '42' } }]]);
  });
});

describe('the listing page failure', () => {
  it('a 404 or a malformed id (422) is a missing listing, with the API message or «Не найдено»', () => {
    expect(isPostMissing(404)).toBe(true);
    expect(isPostMissing(422)).toBe(true);
    expect(isPostMissing(500)).toBe(false);
    expect(describePostError(new ApiError(404, { message: 'Объявление не найдено или снято с публикации' }))).toBe(
      'Объявление не найдено или снято с публикации',
    );
    expect(describePostError(new ApiError(422, null))).toBe('Не найдено');
  });

  it('another error keeps its message, else the generic text', () => {
    expect(describePostError(new ApiError(500, { message: 'Внутренняя ошибка сервера' }))).toBe(
      'Внутренняя ошибка сервера',
    );
    expect(describePostError(new ApiError(502, null))).toBe('Неизвестная ошибка');
  });
});
