// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Draft } from '@autoradar/contract';
import { UPLOAD_DONE_REMOVAL_MS } from '@autoradar/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { AUTOSAVE_DEBOUNCE_MS } from '../hooks/use-draft-saving';
import type { UploadFn } from '../hooks/use-uploads';
import type { MediaItem } from '../listing-form';
import { emptyDraft, installFakeApi, renderEditor } from '../testing';

// Photos (spec §4 Upload item, §5 photo rules): several at once, progress, 'Ошибка' with a retry, done items leave
// after 0.5 s and join the draft's photos; the first is main, and the main one can be moved.

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

interface PendingUpload {
  file: File;
  progress: (percent: number) => void;
  resolve: (media: MediaItem) => void;
  reject: (error: unknown) => void;
}

/** Uploads the test finishes by hand: each call waits until the test resolves or rejects it. */
function handUploads() {
  const calls: PendingUpload[] = [];
  const upload: UploadFn = (_draftId, file, onProgress) => {
    let resolve!: (media: MediaItem) => void;
    let reject!: (error: unknown) => void;
    const done = new Promise<MediaItem>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    calls.push({ file, progress: (p) => void act(() => onProgress(p)), resolve, reject });
    return { done, abort: () => undefined };
  };
  return { calls, upload };
}

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });
const photo = (id: number, main = false) => ({ id, src: `/media/drafts/9/${id}.jpg`, main });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const tiles = () => [...document.querySelectorAll<HTMLElement>('.sell-photo')];

