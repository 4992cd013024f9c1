import { randomBytes } from 'node:crypto';
import type { CreatePartnerRequestSchema, Partner, UpdatePartnerRequestSchema } from '@autoradar/contract';
import { MESSAGES } from '@autoradar/core';
import type { Db, Partner as PartnerRow } from '@autoradar/db';
import type { z } from 'zod';
import { DomainError, notFound } from '@autoradar/server/domain-error';
import { processImage } from '@autoradar/server/media/image';
import { mediaKeyFromUrl, type MediaStorage } from '@autoradar/server/media/storage';
import { PARTNERS_MESSAGES } from './partners.messages';
import { findPartner, insertPartner, listPartners, updatePartner } from './partners.repo';

export interface PartnerDeps {
  db: Db;
  storage: MediaStorage;
}

type CreatePartnerForm = z.output<typeof CreatePartnerRequestSchema>;
type UpdatePartnerForm = z.output<typeof UpdatePartnerRequestSchema>;

const toPartnerDto = (row: PartnerRow): Partner => ({
  id: row.id,
  title: row.title,
  url: row.url,
  logo: row.logo,
  description: row.description,
});

/** Multipart text: an empty description is no description. */
const cleanDescription = (value: string | null | undefined) =>
  value == null || value.trim() === '' ? null : value.trim();

/**
 * A logo goes through the media work's one pipeline (type read from the bytes, re-encoded without metadata) and is
 * stored under a fresh name, so a new logo never overwrites a file a cached page still shows.
 */
async function storeLogo(deps: PartnerDeps, file: File): Promise<string> {
  const image = await processImage(Buffer.from(await file.arrayBuffer()), { field: 'logo' });
  return deps.storage.save(`partners/${randomBytes(8).toString('hex')}.${image.ext}`, image.full, image.mime);
}

async function removeLogo(deps: PartnerDeps, url: string | null): Promise<void> {
  const key = url === null ? null : mediaKeyFromUrl(url);
  if (key) await deps.storage.remove(key);
}

export async function listAllPartners(db: Db): Promise<Partner[]> {
  return (await listPartners(db)).map(toPartnerDto);
}

export async function getPartner(db: Db, id: number): Promise<Partner> {
  const row = await findPartner(db, id);
  if (!row) throw notFound();
  return toPartnerDto(row);
}

/** Title and link checked by core (contract); the logo may come now or with a later edit. */
export async function createPartner(deps: PartnerDeps, form: CreatePartnerForm): Promise<Partner> {
  const logo = form.logo ? await storeLogo(deps, form.logo) : null;
  try {
    const row = await insertPartner(deps.db, {
      title: form.title.trim(),
      url: form.url.trim(),
      description: cleanDescription(form.description),
      logo,
    });
    return toPartnerDto(row);
  } catch (err) {
    await removeLogo(deps, logo).catch(() => undefined);
    throw err;
  }
}

/**
 * An edit keeps the stored logo when the form sends its address back, or replaces it with a new file; the old file
 * is removed once the row points at the new one.
 */
export async function editPartner(deps: PartnerDeps, id: number, form: UpdatePartnerForm): Promise<Partner> {
  const current = await findPartner(deps.db, id);
  if (!current) throw notFound();
  let logo = current.logo;
  if (typeof form.logo === 'string') {
    if (form.logo !== current.logo)
      throw new DomainError('invalid', MESSAGES.validationFailed, { logo: [PARTNERS_MESSAGES.logoNotCurrent] });
  } else if (form.logo) {
    logo = await storeLogo(deps, form.logo);
  }
  let row: PartnerRow | undefined;
  try {
    row = await updatePartner(deps.db, id, {
      title: form.title.trim(),
      url: form.url.trim(),
      description: form.description === undefined ? current.description : cleanDescription(form.description),
      logo,
    });
  } catch (err) {
    if (logo !== current.logo) await removeLogo(deps, logo).catch(() => undefined);
    throw err;
  }
  if (!row) throw notFound();
  if (logo !== current.logo) await removeLogo(deps, current.logo).catch(() => undefined);
  return toPartnerDto(row);
}
