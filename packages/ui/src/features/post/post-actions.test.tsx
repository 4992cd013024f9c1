// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { Post } from '@autoradar/contract';
import { samplePost } from '@autoradar/contract/fixtures';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { createApiClient } from '../../api/client';
import { PlatformContext, type Platform } from '../../platform';
import { orderInspection } from './api';
import { AdminMenu } from './components/admin-menu';
import { InspectionDialog } from './components/inspection-dialog';
import { PostTopBar } from './components/post-top-bar';
import { ShareButton } from './components/share-button';
import { getEmbedSource } from './embed-source';
import { PostView } from './screens/post-screen';
import type { ShareEnvironment } from './share';

const web: Platform = { kind: 'web', openLink: () => {} };
const telegram: Platform = { ...web, kind: 'miniapp', backButton: { show() {}, hide() {}, onClick: () => () => {} } };

function wrap(children: React.ReactNode, platform: Platform = web) {
  return render(
    <Provider store={createStore()}>
      <PlatformContext.Provider value={platform}>
        <AppRoot appearance="light">
          <MemoryRouter initialEntries={['/posts/42']}>{children}</MemoryRouter>
        </AppRoot>
      </PlatformContext.Provider>
    </Provider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  localStorage.clear(); // the inspection dialog keeps unsent fields on the device
});

describe('inspection order', () => {
  function inspectionApi(answer: () => Response) {
    const sent: { url: string; body: Record<string, unknown> }[] = [];
    const { call } = createApiClient({
      baseUrl: 'http://app.test',
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        sent.push({ url: request.url, body: (await request.json()) as Record<string, unknown> });
        return answer();
      },
    });
    return { sent, send: (request: Parameters<typeof orderInspection>[0]) => orderInspection(request, call) };
  }

  it('shows the price from 3 500 ₽, requires a contact and counts the comment to 500', async () => {
    const api = inspectionApi(() => json(200, { ticket: '251126-500' }));
    wrap(<InspectionDialog open onOpenChange={() => {}} send={api.send} />);
    const dialog = await screen.findByRole('dialog', { name: 'Заказать осмотр' });
    expect(dialog.textContent).toMatch(/от 3\s500\s₽/);
    expect(dialog.textContent).toContain('0 / 500');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Комментарий (необязательно)'), 'После 18:00');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(screen.getByText('Поле обязательно для заполнения')).toBeTruthy();
    expect(screen.getByLabelText('Контакт для связи').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent).toEqual([]);
    expect(dialog.textContent).toContain('11 / 500');
  });

  it("sends the order to /api/tickets and shows the server's number", async () => {
    const api = inspectionApi(() => json(200, { ticket: '251126-500', message: 'Заявка отправлена!' }));
    wrap(<InspectionDialog open onOpenChange={() => {}} send={api.send} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Контакт для связи'), '+7 900 000-00-00');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Заявка отправлена!')).toBeTruthy();
    expect(screen.getByText('Номер заявки: 251126-500')).toBeTruthy();
    expect(api.sent[0]?.url).toBe('http://app.test/api/tickets');
    expect(api.sent[0]?.body).toMatchObject({ contacts: '+7 900 000-00-00', message: null });
  });

  it("a refusal shows the server's message and keeps the contact", async () => {
    const api = inspectionApi(() => json(429, { message: 'Слишком много запросов. Попробуйте позже' }));
    wrap(<InspectionDialog open onOpenChange={() => {}} send={api.send} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Контакт для связи'), '@buyer');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Слишком много запросов. Попробуйте позже');
    expect(screen.getByLabelText<HTMLInputElement>('Контакт для связи').value).toBe('@buyer');
  });
});

