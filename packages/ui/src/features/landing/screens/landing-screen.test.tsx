import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../app/routes';
import { PlatformContext, type Platform } from '../../../platform';

const platform: Platform = { kind: 'web', openLink: () => {} };

const render = (path: string) =>
  renderToString(
    <PlatformContext.Provider value={platform}>
      <AppRoot appearance="light">
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </AppRoot>
    </PlatformContext.Provider>,
  );

/**
 * The page's HTML once its lazy screen has loaded: the first render starts the screen's import (renderToString
 * leaves a suspended boundary, `<!--$!-->`), later renders find it loaded.
 */
async function renderAt(path: string): Promise<string> {
  let html = render(path);
  for (let tries = 0; html.includes('<!--$!-->') && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    html = render(path);
  }
  return html;
}

describe('landing page', () => {
  let html = '';
  beforeAll(async () => {
    html = await renderAt('/');
  });

  it('names the product in the only h1', () => {
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toMatch(/<h1[^>]*>АвтоРадар<\/h1>/);
  });

  it('shows the first slogan and keeps the others out of the accessibility tree', () => {
    expect(html).toMatch(/<p[^>]*aria-hidden="false"[^>]*>Удобный поиск автомобилей и мотоциклов<\/p>/);
    expect(html).toMatch(/<p[^>]*aria-hidden="true"[^>]*>Мгновенные уведомления о новых автомобилях<\/p>/);
    expect(html).toMatch(/<p[^>]*aria-hidden="true"[^>]*>Осмотр автомобиля перед покупкой<\/p>/);
  });

  it('states the source count', () => {
    expect(html).toContain('Более 1\u00a0400 источников по всей России');
  });

  it('leads both buttons to search as real links', () => {
    expect(html).toMatch(/<a[^>]*href="\/search"[^>]*>(?:(?!<\/a>).)*Начать поиск/);
    expect(html).toMatch(/<a[^>]*href="\/search"[^>]*>(?:(?!<\/a>).)*Войти/);
    expect(html).not.toMatch(/<a[^>]*type="button"/);
  });

  it('has the AI hint and the three feature blocks as headings', () => {
    expect(html).toContain('ИИ-помощник');
    expect(html).not.toMatch(/<h[456][\s>]/);
    for (const title of ['Эксклюзивно', 'Первыми', 'Выгодно']) {
      expect(html).toMatch(new RegExp(`<h3[^>]*>${title}</h3>`));
    }
    expect(html).toContain('от 3\u00a0500\u00a0₽');
  });

  it('links the footer to the legal pages and contacts with the current year', () => {
    expect(html).toContain('href="/policy"');
    expect(html).toContain('href="/rules"');
    expect(html).toContain('href="/contacts"');
    expect(html).toContain(`© ${new Date().getFullYear()} АвтоРадар`);
  });
});

describe('unknown paths', () => {
  it('show «Страница не найдена» with a link home', async () => {
    const html = await renderAt('/no-such-page');
    expect(html).toMatch(/<h1[^>]*>Страница не найдена<\/h1>/);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>(?:(?!<\/a>).)*На главную/);
  });
});
