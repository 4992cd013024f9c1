// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformContext, type Platform } from '../../platform';
import { supportChannels } from './documents/document';
import { privacyPolicy } from './documents/policy';
import { serviceRules } from './documents/rules';
import { ContactsScreen } from './screens/contacts-screen';
import { PolicyScreen } from './screens/policy-screen';

const details = {
  appName: 'АвтоРадар',
  operatorName: 'ИП Иванов Иван Иванович, ИНН 771234567890',
  site: 'autoradar.test',
  supportTelegram: 'autoradar_help',
  supportEmail: 'help@autoradar.test',
};

const textOf = (document: ReturnType<typeof privacyPolicy>) =>
  [...document.intro, ...document.sections.flatMap((s) => [s.title, ...s.blocks.flat()])].join('\n');

afterEach(() => {
  cleanup();
  delete window.__APP_CONFIG__;
});

describe('privacy policy (152-FZ)', () => {
  const text = textOf(privacyPolicy(details));

  it('names the operator and every kind of data the product holds', () => {
    expect(text).toContain('Оператор персональных данных — ИП Иванов Иван Иванович, ИНН 771234567890');
    for (const held of [
      'идентификатор пользователя Telegram',
      'имя пользователя (ник)',
      'фотографию профиля',
      'адрес электронной почты',
      'фотографии',
      'записи о платежах',
      'мы их не получаем и не храним',
    ])
      expect(text).toContain(held);
  });

  it('says why, how long, and how to have the data deleted through the configured contacts', () => {
    expect(text).toContain('3. Зачем мы их обрабатываем');
    expect(text).toContain('не дольше 30 дней');
    expect(text).toContain('5 лет');
    expect(text).toContain(
      'напишите через форму «Поддержка» в меню сервиса, в Telegram @autoradar_help или по электронной почте help@autoradar.test',
    );
  });

  it('without a messenger or mailbox configured, points to the support form alone', () => {
    expect(supportChannels({ ...details, supportTelegram: undefined, supportEmail: undefined })).toBe(
      'через форму «Поддержка» в меню сервиса',
    );
  });
});

describe('rules', () => {
  it('say what may and may not be published', () => {
    const text = textOf(serviceRules(details));
    expect(text).toContain('3. Что можно публиковать');
    expect(text).toContain('4. Что публиковать нельзя');
    expect(text).toContain('автомобили в угоне');
    expect(text).toMatch(/Тариф PRO стоит 1\s000\s₽ в месяц/);
  });
});

function renderScreen(children: React.ReactNode, platform: Platform = { kind: 'web', openLink: () => {} }) {
  return render(
    <PlatformContext.Provider value={platform}>
      <AppRoot appearance="light">
        <MemoryRouter>{children}</MemoryRouter>
      </AppRoot>
    </PlatformContext.Provider>,
  );
}

describe('info screens', () => {
  it('the policy page reads the operator from the server configuration', () => {
    window.__APP_CONFIG__ = { appName: 'АвтоРадар', operatorName: 'ООО «Радар»' };
    renderScreen(<PolicyScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' })).toBeTruthy();
    expect(screen.getByText(/Оператор персональных данных — ООО «Радар»/)).toBeTruthy();
    expect(screen.getByText('Редакция от 25 ноября 2026 г.')).toBeTruthy();
  });

  it('contacts: support links open through the platform, the form opens the support dialog', async () => {
    window.__APP_CONFIG__ = {
      appName: 'АвтоРадар',
      supportTelegram: 'autoradar_help',
      supportEmail: 'help@autoradar.test',
    };
    const openLink = vi.fn();
    renderScreen(<ContactsScreen />, { kind: 'miniapp', openLink });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: '@autoradar_help' }));
    expect(openLink).toHaveBeenCalledWith('https://t.me/autoradar_help');
    expect(screen.getByRole('link', { name: 'help@autoradar.test' }).getAttribute('href')).toBe(
      'mailto:help@autoradar.test',
    );
    expect(screen.getByRole('link', { name: 'Политика конфиденциальности' }).getAttribute('href')).toBe('/policy');
    expect(screen.getByRole('link', { name: 'Правила сервиса' }).getAttribute('href')).toBe('/rules');
    await user.click(screen.getByRole('button', { name: 'Написать в поддержку' }));
    expect(await screen.findByRole('dialog', { name: 'Поддержка' })).toBeTruthy();
  });
});
