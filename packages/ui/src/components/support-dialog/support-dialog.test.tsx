// @vitest-environment happy-dom
import { useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { TICKET_NUMBER_PATTERN } from '@autoradar/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client';
import { PlatformContext, type Platform } from '../../platform';
import { sendSupportRequest } from './api';
import { SupportDialog } from './support-dialog';
import { buildTicketRequest } from './ticket-form';

const platform: Platform = { kind: 'web', openLink: () => {} };
const now = new Date('2025-06-15T10:00:00Z');

interface Sent {
  url: string;
  body: Record<string, unknown>;
}

/** A fake API at the HTTP boundary: records what the client sends and answers as told. */
function fakeApi(answer: (body: Record<string, unknown>) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const { call } = createApiClient({
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ url: request.url, body });
      return answer(body);
    },
    baseUrl: 'http://app.test',
  });
  return { sent, send: (request: Parameters<typeof sendSupportRequest>[0]) => sendSupportRequest(request, call) };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function Harness({ send }: { send: ReturnType<typeof fakeApi>['send'] }) {
  const [open, setOpen] = useState(true);
  return (
    <PlatformContext.Provider value={platform}>
      <AppRoot appearance="light">
        <MemoryRouter>
          <button type="button" onClick={() => setOpen(true)}>
            Открыть
          </button>
          <SupportDialog open={open} onOpenChange={setOpen} send={send} now={() => now} />
        </MemoryRouter>
      </AppRoot>
    </PlatformContext.Provider>
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  delete window.__APP_CONFIG__;
});

describe('ticket number (spec §3)', () => {
  it('is built on the client from the date and a random part, and sent with the page address', () => {
    const request = buildTicketRequest({ message: '  Не грузится лента  ', contacts: '   ' }, now, 'http://x/search');
    expect(request.ticket).toMatch(TICKET_NUMBER_PATTERN);
    expect(request.ticket.startsWith('15625-')).toBe(true);
    const suffix = Number(request.ticket.split('-')[1]);
    expect(suffix).toBeGreaterThanOrEqual(100);
    expect(suffix).toBeLessThanOrEqual(999);
    expect(request).toMatchObject({ message: 'Не грузится лента', contacts: null, url: 'http://x/search' });
  });
});

