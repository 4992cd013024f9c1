import type { Draft, PublishDraftRequest, UpdateDraftRequest } from '@autoradar/contract';
import { buildPath } from '@autoradar/contract/build-path';
import { routes } from '@autoradar/contract/routes';
import { ErrorSchema } from '@autoradar/contract/errors';
import { UploadDraftMediaResponseSchema } from '@autoradar/contract/drafts';
import type { DraftMediaItem } from '@autoradar/core';
import { ApiError, readErrorBody } from '../../api/api-error';
import { call as appCall, type Call } from '../../api/client';
import { clearStoredToken, readStoredToken } from '../../api/token-storage';

// The listing calls of spec §7 (drafts; the reference data is api/reference.ts). Failures reach the caller as
// ApiError.

/** GET /api/drafts/create: the user's open draft, created on first entry. */
export async function fetchDraft(signal?: AbortSignal, call: Call = appCall): Promise<Draft> {
  return (await call(routes.drafts.create, { signal })).data;
}

/** PUT /api/drafts/:id: saves what the body carries (absent keeps, null clears); answers the stored draft. */
export function saveDraft(id: number, body: UpdateDraftRequest, call: Call = appCall) {
  return call(routes.drafts.update, { params: { id: String(id) }, body });
}

/** POST /api/drafts/:id/publish: saves the whole form and publishes it (PRO only; 403 otherwise). */
export function publishDraft(id: number, body: PublishDraftRequest, call: Call = appCall) {
  return call(routes.drafts.publish, { params: { id: String(id) }, body });
}

const JSON_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } as const;

function authHeaders(): Record<string, string> {
  const token = readStoredToken();
  return token ? { ...JSON_HEADERS, Authorization: `Bearer ${token}` } : { ...JSON_HEADERS };
}

/**
 * The save made while the page goes away (pagehide, a hidden tab, a closed Telegram window): `keepalive` lets the
 * request outlive the page, which ky cannot ask for. The answer, when the page is still there to read it, settles
 * the save like any other. Keepalive bodies are capped at 64 KB; a draft's fields are a few KB at most.
 */
export async function saveDraftOnLeave(id: number, body: UpdateDraftRequest): Promise<void> {
  let response: Response;
  try {
    response = await fetch(buildPath(routes.drafts.update.path, { id: String(id) }), {
      method: 'PUT',
      keepalive: true,
      headers: { ...authHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(null, null, { cause: error });
  }
  if (!response.ok) {
    if (response.status === 401) clearStoredToken();
    throw new ApiError(response.status, await readErrorBody(response));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export interface UploadHandle {
  done: Promise<DraftMediaItem & { id: number }>;
  abort: () => void;
}

/**
 * POST /api/drafts/media (multipart: file and draft_id) through XMLHttpRequest, because fetch reports no upload
 * progress. `onProgress` gets whole percents of the bytes sent; a failure rejects with an ApiError like the client's.
 */
export function uploadDraftPhoto(draftId: number, file: File, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<DraftMediaItem & { id: number }>((resolve, reject) => {
    xhr.open('POST', routes.drafts.uploadMedia.path);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.floor((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status === 201) {
        const parsed = UploadDraftMediaResponseSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data.data);
        else reject(new ApiError(xhr.status, null));
        return;
      }
      if (xhr.status === 401) clearStoredToken();
      const envelope = ErrorSchema.safeParse(body);
      reject(new ApiError(xhr.status, envelope.success ? envelope.data : null));
    });
    xhr.addEventListener('error', () => reject(new ApiError(null, null)));
    xhr.addEventListener('timeout', () => reject(new ApiError(null, null)));
    xhr.addEventListener('abort', () => reject(new DOMException('Загрузка отменена', 'AbortError')));
    const form = new FormData();
    form.append('draft_id', String(draftId));
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
