import { contract } from '@autoradar/contract';
import { samplePost } from '@autoradar/contract/fixtures';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import type { Call } from '../../api/client';
import { loadPost } from './api';

const failingWith = (error: unknown) => (() => Promise.reject(error)) as Call;

describe('loadPost', () => {
  it('asks for the listing by id', async () => {
    const seen: unknown[] = [];
    const call = ((endpoint: unknown, input: unknown) => {
      seen.push([endpoint, input]);
      return Promise.resolve({ data: samplePost });
    }) as Call;
    expect(await loadPost('42', undefined, call)).toEqual({ kind: 'loaded', post: samplePost });
    expect(seen).toEqual([[contract.posts.get, { params: { id: '42' } }]]);
  });

  it('a 404 carries the API message', async () => {
    const error = new ApiError(404, { message: 'Объявление не найдено или снято с публикации' });
    expect(await loadPost('9', undefined, failingWith(error))).toEqual({
      kind: 'notFound',
      message: 'Объявление не найдено или снято с публикации',
    });
  });

  it('no answer is a connection problem; another error keeps its message', async () => {
    expect(await loadPost('9', undefined, failingWith(new ApiError(null, null)))).toEqual({ kind: 'offline' });
    expect(await loadPost('9', undefined, failingWith(new ApiError(500, { message: 'Внутренняя ошибка сервера' })))).toEqual({
      kind: 'failed',
      message: 'Внутренняя ошибка сервера',
    });
  });
});
