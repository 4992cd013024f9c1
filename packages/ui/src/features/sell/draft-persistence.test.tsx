// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Draft } from '@autoradar/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyForm, type ListingForm } from './listing-form';
import { mergeDraft, readLocalDraft, writeLocalDraft, type LocalDraft } from './local-draft';
import { emptyDraft, installFakeApi, proUser, renderEditor } from './testing';

// The promise of this screen: what the user typed is never lost (a reload, a crash, a closed Telegram window).

const NBSP = '\u00a0';
const KEY = `autoradar:listing-draft:${proUser.id}`;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const photo = (id: number, main = false) => ({ id, src: `/media/drafts/9/${id}.jpg`, main });

function localCopy(changes: Omit<Partial<LocalDraft>, 'form'> & { form?: Partial<ListingForm> }): LocalDraft {
  return {
    version: 1,
    draftId: 9,
    pending: [],
    media: [],
    mediaPending: false,
    removedMedia: [],
    ...changes,
    form: { ...emptyForm(), ...changes.form },
  };
}

describe('merging the device copy with the server draft', () => {
  const server: Draft = {
    ...emptyDraft,
    year: 2017,
    city: 'Москва',
    price: 1_000_000,
    media: [photo(1, true), photo(2), photo(3)],
    contacts: [{ id: 4, type: 'phone', value: '+7 900 000-00-00' }],
  };

  it('takes the server draft as it is when the device has no copy', () => {
    const merged = mergeDraft(server, null);
    expect(merged.form).toMatchObject({ year: 2017, city: 'Москва', price: 1_000_000 });
    expect(merged.form.contacts.map((c) => c.value)).toEqual(['+7 900 000-00-00']);
    expect(merged.pending.size).toBe(0);
    expect(merged.media).toEqual(server.media);
  });

  it('ignores a copy of another draft (that one was published meanwhile)', () => {
    const merged = mergeDraft(server, localCopy({ draftId: 8, pending: ['city'], form: { city: 'Казань' } }));
    expect(merged.form.city).toBe('Москва');
    expect(merged.pending.size).toBe(0);
  });

  it('keeps what the device typed and the server never confirmed; confirmed fields come from the server', () => {
    const merged = mergeDraft(
      server,
      localCopy({ pending: ['city', 'description'], form: { city: 'Казань', description: 'Не бита', year: 2010 } }),
    );
    // city and description were typed after the last save: the device wins.
    expect(merged.form.city).toBe('Казань');
    expect(merged.form.description).toBe('Не бита');
    // year was confirmed: the server's (perhaps edited on another device) wins.
    expect(merged.form.year).toBe(2017);
    expect([...merged.pending].sort()).toEqual(['city', 'description']);
  });

  it('replays unconfirmed photo changes on the server list: removed stay removed, the chosen main stays main', () => {
    const merged = mergeDraft(
      server,
      localCopy({ media: [photo(3, true), photo(2)], mediaPending: true, removedMedia: [1] }),
    );
    expect(merged.media).toEqual([photo(3, true), photo(2)]);
    expect(merged.mediaPending).toBe(true);

    // Removing the main photo without choosing another: the first remaining becomes main (core draft-media).
    const second = mergeDraft(
      server,
      localCopy({ media: [photo(2), photo(3)], mediaPending: true, removedMedia: [1] }),
    );
    expect(second.media).toEqual([photo(2, true), photo(3)]);

    // A photo the device never saw (uploaded elsewhere) is kept.
    const withNew = mergeDraft(
      { ...server, media: [...server.media, photo(4)] },
      localCopy({ media: [photo(2, true), photo(3)], mediaPending: true, removedMedia: [1] }),
    );
    expect(withNew.media.map((m) => m.id)).toEqual([2, 3, 4]);
  });

  it('reads a damaged or foreign copy as nothing rather than breaking the form', () => {
    localStorage.setItem(KEY, '{not json');
    expect(readLocalDraft(proUser.id)).toBeNull();
    localStorage.setItem(KEY, JSON.stringify({ version: 2, draftId: 9 }));
    expect(readLocalDraft(proUser.id)).toBeNull();
    localStorage.setItem(
      KEY,
      JSON.stringify({
        version: 1,
        draftId: 9,
        form: { year: 'x', city: 7, contacts: [{ type: 'fax' }] },
        pending: ['year', 'nope'],
      }),
    );
    const copy = readLocalDraft(proUser.id)!;
    expect(copy.form.year).toBeNull();
    expect(copy.form.city).toBe('');
    expect(copy.form.contacts).toHaveLength(1);
    expect(copy.pending).toEqual(['year']);
  });
});

