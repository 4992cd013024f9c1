import type { User, WriteAccess } from '@autoradar/contract';
import { MESSAGES, canStartTestPeriod, getTestPeriodEnd } from '@autoradar/core';
import type { Db } from '@autoradar/db';
import { DomainError } from '../domain-error';
import type { DomainEvents } from '../events/domain-events';
import { findUserById, setAllowsWriteToPm, startTestPeriod } from './users.repo';
import { toUserDto } from './user-dto';

export async function getUserData(db: Db, userId: number): Promise<User> {
  const row = await findUserById(db, userId);
  if (!row) throw new DomainError('unauthenticated', MESSAGES.unauthenticated);
  return toUserDto(row);
}

/** The 24-hour PRO test period, once per user (DESIGN.md §4). */
export async function activateTestPeriod(deps: { db: Db; events: DomainEvents }, user: User, now: Date): Promise<User> {
  if (!canStartTestPeriod(user)) throw new DomainError('conflict', MESSAGES.testPeriodUsed);
  const row = await startTestPeriod(deps.db, user.id, now, getTestPeriodEnd(now));
  // Lost a race with a second tab: the other call started it.
  if (!row) throw new DomainError('conflict', MESSAGES.testPeriodUsed);
  const updated = toUserDto(row);
  await deps.events.emit('user.updated', updated);
  return updated;
}

/** Records whether the bot may write to the user, as Telegram answered the mini-app's request (issue 13). */
export async function recordWriteAccess(db: Db, userId: number, allowed: boolean, now: Date): Promise<WriteAccess> {
  const row = await setAllowsWriteToPm(db, userId, allowed, now);
  if (!row) throw new DomainError('unauthenticated', MESSAGES.unauthenticated);
  return { allows_write_to_pm: row.allowsWriteToPm === true };
}
