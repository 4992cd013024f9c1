// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Prompt } from '@autoradar/contract';
import { describe, expect, it } from 'vitest';
import { fakeApi, setUpScreenTests, testPartner, json, renderAt, type SeenRequest } from '../testing/screen-tests';
import { PromptCreateScreen, PromptEditScreen } from './prompt-form-screen';
import { PromptsScreen } from './prompts-screen';

const prompt = (id: number, key: string, position: number): Prompt => ({
  id,
  key,
  title: `Заголовок ${key}`,
  text: `Текст ${key}`,
  position,
});

/** A partner's prompts as the API keeps them: ordered by position, changed by PUT, removed by DELETE. */
function promptsApi(initial: Prompt[], options: { failPut?: boolean; failDelete?: boolean } = {}) {
  let stored = [...initial];
  const sorted = () => [...stored].sort((a, b) => a.position - b.position || a.id - b.id);
  const requests = fakeApi(async ({ method, path, request }: SeenRequest) => {
    if (path === '/api/partners/2') return json(200, { data: testPartner });
    if (method === 'GET' && path === '/api/partners/2/prompts') return json(200, { data: sorted() });
    const match = /^\/api\/partners\/2\/prompts\/(\d+)$/.exec(path);
    if (match && method === 'PUT') {
      if (options.failPut) return json(500, { message: 'Внутренняя ошибка сервера' });
      const body = (await request.json()) as Prompt;
      const id = Number(match[1]);
      stored = stored.map((item) => (item.id === id ? { ...item, ...body, id } : item));
      return json(200, { data: stored.find((item) => item.id === id) });
    }
    if (match && method === 'DELETE') {
      if (options.failDelete) return json(500, { message: 'Внутренняя ошибка сервера' });
      stored = stored.filter((item) => item.id !== Number(match[1]));
      return new Response(null, { status: 204 });
    }
    if (match && method === 'GET') return json(200, { data: stored.find((item) => item.id === Number(match[1])) });
    if (method === 'POST' && path === '/api/partners/2/prompts') {
      const body = (await request.json()) as Prompt;
      const created = { ...body, id: 100 };
      stored.push(created);
      return json(201, { data: created });
    }
    return undefined;
  });
  return { requests, keys: () => sorted().map((item) => item.key) };
}

const keysOnScreen = () => [...document.querySelectorAll('.admin-prompt__key')].map((node) => node.textContent);

setUpScreenTests();

