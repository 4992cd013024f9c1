import type { User } from '@autoradar/contract';
import { TICKET_RANDOM_MAX, TICKET_RANDOM_MIN, generateTicketNumber } from '@autoradar/core';
import type { Db, TicketKind } from '@autoradar/db';
import type { StaffNotice, StaffNotifier } from '../../notify/staff-notifier';
import { insertTicketIfFree, ticketNumbersWithPrefix } from './support.repo';

export interface TicketForm {
  message?: string | null;
  contacts?: string | null;
  /** The client's number; the contract has checked its shape. */
  ticket: string;
  url: string;
}

export interface SupportDeps {
  db: Db;
  notifier: StaffNotifier;
  appName: string;
}

const RANDOM_TRIES = 10;

/** The numbers to try: the client's, then random ones of today, then the free ones of today in order. */
async function* candidateNumbers(db: Db, clientNumber: string, now: Date): AsyncGenerator<string> {
  yield clientNumber;
  for (let i = 0; i < RANDOM_TRIES; i += 1) yield generateTicketNumber(now);
  // A busy day: walk today's range instead of guessing; past it, the suffix grows a digit.
  const prefix = generateTicketNumber(now).split('-')[0]!;
  const used = await ticketNumbersWithPrefix(db, `${prefix}-`);
  for (let n = TICKET_RANDOM_MIN; n <= TICKET_RANDOM_MAX; n += 1) if (!used.has(`${prefix}-${n}`)) yield `${prefix}-${n}`;
  for (let n = TICKET_RANDOM_MAX + 1; ; n += 1) if (!used.has(`${prefix}-${n}`)) yield `${prefix}-${n}`;
}

const KIND_TITLES: Record<TicketKind, string> = {
  support: 'Обращение в поддержку',
  inspection: 'Заказ осмотра автомобиля',
};

function describeUser(user: User | null): string {
  if (!user) return 'гость (не вошёл)';
  const parts = [`id ${user.id}`, user.name, user.username ? `@${user.username}` : null, user.email].filter(Boolean);
  return parts.join(', ');
}

export function buildStaffNotice(appName: string, kind: TicketKind, ticket: string, form: TicketForm, user: User | null): StaffNotice {
  const lines = [
    kind === 'inspection' ? `Комментарий: ${form.message?.trim() || '—'}` : `Сообщение: ${form.message?.trim() ?? ''}`,
    `Контакты: ${form.contacts?.trim() || '—'}`,
    `Страница: ${form.url || '—'}`,
    `Пользователь: ${describeUser(user)}`,
  ];
  return { subject: `${appName}: ${KIND_TITLES[kind]} № ${ticket}`, text: lines.join('\n') };
}

/**
 * Stores a support request or an inspection order and tells the staff. The number is the client's when it is
 * free, else a fresh one of today (core generateTicketNumber); the answer carries the one kept.
 */
export async function createTicket(deps: SupportDeps, kind: TicketKind, form: TicketForm, user: User | null, now: Date): Promise<string> {
  for await (const ticket of candidateNumbers(deps.db, form.ticket, now)) {
    const stored = await insertTicketIfFree(deps.db, {
      kind,
      ticket,
      userId: user?.id ?? null,
      message: form.message?.trim() ?? '',
      contacts: form.contacts?.trim() || null,
      url: form.url,
      createdAt: now,
    });
    if (stored) {
      deps.notifier.notify(buildStaffNotice(deps.appName, kind, ticket, form, user));
      return ticket;
    }
  }
  throw new Error('unreachable: the ticket numbers never run out');
}
