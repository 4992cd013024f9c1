import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import type { Post } from '@autoradar/contract';
import { samplePost } from '@autoradar/contract/fixtures';
import { describe, expect, it } from 'vitest';
import { PlatformContext, type Platform } from '../../../platform';
import type { CallState } from '../../../api/atom-with-call';
import { PostScreen, PostView } from './post-screen';

const web: Platform = { kind: 'web', openLink: () => {} };
const telegram: Platform = { ...web, kind: 'miniapp', backButton: { show() {}, hide() {}, onClick: () => () => {} } };
const now = new Date('2025-06-15T10:00:00.000Z');

function wrap(children: React.ReactNode, platform: Platform = web): string {
  return renderToStaticMarkup(
    <PlatformContext.Provider value={platform}>
      <AppRoot appearance="light">
        <MemoryRouter>{children}</MemoryRouter>
      </AppRoot>
    </PlatformContext.Provider>,
  );
}

const view = (state: CallState<Post>) => wrap(<PostView state={state} retry={() => {}} now={now} />);

const telegramPost: Post = {
  ...samplePost,
  id: 77,
  channel: 'autoradar_msk',
  message_id: 1042,
  url: null,
  text: '<p>Срочно!</p><script>alert(1)</script>',
};

describe('listing page', () => {
  it('shows a loading state first', () => {
    expect(view({ kind: 'loading' })).toContain('Загружаем объявление…');
  });

  it('an own listing: photos with thumbnails, title, price in roubles, year, mileage, city, time ago and the text', () => {
    const html = view({ kind: 'loaded', data: samplePost });
    expect(html).toContain('src="/media/42/1.jpg"');
    expect(html).toContain('src="/media/42/1_sm.jpg"'); // the photo's thumbnail
    expect(html).toContain('aria-label="Показать 2 из 2"');
    expect(html).toMatch(/<h1[^>]*>Toyota Camry 2\.5 AT, 2018<\/h1>/);
    expect(html).toContain('2\u00a0350\u00a0000\u00a0₽');
    expect(html).toContain('2018');
    expect(html).toContain('87\u00a0000\u00a0км');
    expect(html).toContain('Казань');
    expect(html).toContain('30 минут назад');
    expect(html).toContain('<p>Один владелец, обслуживание у дилера.</p>');
    expect(html).not.toContain('Перейти к объявлению');
  });

  it('an external listing: its text, made safe, and a button to the Telegram message', () => {
    const html = view({ kind: 'loaded', data: telegramPost });
    expect(html).toContain('<p>Срочно!</p>');
    expect(html).not.toContain('<script');
    expect(html).toMatch(/<a[^>]*href="https:\/\/t\.me\/autoradar_msk\/1042"[^>]*>(?:(?!<\/a>).)*Перейти к объявлению/);
  });

  it('a 404 shows the API message with a link home', () => {
    const html = view({ kind: 'failed', status: 404, message: 'Объявление не найдено или снято с публикации' });
    expect(html).toContain('Объявление не найдено или снято с публикации');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>(?:(?!<\/a>).)*На главную/);
    expect(html).not.toContain('Повторить');
  });

  it('another failure shows its message and offers a retry', () => {
    const html = view({ kind: 'failed', status: 500, message: 'Внутренняя ошибка сервера' });
    expect(html).toContain('Внутренняя ошибка сервера');
    expect(html).toMatch(/<button[^>]*>(?:(?!<\/button>).)*Повторить/);
    expect(html).not.toContain('На главную');
  });

  it('a connection problem offers a retry', () => {
    const html = view({ kind: 'offline' });
    expect(html).toContain('Проблемы с соединением. Проверьте интернет');
    expect(html).toMatch(/<button[^>]*>(?:(?!<\/button>).)*Повторить/);
  });

  it("has a back link on the web and leaves back to Telegram's own button in the mini-app", () => {
    const at = (platform: Platform) =>
      renderToStaticMarkup(
        <PlatformContext.Provider value={platform}>
          <AppRoot appearance="light">
            <MemoryRouter initialEntries={['/posts/42']}>
              <Routes>
                <Route path="posts/:id" element={<PostScreen />} />
              </Routes>
            </MemoryRouter>
          </AppRoot>
        </PlatformContext.Provider>,
      );
    expect(at(web)).toMatch(/<a[^>]*class="post-top-bar__back"[^>]*>.*Назад/);
    expect(at(web)).toContain('Загружаем объявление…');
    expect(at(telegram)).not.toContain('post-top-bar__back');
  });
});