describe('key prompts list', () => {
  it('says «Ключи не найдены» for a partner without prompts', async () => {
    promptsApi([]);
    renderAt(<PromptsScreen />, '/partners/2/prompts', '/partners/:id/prompts');
    expect(await screen.findByText('Ключи не найдены')).toBeTruthy();
    expect(await screen.findByText('Автокредит')).toBeTruthy();
  });

  it('moves a prompt up and down: the order on screen is the order the API keeps', async () => {
    const api = promptsApi([prompt(1, 'greeting', 0), prompt(2, 'rate', 1), prompt(3, 'documents', 2)]);
    const user = userEvent.setup();
    renderAt(<PromptsScreen />, '/partners/2/prompts', '/partners/:id/prompts');
    await waitFor(() => expect(keysOnScreen()).toEqual(['greeting', 'rate', 'documents']));
    expect(screen.getByRole('button', { name: 'Переместить «greeting» выше' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Переместить «documents» ниже' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Переместить «documents» выше' }));
    await waitFor(() => expect(keysOnScreen()).toEqual(['greeting', 'documents', 'rate']));
    expect(api.keys()).toEqual(['greeting', 'documents', 'rate']);
    // Two saves: the two neighbours swapped their positions, with their own key, title and text.
    const puts = api.requests.filter(({ method }) => method === 'PUT');
    expect(puts.map(({ path }) => path)).toEqual(['/api/partners/2/prompts/3', '/api/partners/2/prompts/2']);

    await user.click(screen.getByRole('button', { name: 'Переместить «greeting» ниже' }));
    await waitFor(() => expect(keysOnScreen()).toEqual(['documents', 'greeting', 'rate']));
    expect(api.keys()).toEqual(['documents', 'greeting', 'rate']);
  });

  it('a move that cannot be saved says «Не удалось сохранить промпт» and shows what the server has', async () => {
    promptsApi([prompt(1, 'greeting', 0), prompt(2, 'rate', 1)], { failPut: true });
    const user = userEvent.setup();
    renderAt(<PromptsScreen />, '/partners/2/prompts', '/partners/:id/prompts');
    await waitFor(() => expect(keysOnScreen()).toEqual(['greeting', 'rate']));
    await user.click(screen.getByRole('button', { name: 'Переместить «rate» выше' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Не удалось сохранить промпт');
    await waitFor(() => expect(keysOnScreen()).toEqual(['greeting', 'rate']));
  });

  it('deletes after a confirmation; a failed delete says «Не удалось удалить промпт» and keeps it', async () => {
    promptsApi([prompt(1, 'greeting', 0), prompt(2, 'rate', 1)], { failDelete: true });
    const user = userEvent.setup();
    renderAt(<PromptsScreen />, '/partners/2/prompts', '/partners/:id/prompts');
    await user.click(await screen.findByRole('button', { name: 'Удалить: rate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Подтвердите удаление' });
    expect(confirm.textContent).toContain('Удалить ключ «rate»?');
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe('Не удалось удалить промпт');
    expect(keysOnScreen()).toEqual(['greeting', 'rate']);
  });

  it('a confirmed delete removes the prompt', async () => {
    const api = promptsApi([prompt(1, 'greeting', 0), prompt(2, 'rate', 1)]);
    const user = userEvent.setup();
    renderAt(<PromptsScreen />, '/partners/2/prompts', '/partners/:id/prompts');
    await user.click(await screen.findByRole('button', { name: 'Удалить: greeting' }));
    const confirm = await screen.findByRole('dialog', { name: 'Подтвердите удаление' });
    await user.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(keysOnScreen()).toEqual(['rate']));
    expect(api.keys()).toEqual(['rate']);
  });
});

describe('key prompt form', () => {
  it('requires key, title, text and position, offering the place after the last prompt', async () => {
    const api = promptsApi([prompt(1, 'greeting', 4)]);
    const user = userEvent.setup();
    renderAt(<PromptCreateScreen />, '/partners/2/prompts/create', '/partners/:id/prompts/create');
    const position = await screen.findByRole('textbox', { name: 'Позиция' });
    expect(position).toHaveProperty('value', '5');
    await user.clear(position);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getAllByText('Обязательное поле')).toHaveLength(4);
    expect(api.requests.filter(({ method }) => method === 'POST')).toEqual([]);

    // Digits only in the position.
    await user.type(position, '7а');
    expect(position).toHaveProperty('value', '7');
    await user.type(screen.getByRole('textbox', { name: 'Ключ' }), 'rate');
    await user.type(screen.getByRole('textbox', { name: 'Заголовок' }), 'Ставка');
    await user.type(screen.getByRole('textbox', { name: 'Текст' }), 'От 9,9 %');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Другая страница');
    const post = api.requests.find(({ method }) => method === 'POST')!;
    expect(await post.request.clone().json()).toEqual({ key: 'rate', title: 'Ставка', text: 'От 9,9 %', position: 7 });
  });

  it('shows the API’s field message under the field and «Не удалось сохранить промпт» above the button', async () => {
    fakeApi(({ method, path }) => {
      if (path === '/api/partners/2') return json(200, { data: testPartner });
      if (method === 'GET') return json(200, { data: prompt(3, 'rate', 1) });
      return json(422, {
        message: 'Проверьте правильность заполнения полей',
        errors: { key: ['Такой ключ у этого партнёра уже есть'] },
      });
    });
    const user = userEvent.setup();
    renderAt(<PromptEditScreen />, '/partners/2/prompts/3', '/partners/:id/prompts/:promptId');
    const key = await screen.findByRole('textbox', { name: 'Ключ' });
    await waitFor(() => expect(key).toHaveProperty('value', 'rate'));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Не удалось сохранить промпт');
    expect(screen.getByText('Такой ключ у этого партнёра уже есть')).toBeTruthy();
    expect(key.getAttribute('aria-invalid')).toBe('true');
  });
});
