// @vitest-environment happy-dom
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flagSchema, listOf, storedText, storedValue } from './stored-value';

// The one localStorage helper (docs/decisions.md, "A shared UI layer (issue 27)"): whatever is stored, a read gives
// the schema's value or the fallback, and nothing a browser refuses ever throws.

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const Card = z.object({ id: z.number().int().positive(), title: z.string().catch('') });
const cards = storedValue('test:cards', listOf(Card), { fallback: () => [] });

describe('storedValue', () => {
  it('writes JSON and reads it back through the schema', () => {
    cards.write([{ id: 1, title: 'Camry' }]);
    expect(localStorage.getItem('test:cards')).toBe('[{"id":1,"title":"Camry"}]');
    expect(cards.read()).toEqual([{ id: 1, title: 'Camry' }]);
  });

  it('reads the fallback for nothing stored, text that is not JSON, and a value the schema refuses', () => {
    expect(cards.read()).toEqual([]);
    localStorage.setItem('test:cards', '{oops');
    expect(cards.read()).toEqual([]);
    const one = storedValue('test:one', Card, { fallback: () => null });
    localStorage.setItem('test:one', '{"id":-1}');
    expect(one.read()).toBeNull();
  });

  it('keeps what fits of a list and of an object: one stale entry does not cost the others', () => {
    localStorage.setItem('test:cards', JSON.stringify([{ id: 'x' }, { id: 2, title: 5 }, 'junk', { id: 3 }]));
    expect(cards.read()).toEqual([
      { id: 2, title: '' },
      { id: 3, title: '' },
    ]);
  });

  it("keeps a text format as it is (a token, a flag, a layout's name)", () => {
    const token = storedText('test:token');
    token.write('abc');
    expect(localStorage.getItem('test:token')).toBe('abc');
    expect(token.read()).toBe('abc');
    token.remove();
    expect(token.read()).toBeUndefined();

    const flag = storedValue('test:flag', flagSchema, { fallback: () => false, format: 'text' });
    flag.write(true);
    expect(localStorage.getItem('test:flag')).toBe('true');
    expect(flag.read()).toBe(true);
    localStorage.setItem('test:flag', 'yes');
    expect(flag.read()).toBe(false);
  });

  it('reads another tab’s text (a storage event) the same way', () => {
    expect(cards.parse('[{"id":4}]')).toEqual([{ id: 4, title: '' }]);
    expect(cards.parse(null)).toEqual([]);
  });

  it('keeps a session value apart from the local ones', () => {
    const launch = storedText('test:launch', 'session');
    launch.write('tgWebAppData=1');
    expect(sessionStorage.getItem('test:launch')).toBe('tgWebAppData=1');
    expect(localStorage.getItem('test:launch')).toBeNull();
  });

  it('never throws when the browser refuses: a full storage, or storage disabled altogether', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => cards.write([{ id: 1, title: 'Camry' }])).not.toThrow();
    vi.restoreAllMocks();

    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(cards.read()).toEqual([]);
    expect(() => cards.write([])).not.toThrow();
    expect(() => cards.remove()).not.toThrow();
  });
});
