import type { User } from '@autoradar/contract';
import { TICKET_RANDOM_MAX, TICKET_RANDOM_MIN, generateTicketNumber, type TicketKind } from '@autoradar/core';
import type { Db } from '@autoradar/db';
import type { StaffNotice, StaffNotifier } from '../notify/staff-notifier';
import { SUPPORT_MESSAGES } from './support.messages';
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
  for (let n = TICKET_RANDOM_MIN; n <= TICKET_RANDOM_MAX; n += 1)
    if (!used.has(`${prefix}-${n}`)) yield `${prefix}-${n}`;
  for (let n = TICKET_RANDOM_MAX + 1; ; n += 1) if (!used.has(`${prefix}-${n}`)) yield `${prefix}-${n}`;
}

function describeUser(user: User | null): string {
  if (!user) return SUPPORT_MESSAGES.guest;
  const parts = [`id ${user.id}`, user.name, user.username ? `@${user.username}` : null, user.email].filter(Boolean);
  return parts.join(', ');
}

export function buildStaffNotice(
  appName: string,
  kind: TicketKind,
  ticket: string,
  form: TicketForm,
  user: User | null,
): StaffNotice {
  const lines = [
    kind === 'inspection'
      ? SUPPORT_MESSAGES.comment(form.message?.trim() || SUPPORT_MESSAGES.none)
      : SUPPORT_MESSAGES.message(form.message?.trim() ?? ''),
    SUPPORT_MESSAGES.contacts(form.contacts?.trim() || SUPPORT_MESSAGES.none),
    SUPPORT_MESSAGES.page(form.url || SUPPORT_MESSAGES.none),
    SUPPORT_MESSAGES.user(describeUser(user)),
  ];
  return {
    subject: SUPPORT_MESSAGES.subject(appName, SUPPORT_MESSAGES.kindTitles[kind], ticket),
    text: lines.join('\n'),
  };
}

/**
 * Stores a support request or an inspection order and tells the staff. The number is the client's when it is
 * free, else a fresh one of today (core generateTicketNumber); the answer carries the one kept.
 */
export async function createTicket(
  deps: SupportDeps,
  kind: TicketKind,
  form: TicketForm,
  user: User | null,
  now: Date,
): Promise<string> {
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