describe('support dialog', () => {
  it('is titled «Поддержка» with both fields, the counter and the policy and rules in a new tab', async () => {
    window.__APP_CONFIG__ = { supportTelegram: '@autoradar_help', supportEmail: 'help@example.ru' };
    render(<Harness send={fakeApi(() => json(200, { ticket: '1' })).send} />);
    const dialog = await screen.findByRole('dialog', { name: 'Поддержка' });
    expect(screen.getByLabelText('Опишите проблему')).toBeTruthy();
    expect(screen.getByLabelText('Контактные данные (необязательно)')).toBeTruthy();
    expect(dialog.textContent).toContain('0 / 500');
    const policy = screen.getByRole('link', { name: 'политикой конфиденциальности' });
    expect(policy.getAttribute('href')).toBe('/policy');
    expect(policy.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'правилами сервиса' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Написать в Telegram: @autoradar_help' }).getAttribute('href')).toBe(
      'https://t.me/autoradar_help',
    );
    expect(screen.getByRole('link', { name: 'Почта: help@example.ru' }).getAttribute('href')).toBe(
      'mailto:help@example.ru',
    );
  });

  it('hides the messenger link when none is configured', async () => {
    render(<Harness send={fakeApi(() => json(200, { ticket: '1' })).send} />);
    await screen.findByRole('dialog', { name: 'Поддержка' });
    expect(screen.queryByText(/Написать в Telegram/)).toBeNull();
  });

  it('asks for the message and sends nothing while it is empty', async () => {
    const api = fakeApi(() => json(200, { ticket: '1' }));
    render(<Harness send={api.send} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Контактные данные (необязательно)'), 'ivan@example.ru');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(screen.getByText('Поле обязательно для заполнения')).toBeTruthy();
    expect(screen.getByLabelText('Опишите проблему').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent).toEqual([]);
  });

  it('counts past 500 without cutting the text', async () => {
    render(<Harness send={fakeApi(() => json(200, { ticket: '1' })).send} />);
    const field = await screen.findByLabelText<HTMLTextAreaElement>('Опишите проблему');
    const user = userEvent.setup();
    await user.click(field);
    await user.paste('а'.repeat(503));
    expect(field.value).toHaveLength(503);
    expect(screen.getByText('503 / 500')).toBeTruthy();
  });

  it('sends, shows a loading button, then «Заявка отправлена!» with the server number and clears the form', async () => {
    let release: (r: Response) => void = () => {};
    const api = fakeApi(() => new Promise<Response>((resolve) => (release = resolve)));
    render(<Harness send={api.send} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Опишите проблему'), 'Не приходят уведомления');
    await user.type(screen.getByLabelText('Контактные данные (необязательно)'), '@ivan');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));

    await waitFor(() => expect(api.sent).toHaveLength(1));
    const sending = screen.getByRole('button', { name: /Отправить/ });
    expect(sending.getAttribute('aria-busy')).toBe('true');
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    const { body, url } = api.sent[0]!;
    expect(url).toBe('http://app.test/api/support');
    expect(body).toMatchObject({ message: 'Не приходят уведомления', contacts: '@ivan', url: window.location.href });
    expect(String(body['ticket'])).toMatch(/^15625-\d{3}$/);

    release(json(200, { ticket: '15625-777', message: 'Заявка отправлена!' }));
    expect(await screen.findByText('Заявка отправлена!')).toBeTruthy();
    expect(screen.getByText('Номер заявки: 15625-777')).toBeTruthy();
    expect(screen.getByText('Мы свяжемся с вами в ближайшее время.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    expect((await screen.findByLabelText<HTMLTextAreaElement>('Опишите проблему')).value).toBe('');
  });

  it("a failure shows the server's message and keeps what was typed; sending again succeeds", async () => {
    const answers = [
      json(422, { message: 'Слишком много заявок, попробуйте позже' }),
      json(200, { ticket: '15625-101' }),
    ];
    const api = fakeApi(() => answers.shift()!);
    render(<Harness send={api.send} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Опишите проблему'), 'Ошибка оплаты');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Слишком много заявок, попробуйте позже');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Опишите проблему').value).toBe('Ошибка оплаты');

    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Номер заявки: 15625-101')).toBeTruthy();
    expect(api.sent).toHaveLength(2);
  });

  it("without the server's message: «Ошибка при отправке формы»", async () => {
    const api = fakeApi(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    render(<Harness send={api.send} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Опишите проблему'), 'Не открывается объявление');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ошибка при отправке формы');
  });

  it('closing with cancel keeps the draft for the next opening', async () => {
    render(<Harness send={fakeApi(() => json(200, { ticket: '1' })).send} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Опишите проблему'), 'Черновик');
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    expect((await screen.findByLabelText<HTMLTextAreaElement>('Опишите проблему')).value).toBe('Черновик');
  });

  it('a reload or a closed window loses nothing typed; a sent request leaves nothing behind', async () => {
    const api = fakeApi(() => json(200, { ticket: '15625-7' }));
    const first = render(<Harness send={api.send} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Опишите проблему'), 'Не приходит письмо');
    await user.type(screen.getByLabelText('Контактные данные (необязательно)'), '@ivan');
    first.unmount(); // the page is gone: a reload, a crash, Telegram closed

    render(<Harness send={api.send} />);
    expect((await screen.findByLabelText<HTMLTextAreaElement>('Опишите проблему')).value).toBe('Не приходит письмо');
    expect(screen.getByLabelText<HTMLInputElement>('Контактные данные (необязательно)').value).toBe('@ivan');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Номер заявки: 15625-7')).toBeTruthy();
    expect(api.sent[0]!.body).toMatchObject({ message: 'Не приходит письмо', contacts: '@ivan' });
    cleanup();

    render(<Harness send={api.send} />);
    expect((await screen.findByLabelText<HTMLTextAreaElement>('Опишите проблему')).value).toBe('');
  });
});
