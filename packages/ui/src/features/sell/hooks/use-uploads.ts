import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isAllowedPhotoType, MESSAGES, UPLOAD_DONE_REMOVAL_MS } from '@autoradar/core';
import { ApiError } from '../../../api/api-error';
import { uploadDraftPhoto, type UploadHandle } from '../api';
import type { MediaItem } from '../listing-form';

/** Spec §4 Upload item: uploading, then done (leaves the list after 0.5 s) or error ('Ошибка', with a retry). */
export type UploadItem = {
  key: string;
  name: string;
  /** A local preview of the picked file (an object URL), shown while it uploads. */
  preview: string | null;
} & (
  | { state: 'uploading'; progress: number }
  | { state: 'done'; mediaId: number }
  | { state: 'error'; reason: string; retryable: boolean }
);

export type UploadFn = (draftId: number, file: File, onProgress: (percent: number) => void) => UploadHandle;

export interface UploadsOptions {
  draftId: number | null;
  /** Called as soon as the server has the photo (the draft's media gets it at once, so a reload keeps it). */
  onUploaded: (media: MediaItem) => void;
  /** The transport; XMLHttpRequest in the app, a stand-in in component tests. */
  upload?: UploadFn;
}

let counter = 0;

function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return MESSAGES.connectionProblem;
    const fieldMessage = error.body?.errors ? Object.values(error.body.errors).flat()[0] : undefined;
    return fieldMessage ?? error.body?.message ?? MESSAGES.serverError(String(error.status));
  }
  return MESSAGES.unknownError;
}

function createPreview(file: File): string | null {
  try {
    return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
  } catch {
    return null;
  }
}

function revokePreview(preview: string | null): void {
  if (preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview);
}

/** The photo uploads of one draft: several at once, each with its own progress, retry and removal. */
export function useUploads({ draftId, onUploaded, upload = uploadDraftPhoto }: UploadsOptions) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const files = useRef(new Map<string, File>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const onUploadedRef = useRef(onUploaded);
  useLayoutEffect(() => {
    onUploadedRef.current = onUploaded;
  });
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      // An upload under way is left to finish: the server keeps the photo and the next visit shows it.
      mounted.current = false;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const patch = useCallback((key: string, next: (item: UploadItem) => UploadItem) => {
    if (!mounted.current) return;
    setItems((list) => list.map((item) => (item.key === key ? next(item) : item)));
  }, []);

  const remove = useCallback((key: string) => {
    files.current.delete(key);
    setItems((list) => {
      const gone = list.find((item) => item.key === key);
      if (gone) revokePreview(gone.preview);
      return list.filter((item) => item.key !== key);
    });
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      if (draftId === null) return;
      const base = (item: UploadItem) => ({ key: item.key, name: item.name, preview: item.preview });
      let lastPercent = -1;
      const handle = upload(draftId, file, (percent) => {
        if (percent === lastPercent) return;
        lastPercent = percent;
        patch(key, (item) =>
          item.state === 'uploading' ? { ...base(item), state: 'uploading', progress: percent } : item,
        );
      });
      handle.done.then(
        (media) => {
          onUploadedRef.current(media);
          patch(key, (item) => ({ ...base(item), state: 'done', mediaId: media.id }));
          const timer = setTimeout(() => {
            timers.current.delete(timer);
            remove(key);
          }, UPLOAD_DONE_REMOVAL_MS);
          timers.current.add(timer);
        },
        (error: unknown) => {
          patch(key, (item) => ({ ...base(item), state: 'error', reason: reasonOf(error), retryable: true }));
        },
      );
    },
    [draftId, upload, patch, remove],
  );

  /** Adds picked files; a type other than jpeg, png, gif or webp fails at once (no upload can fix it). */
  const add = useCallback(
    (picked: Iterable<File>) => {
      const added: UploadItem[] = [];
      const toStart: [string, File][] = [];
      for (const file of picked) {
        counter += 1;
        const key = `u${counter}`;
        const preview = createPreview(file);
        if (!isAllowedPhotoType(file.type)) {
          added.push({
            key,
            name: file.name,
            preview,
            state: 'error',
            reason: MESSAGES.invalidPhotoType,
            retryable: false,
          });
          continue;
        }
        files.current.set(key, file);
        added.push({ key, name: file.name, preview, state: 'uploading', progress: 0 });
        toStart.push([key, file]);
      }
      setItems((list) => [...list, ...added]);
      for (const [key, file] of toStart) start(key, file);
    },
    [start],
  );

  const retry = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      patch(key, (item) => ({
        key: item.key,
        name: item.name,
        preview: item.preview,
        state: 'uploading',
        progress: 0,
      }));
      start(key, file);
    },
    [patch, start],
  );

  return {
    items,
    add,
    retry,
    dismiss: remove,
    /** An upload is under way: the photo list must not be saved until it ends. */
    busy: items.some((item) => item.state === 'uploading'),
    /** Photos already in the draft whose upload item is still on screen (shown once, as the item). */
    shownAsItems: new Set(items.flatMap((item) => (item.state === 'done' ? [item.mediaId] : []))),
  };
}
