import { describe, expect, it } from 'vitest';
import { generateTicketNumber, TICKET_NUMBER_PATTERN } from './generate-ticket-number';

const now = new Date('2025-03-05T09:00:00Z');

describe('generateTicketNumber', () => {
  it('joins day, month and two-digit year, then a random part from 100 to 999', () => {
    expect(generateTicketNumber(now, () => 0)).toBe('5325-100');
    expect(generateTicketNumber(now, () => 0.5)).toBe('5325-550');
    expect(generateTicketNumber(now, () => 0.999_999)).toBe('5325-999');
  });

  it('keeps the random part in range even for a source returning 1', () => {
    expect(generateTicketNumber(now, () => 1)).toBe('5325-999');
  });

  it('uses two-digit years with a leading zero', () => {
    expect(generateTicketNumber(new Date('2009-12-31T12:00:00Z'), () => 0)).toBe('311209-100');
  });

  it('reads the date in the time zone', () => {
    const lateUtc = new Date('2025-12-31T22:30:00Z');
    expect(generateTicketNumber(lateUtc, () => 0, 'Europe/Moscow')).toBe('1126-100');
    expect(generateTicketNumber(lateUtc, () => 0, 'UTC')).toBe('311225-100');
  });

  it('matches the pattern with the real random source', () => {
    for (let i = 0; i < 200; i += 1) {
      const ticket = generateTicketNumber(now);
      expect(ticket).toMatch(TICKET_NUMBER_PATTERN);
      const suffix = Number(ticket.split('-')[1]);
      expect(suffix).toBeGreaterThanOrEqual(100);
      expect(suffix).toBeLessThanOrEqual(999);
    }
  });
});