describe('admin menu', () => {
  it('asks to confirm, unpublishes, then reports it', async () => {
    const unpublish = vi.fn(() => Promise.resolve());
    const onUnpublished = vi.fn();
    wrap(<AdminMenu postId={42} onUnpublished={onUnpublished} unpublish={unpublish} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Действия администратора' }));
    await user.click(await screen.findByRole('button', { name: 'Снять с публикации' }));
    expect(screen.getByRole('dialog', { name: 'Снять объявление с публикации?' })).toBeTruthy();
    expect(unpublish).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Снять' }));
    await waitFor(() => expect(onUnpublished).toHaveBeenCalledTimes(1));
    expect(unpublish).toHaveBeenCalledWith(42);
  });

  it("shows the server's refusal and stays open", async () => {
    const unpublish = () => Promise.reject(new ApiError(403, { message: 'Недостаточно прав' }));
    const onUnpublished = vi.fn();
    wrap(<AdminMenu postId={42} onUnpublished={onUnpublished} unpublish={unpublish} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Действия администратора' }));
    await user.click(await screen.findByRole('button', { name: 'Снять с публикации' }));
    await user.click(screen.getByRole('button', { name: 'Снять' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Недостаточно прав');
    expect(onUnpublished).not.toHaveBeenCalled();
  });
});

describe('top bar', () => {
  it('on the web: back, favourite and the admin menu given', () => {
    wrap(<PostTopBar postId={42} adminMenu={<button type="button">меню</button>} />);
    expect(screen.getByRole('link', { name: /Назад/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Добавить в избранное' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'меню' })).toBeTruthy();
  });

  it('in Telegram: no back link (the native one does it), the favourite stays', () => {
    wrap(<PostTopBar postId={42} />, telegram);
    expect(screen.queryByRole('link', { name: /Назад/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Добавить в избранное' })).toBeTruthy();
  });
});

describe('source post', () => {
  const channelPost: Post = { ...samplePost, id: 77, channel: 'cars_msk', message_id: 1042, url: null };

  it('is a Telegram channel message or a VK wall post with its hash; own listings have none', () => {
    expect(getEmbedSource(channelPost)).toEqual({ kind: 'telegram', post: 'cars_msk/1042' });
    expect(getEmbedSource({ ...channelPost, channel: 'vk', vk_owner_id: -5, vk_post_id: 9, hash: 'ab12' })).toEqual({
      kind: 'vk',
      ownerId: -5,
      postId: 9,
      hash: 'ab12',
    });
    expect(getEmbedSource({ ...channelPost, channel: 'vk', vk_owner_id: -5, vk_post_id: 9, hash: null })).toBeNull();
    expect(getEmbedSource(samplePost)).toBeNull();
  });

  it('an external listing keeps our own photos and text when the widget script cannot load', async () => {
    // happy-dom refuses to load outside scripts, as a browser without internet fails them.
    wrap(
      <PostView
        state={{ kind: 'loaded', data: channelPost }}
        retry={() => {}}
        now={new Date('2025-06-15T10:00:00Z')}
        onOrderInspection={() => {}}
      />,
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Публикация в источнике' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Фото и видео' })).toBeTruthy();
    expect(screen.getByText('Один владелец, обслуживание у дилера.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти к объявлению' }).getAttribute('href')).toBe(
      'https://t.me/cars_msk/1042',
    );
    expect(screen.getByRole('button', { name: 'Заказать осмотр' })).toBeTruthy();
  });
});

describe("inside Telegram 'Заказать осмотр' is the main button", () => {
  it('shows on the main button, not on the page, and pressing it orders', async () => {
    const states: { text?: string; isVisible?: boolean }[] = [];
    let press = () => {};
    const withMainButton: Platform = {
      ...telegram,
      mainButton: {
        set: (state) => states.push(state),
        onClick: (cb) => {
          press = cb;
          return () => {};
        },
      },
    };
    const order = vi.fn();
    wrap(
      <PostView
        state={{ kind: 'loaded', data: samplePost }}
        retry={() => {}}
        now={new Date('2025-06-15T10:00:00Z')}
        onOrderInspection={order}
      />,
      withMainButton,
    );
    await waitFor(() => expect(states.at(-1)).toMatchObject({ text: 'Заказать осмотр', isVisible: true }));
    expect(screen.queryByRole('button', { name: 'Заказать осмотр' })).toBeNull();
    press();
    expect(order).toHaveBeenCalledTimes(1);
  });
});

describe('an unpublished listing', () => {
  it('offers no inspection: the car is no longer for sale', () => {
    wrap(
      <PostView
        state={{ kind: 'loaded', data: { ...samplePost, status: 'unpublished' } }}
        retry={() => {}}
        now={new Date('2025-06-15T10:00:00Z')}
        onOrderInspection={() => {}}
      />,
    );
    expect(screen.getByText(samplePost.title)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Заказать осмотр' })).toBeNull();
  });
});

describe('share (issue 13)', () => {
  const post = { id: 42, title: 'Toyota Camry, 2018' };
  function environment(platform: Platform, navigator: Partial<ShareEnvironment['navigator']> = {}) {
    const writeText = vi.fn((_text: string) => Promise.resolve());
    const clipboard = { writeText } as unknown as Clipboard;
    const env: ShareEnvironment = {
      platform,
      origin: 'https://autoradar.example',
      botUsername: 'autoradar_bot',
      miniappShortName: 'app',
      navigator: { clipboard, ...navigator },
    };
    return Object.assign(env, { writeText });
  }

  it("inside Telegram sends the mini-app link with startapp=post_<id> to Telegram's chat picker", async () => {
    const share = vi.fn();
    const env = environment({ ...telegram, share });
    wrap(<ShareButton post={post} environment={env} />, env.platform);
    fireEvent.click(screen.getByRole('button', { name: 'Поделиться' }));
    expect(share).toHaveBeenCalledWith('https://t.me/autoradar_bot/app?startapp=post_42', 'Toyota Camry, 2018');
    expect(env.writeText).not.toHaveBeenCalled();
  });

  it("uses the mini-app's short name the server tells the page (MINIAPP_SHORT_NAME), «app» when it does not", () => {
    const share = vi.fn();
    window.__APP_CONFIG__ = { botUsername: 'autoradar_bot', miniappShortName: 'radar' };
    try {
      wrap(<ShareButton post={post} />, { ...telegram, share });
      fireEvent.click(screen.getByRole('button', { name: 'Поделиться' }));
      expect(share).toHaveBeenLastCalledWith('https://t.me/autoradar_bot/radar?startapp=post_42', 'Toyota Camry, 2018');
      cleanup();
      window.__APP_CONFIG__ = { botUsername: 'autoradar_bot' };
      wrap(<ShareButton post={post} />, { ...telegram, share });
      fireEvent.click(screen.getByRole('button', { name: 'Поделиться' }));
      expect(share).toHaveBeenLastCalledWith('https://t.me/autoradar_bot/app?startapp=post_42', 'Toyota Camry, 2018');
    } finally {
      delete window.__APP_CONFIG__;
    }
  });

  it("on the web opens the system share sheet with the listing's page when the browser has one", async () => {
    const share = vi.fn(() => Promise.resolve());
    const env = environment(web, { share });
    wrap(<ShareButton post={post} environment={env} />);
    fireEvent.click(screen.getByRole('button', { name: 'Поделиться' }));
    expect(share).toHaveBeenCalledWith({ title: 'Toyota Camry, 2018', url: 'https://autoradar.example/posts/42' });
    expect(screen.queryByText('Ссылка на объявление скопирована')).toBeNull();
  });

  it('a closed share sheet is no error; a browser without one copies the link and says so in Russian', async () => {
    const cancelled = environment(web, { share: () => Promise.reject(new DOMException('closed', 'AbortError')) });
    wrap(<ShareButton post={post} environment={cancelled} />);
    fireEvent.click(screen.getByRole('button', { name: 'Поделиться' }));
    expect(cancelled.writeText).not.toHaveBeenCalled();
    cleanup();

    const env = environment(web);
    wrap(<ShareButton post={post} environment={env} />);
    fireEvent.click(screen.getByRole('button', { name: 'Поделиться' }));
    expect(env.writeText).toHaveBeenCalledWith('https://autoradar.example/posts/42');
    expect(await screen.findByText('Ссылка на объявление скопирована')).toBeTruthy();
  });

  it('says so when the link cannot be copied', async () => {
    const env = environment(web);
    env.writeText.mockRejectedValue(new Error('denied'));
    wrap(<ShareButton post={post} environment={env} />);
    fireEvent.click(screen.getByRole('button', { name: 'Поделиться' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Не удалось скопировать ссылку');
  });

  it('shows in the top bar once the listing is loaded', () => {
    wrap(<PostTopBar postId={42} title="Toyota Camry, 2018" />);
    expect(screen.getByRole('button', { name: 'Поделиться' })).toBeTruthy();
    cleanup();
    wrap(<PostTopBar />);
    expect(screen.queryByRole('button', { name: 'Поделиться' })).toBeNull();
  });
});
