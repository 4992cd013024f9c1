import type { Prompt, SavePromptRequestSchema } from '@autoradar/contract';
import { MESSAGES } from '@autoradar/core';
import type { Db, Prompt as PromptRow } from '@autoradar/db';
import type { z } from 'zod';
import { DomainError, notFound } from '@autoradar/server/domain-error';
import { PARTNERS_MESSAGES } from './partners.messages';
import { partnerExists } from './partners.repo';
import {
  deletePrompt,
  findPrompt,
  insertPrompt,
  isPromptKeyTaken,
  listPrompts,
  nextPromptPosition,
  updatePrompt,
} from './prompts.repo';

type PromptForm = z.output<typeof SavePromptRequestSchema>;

const toPromptDto = (row: PromptRow): Prompt => ({
  id: row.id,
  key: row.key,
  title: row.title,
  text: row.text,
  position: row.position,
});

const keyTaken = () =>
  new DomainError('invalid', MESSAGES.validationFailed, { key: [PARTNERS_MESSAGES.promptKeyTaken] });

async function requirePartner(db: Db, partnerId: number): Promise<void> {
  if (!(await partnerExists(db, partnerId))) throw notFound();
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A key taken between the check and the write (two admins at once) answers the same 422 as the check. */
async function guardKey<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw keyTaken();
    throw err;
  }
}

/** The form as stored: key, title and text without surrounding spaces (core validatePromptForm has checked them). */
const clean = (form: PromptForm) => ({ key: form.key.trim(), title: form.title.trim(), text: form.text.trim() });

/** The partner's prompts in the order the admin arranged them. */
export async function listPartnerPrompts(db: Db, partnerId: number): Promise<Prompt[]> {
  await requirePartner(db, partnerId);
  return (await listPrompts(db, partnerId)).map(toPromptDto);
}

export async function getPrompt(db: Db, partnerId: number, promptId: number): Promise<Prompt> {
  const row = await findPrompt(db, partnerId, promptId);
  if (!row) throw notFound();
  return toPromptDto(row);
}

/** A prompt without a position goes to the end of the list. */
export async function createPrompt(db: Db, partnerId: number, form: PromptForm): Promise<Prompt> {
  await requirePartner(db, partnerId);
  const values = clean(form);
  if (await isPromptKeyTaken(db, partnerId, values.key)) throw keyTaken();
  const position = form.position ?? (await nextPromptPosition(db, partnerId));
  const row = await guardKey(() => insertPrompt(db, { partnerId, ...values, position }));
  return toPromptDto(row);
}

/** A save without a position keeps the prompt where it is. */
export async function savePrompt(db: Db, partnerId: number, promptId: number, form: PromptForm): Promise<Prompt> {
  const current = await findPrompt(db, partnerId, promptId);
  if (!current) throw notFound();
  const values = clean(form);
  if (await isPromptKeyTaken(db, partnerId, values.key, promptId)) throw keyTaken();
  const row = await guardKey(() =>
    updatePrompt(db, partnerId, promptId, { ...values, position: form.position ?? current.position }),
  );
  if (!row) throw notFound();
  return toPromptDto(row);
}

export async function removePrompt(db: Db, partnerId: number, promptId: number): Promise<void> {
  if (!(await deletePrompt(db, partnerId, promptId))) throw notFound();
}