describe('photo uploads', () => {
  it('takes jpeg, png, gif and webp, several at once', async () => {
    installFakeApi();
    renderEditor({ upload: handUploads().upload });
    await screen.findByText('Добавить фото');
    expect(fileInput().multiple).toBe(true);
    expect(fileInput().accept).toBe('image/jpeg,image/png,image/gif,image/webp');
  });

  it('shows each upload with its own progress, then «Загружено», and after 0.5 s the photo joins the draft', async () => {
    installFakeApi();
    const uploads = handUploads();
    const user = userEvent.setup();
    renderEditor({ upload: uploads.upload });
    await user.upload(fileInput(), [jpeg('front.jpg'), jpeg('back.jpg')]);
    expect(uploads.calls.map((c) => c.file.name)).toEqual(['front.jpg', 'back.jpg']);
    expect(screen.getAllByText('Загрузка… 0%')).toHaveLength(2);

    uploads.calls[0]!.progress(45);
    const bar = screen.getByRole('progressbar', { name: 'Загрузка front.jpg' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(screen.getByText('Загрузка… 45%')).toBeTruthy();
    // Publishing waits for the photos.
    expect(screen.getByText('Дождитесь окончания загрузки фото.')).toBeTruthy();

    vi.useFakeTimers();
    await act(async () => uploads.calls[0]!.resolve(photo(11, true)));
    expect(screen.getByText('Загружено')).toBeTruthy();
    void act(() => vi.advanceTimersByTime(UPLOAD_DONE_REMOVAL_MS - 1));
    expect(screen.getByText('Загружено')).toBeTruthy();
    expect(document.querySelector('img[src="/media/drafts/9/11.jpg"]')).toBeNull();
    void act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Загружено')).toBeNull();
    const first = tiles().find((t) => t.querySelector('img[src="/media/drafts/9/11.jpg"]'))!;
    // The first photo is the main one.
    expect(within(first).getByText('Главное')).toBeTruthy();

    await act(async () => uploads.calls[1]!.resolve(photo(12, false)));
    void act(() => vi.advanceTimersByTime(UPLOAD_DONE_REMOVAL_MS));
    const second = tiles().find((t) => t.querySelector('img[src="/media/drafts/9/12.jpg"]'))!;
    expect(within(second).queryByText('Главное')).toBeNull();
    expect(within(second).getByRole('button', { name: 'Сделать главным' })).toBeTruthy();
  });

  it('marks a failed upload «Ошибка» with the reason, and a retry uploads it again', async () => {
    installFakeApi();
    const uploads = handUploads();
    const user = userEvent.setup();
    renderEditor({ upload: uploads.upload });
    await user.upload(fileInput(), [jpeg('notes.jpg')]);
    const reason = 'Допустимы только изображения JPEG, PNG, GIF и WebP';
    await act(async () =>
      uploads.calls[0]!.reject(
        new ApiError(422, { message: 'Проверьте правильность заполнения полей', errors: { file: [reason] } }),
      ),
    );
    const tile = document.querySelector<HTMLElement>('[data-upload-state="error"]')!;
    expect(within(tile).getByText('Ошибка')).toBeTruthy();
    expect(within(tile).getByText(reason)).toBeTruthy();

    await user.click(within(tile).getByRole('button', { name: 'Повторить' }));
    expect(uploads.calls).toHaveLength(2);
    expect(uploads.calls[1]!.file.name).toBe('notes.jpg');
    expect(screen.getByText('Загрузка… 0%')).toBeTruthy();
    await act(async () => uploads.calls[1]!.reject(new ApiError(null, null)));
    expect(screen.getByText('Проблемы с соединением. Проверьте интернет')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Убрать' }));
    expect(document.querySelector('[data-upload-state]')).toBeNull();
  });

  it('refuses another file type at once, without uploading it', async () => {
    installFakeApi();
    const uploads = handUploads();
    const user = userEvent.setup({ applyAccept: false });
    renderEditor({ upload: uploads.upload });
    await user.upload(fileInput(), [new File(['x'], 'scan.heic', { type: 'image/heic' })]);
    expect(uploads.calls).toHaveLength(0);
    const tile = document.querySelector<HTMLElement>('[data-upload-state="error"]')!;
    expect(within(tile).getByText('Ошибка')).toBeTruthy();
    expect(within(tile).getByText('Допустимы только изображения JPEG, PNG, GIF и WebP')).toBeTruthy();
    expect(within(tile).queryByRole('button', { name: 'Повторить' })).toBeNull();
  });
});

describe('main photo (spec §5)', () => {
  const draft: Draft = { ...emptyDraft, media: [photo(1, true), photo(2), photo(3)] };

  it('deleting the main photo makes the first remaining one main; any photo can be made main; both are saved', async () => {
    const api = installFakeApi(draft);
    const user = userEvent.setup();
    renderEditor({ draft });
    await screen.findByText('Главное');
    const tileOf = (id: number) => tiles().find((t) => t.querySelector(`img[src="/media/drafts/9/${id}.jpg"]`))!;

    await user.click(within(tileOf(1)).getByRole('button', { name: 'Удалить: Фото 1' }));
    expect(tileOf(1)).toBeUndefined();
    expect(within(tileOf(2)).getByText('Главное')).toBeTruthy();

    await user.click(within(tileOf(3)).getByRole('button', { name: 'Сделать главным' }));
    expect(within(tileOf(3)).getByText('Главное')).toBeTruthy();
    expect(within(tileOf(2)).queryByText('Главное')).toBeNull();

    await waitFor(
      () =>
        expect(api.saves().at(-1)?.body).toEqual({
          media: [
            { id: 2, main: false },
            { id: 3, main: true },
          ],
        }),
      { timeout: 3000 },
    );
    expect(api.stored.media).toEqual([photo(2), photo(3, true)]);
  });

  it('does not save the photo list while an upload runs, so the arriving photo is not dropped', async () => {
    const api = installFakeApi(draft);
    const uploads = handUploads();
    const user = userEvent.setup();
    renderEditor({ draft, upload: uploads.upload });
    await screen.findByText('Главное');
    await user.upload(fileInput(), [jpeg('side.jpg')]);
    await user.click(screen.getByRole('button', { name: 'Удалить: Фото 2' }));
    await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DEBOUNCE_MS + 400));
    expect(api.saves()).toHaveLength(0);

    await act(async () => uploads.calls[0]!.resolve(photo(4)));
    await waitFor(() => expect(api.saves()).toHaveLength(1), { timeout: 3000 });
    expect(api.saves()[0]!.body).toEqual({
      media: [
        { id: 1, main: true },
        { id: 3, main: false },
        { id: 4, main: false },
      ],
    });
  });
});
