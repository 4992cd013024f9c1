// Test support for the sell feature's component tests: a fake API at the HTTP boundary (the global fetch the API
// client and the leave-save use) and the editor rendered as the app renders it.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { Draft, User } from '@autoradar/contract';
import {
  sampleBrand,
  sampleCity,
  sampleConfiguration,
  sampleGeneration,
  sampleModel,
  sampleUser,
} from '@autoradar/contract/fixtures';
import { vi } from 'vitest';
import { PATHS } from '../../paths';
import { PlatformContext, type Platform } from '../../platform';
import { ListingEditor } from './components/listing-editor';
import { EMPTY_DRAFT } from './draft-state';
import type { UploadFn } from './hooks/use-uploads';

export const TOKEN = 'test-token';
export const platform: Platform = { kind: 'web', openLink: () => {} };

export const emptyDraft: Draft = { ...EMPTY_DRAFT, id: 9 };

/** PRO until far in the future; `basicUser` has no tariff. */
export const proUser: User = { ...sampleUser, id: 501, is_pro: true, pro_expired: '2099-01-01T00:00:00.000Z' };
export const basicUser: User = { ...sampleUser, id: 502, is_pro: false, pro_expired: null };

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  keepalive: boolean;
  authorization: string | null;
}

type Answer = Response | 'network';
export type Responder = (request: SentRequest) => Answer | undefined | Promise<Answer | undefined>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Installs a fake API on the global fetch: reference lists of one brand, one model, one generation and one body
 * type; drafts saved into `stored` as the API does (absent keeps, null clears). `respond` may answer first.
 */
export function installFakeApi(initial: Draft = emptyDraft, respond?: Responder) {
  const sent: SentRequest[] = [];
  const stored: Draft = structuredClone(initial);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? new Request(input, init)
        : new Request(new URL(String(input), 'http://app.test'), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const entry: SentRequest = {
      method: request.method,
      path: url.pathname + url.search,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      keepalive: init?.keepalive === true || (input instanceof Request && input.keepalive === true),
      authorization: request.headers.get('Authorization'),
    };
    sent.push(entry);
    const custom = await respond?.(entry);
    if (custom === 'network') throw new TypeError('Failed to fetch');
    if (custom) return custom;

    if (url.pathname === '/api/brands') return json(200, { data: [sampleBrand] });
    if (url.pathname === '/api/models') return json(200, { data: [sampleModel] });
    if (url.pathname === `/api/models/${sampleModel.id}/generations`) return json(200, { data: [sampleGeneration] });
    if (url.pathname === `/api/models/${sampleModel.id}/configurations`)
      return json(200, { data: [sampleConfiguration] });
    if (url.pathname === '/api/addresses') return json(200, { data: [sampleCity] });
    if (url.pathname === '/api/car-data') return json(200, { brand: sampleBrand, model: sampleModel });
    if (url.pathname === `/api/drafts/${stored.id}` && request.method === 'PUT') {
      const body = entry.body as Record<string, unknown>;
      for (const [key, value] of Object.entries(body)) {
        if (key === 'contacts')
          stored.contacts = (value as { type: Draft['contacts'][number]['type']; value: string }[]).map((c, i) => ({
            id: i + 1,
            ...c,
          }));
        else if (key === 'media') {
          const kept = value as { id: number; main: boolean }[];
          stored.media = kept.flatMap((k) => {
            const found = stored.media.find((m) => m.id === k.id);
            return found ? [{ ...found, main: k.main }] : [];
          });
        } else (stored as unknown as Record<string, unknown>)[key] = value;
      }
      return json(200, { data: stored, message: 'Черновик сохранён' });
    }
    if (url.pathname === `/api/drafts/${stored.id}/publish`)
      return json(200, { post_id: 77, message: 'Объявление успешно опубликовано' });
    return json(404, { message: 'Не найдено' });
  });
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('autoradar:token', TOKEN);
  return { sent, stored, saves: () => sent.filter((r) => r.method === 'PUT') };
}

function PostStub() {
  const { id } = useParams();
  return <p>Страница объявления {id}</p>;
}

export interface RenderOptions {
  draft?: Draft | null;
  user?: User;
  upload?: UploadFn;
}

/** What renderEditor returns: the rendered screen, its store and the element (to render again). */
export type EditorView = RenderResult & { store: ReturnType<typeof createStore>; view: ReactElement };

/** The editor inside the app's providers, on /new, with /pay and /posts/:id to land on. */
export function renderEditor({ draft = emptyDraft, user = proUser, upload }: RenderOptions = {}): EditorView {
  const store = createStore();
  const view = (
    <Provider store={store}>
      <PlatformContext.Provider value={platform}>
        <AppRoot appearance="light" className="app-root">
          <MemoryRouter initialEntries={[PATHS.newListing]}>
            <Routes>
              <Route
                path={PATHS.newListing}
                element={<ListingEditor draft={draft} user={user} {...(upload ? { upload } : {})} />}
              />
              <Route path={PATHS.pay} element={<p>Страница оплаты</p>} />
              <Route path={PATHS.post} element={<PostStub />} />
            </Routes>
          </MemoryRouter>
        </AppRoot>
      </PlatformContext.Provider>
    </Provider>
  );
  return { ...render(view), store, view };
}