describe('the form saves as the user types', () => {
  it('writes every keystroke to the device, then saves only the changed fields after a pause', async () => {
    const api = installFakeApi({ ...emptyDraft, year: 2015 });
    const user = userEvent.setup();
    renderEditor({ draft: { ...emptyDraft, year: 2015 } });
    await user.click(await screen.findByLabelText('Город'));
    await user.paste('Казань');
    // On the device at once, before any save.
    expect(readLocalDraft(proUser.id)).toMatchObject({ draftId: 9, pending: ['city'], form: { city: 'Казань' } });
    expect(api.saves()).toHaveLength(0);

    await waitFor(() => expect(api.saves()).toHaveLength(1), { timeout: 3000 });
    expect(api.saves()[0]).toMatchObject({ path: '/api/drafts/9', body: { city: 'Казань' } });
    expect(api.saves()[0]!.authorization).toBe('Bearer test-token');
    await waitFor(() => expect(readLocalDraft(proUser.id)!.pending).toEqual([]));
    expect(screen.getByText('Черновик сохранён')).toBeTruthy();
  });

  it('holds back a value the API would refuse, and saves the rest', async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByLabelText('Год выпуска'));
    await user.paste('18');
    await user.click(screen.getByLabelText('Цена, ₽'));
    await user.paste('990000');
    await waitFor(() => expect(api.saves().at(-1)?.body).toEqual({ price: 990_000 }), { timeout: 3000 });
    expect(api.saves().some((save) => 'year' in (save.body as object))).toBe(false);
    // The half-typed year stays on the device, waiting, once the price's save has come back.
    await waitFor(() => expect(readLocalDraft(proUser.id)).toMatchObject({ pending: ['year'], form: { year: 18 } }));
    expect(await screen.findByText('Черновик сохранён на этом устройстве')).toBeTruthy();
  });

  it('sends what is unsaved with keepalive when the page is hidden or left', async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByLabelText('Город'));
    await user.paste('Сочи');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(api.saves()[0]).toMatchObject({
      body: { city: 'Сочи' },
      keepalive: true,
      authorization: 'Bearer test-token',
    });
  });

  it('after a reload shows every field and photo, the unsaved ones from the device, and sends them', async () => {
    // The server got the photos and the price before the crash; the city and description never reached it.
    const server: Draft = { ...emptyDraft, price: 1_500_000, media: [photo(1, true), photo(2)] };
    writeLocalDraft(
      proUser.id,
      localCopy({
        pending: ['city', 'description'],
        form: { price: 1_500_000, city: 'Казань', description: 'Зимняя резина в подарок' },
        media: [photo(1, true), photo(2)],
      }),
    );
    const api = installFakeApi(server);
    renderEditor({ draft: server });
    expect((await screen.findByLabelText<HTMLInputElement>('Город')).value).toBe('Казань');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Описание').value).toBe('Зимняя резина в подарок');
    expect(screen.getByLabelText<HTMLInputElement>('Цена, ₽').value).toBe(`1${NBSP}500${NBSP}000`);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      '/media/drafts/9/1.jpg',
      '/media/drafts/9/2.jpg',
    ]);
    await waitFor(() => expect(api.saves()).toHaveLength(1), { timeout: 3000 });
    expect(api.saves()[0]!.body).toEqual({ city: 'Казань', description: 'Зимняя резина в подарок' });
  });

  it('a save without an answer keeps everything on the device and says so', async () => {
    const api = installFakeApi(undefined, (r) => (r.method === 'PUT' ? 'network' : undefined));
    const user = userEvent.setup();
    renderEditor();
    await user.type(await screen.findByLabelText('Город'), 'Пермь');
    await screen.findByText(/Нет связи: черновик сохранён на этом устройстве/, undefined, { timeout: 3000 });
    expect(api.saves().length).toBeGreaterThan(0);
    expect(readLocalDraft(proUser.id)).toMatchObject({ pending: ['city'], form: { city: 'Пермь' } });
  });
});

describe('the VIN (issue 33)', () => {
  const VIN_LABEL = 'VIN (необязательно)';

  it('saves a valid VIN and keeps it on the device; a bad one is held back with the core message', async () => {
    const api = installFakeApi();
    const user = userEvent.setup();
    renderEditor();
    const field = await screen.findByLabelText<HTMLInputElement>(VIN_LABEL);
    await user.click(field);
    await user.paste('XTA210990O2765437');
    await user.tab();
    expect(await screen.findByText('Некорректный VIN')).toBeTruthy();
    expect(readLocalDraft(proUser.id)).toMatchObject({ pending: ['vin'], form: { vin: 'XTA210990O2765437' } });

    await user.clear(field);
    await user.paste('xta210990y2765437');
    await waitFor(() => expect(api.saves().at(-1)?.body).toEqual({ vin: 'xta210990y2765437' }), { timeout: 3000 });
    expect(api.saves().some((save) => (save.body as { vin?: string }).vin === 'XTA210990O2765437')).toBe(false);
    expect(screen.queryByText('Некорректный VIN')).toBeNull();
  });

  it('is shown again after a reload, from the device when the server never got it', async () => {
    writeLocalDraft(proUser.id, localCopy({ pending: ['vin'], form: { vin: 'Z94CB41AACR123456' } }));
    const api = installFakeApi();
    renderEditor();
    expect((await screen.findByLabelText<HTMLInputElement>(VIN_LABEL)).value).toBe('Z94CB41AACR123456');
    await waitFor(() => expect(api.saves()).toHaveLength(1), { timeout: 3000 });
    expect(api.saves()[0]!.body).toEqual({ vin: 'Z94CB41AACR123456' });
  });

  it('comes from the server draft, and a copy written before the field existed reads as empty', () => {
    expect(mergeDraft({ ...emptyDraft, vin: 'XTA210990Y2765437' }, null).form.vin).toBe('XTA210990Y2765437');
    localStorage.setItem(
      KEY,
      JSON.stringify({ version: 1, draftId: 9, form: { city: 'Казань' }, pending: [], media: [], removedMedia: [] }),
    );
    expect(readLocalDraft(proUser.id)!.form).toMatchObject({ city: 'Казань', vin: '' });
  });
});
