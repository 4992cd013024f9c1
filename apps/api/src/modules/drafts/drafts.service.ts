import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Draft as DraftDto, UpdateDraftRequestSchema } from '@autoradar/contract';
import {
  DEFAULT_CURRENCY,
  findVin,
  listingVinOf,
  MESSAGES,
  OWN_CHANNEL,
  removeDraftMedia,
  setMainDraftMedia,
  validateDraftForPublish,
  type FieldErrors,
} from '@autoradar/core';
import type { Db, Draft, DraftMedia } from '@autoradar/db';
import type { DomainEvents } from '@autoradar/server/events/domain-events';
import { changeListings, publishListing } from '@autoradar/server/listings/listing-lifecycle';
import { buildListingText } from '@autoradar/server/listings/listing-text';
import { DomainError } from '@autoradar/server/domain-error';
import { processImage } from '@autoradar/server/media/image';
import { mediaKeyFromUrl, type MediaStorage } from '@autoradar/server/media/storage';
import { findBrand, findConfiguration, findGeneration, findModel } from '../reference/reference.repo';
import { REFERENCE_MESSAGES } from '../reference/reference.messages';
import { DRAFTS_MESSAGES } from './drafts.messages';
import * as repo from './drafts.repo';

/** A save's or a publish's form: both schemas read the same fields (publish only adds its rules). */
export type DraftForm = z.output<typeof UpdateDraftRequestSchema>;

/** Photos one listing may carry. */
export const MAX_DRAFT_PHOTOS = 20;

export interface DraftsDeps {
  db: Db;
  storage: MediaStorage;
  uploadMaxBytes: number;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** The process's fan-out: a published draft is announced there (`listing.published`) by the listing lifecycle. */
  events: DomainEvents;
}

// --- reading -------------------------------------------------------------------------------------------------

async function toDraftDto(db: Db, draft: Draft): Promise<DraftDto> {
  const [media, contacts] = await Promise.all([
    repo.listDraftMedia(db, draft.id),
    repo.listDraftContacts(db, draft.id),
  ]);
  return {
    id: draft.id,
    year: draft.year,
    mileage: draft.mileage,
    price: draft.price,
    city: draft.city,
    description: draft.description,
    media: media.map((m) => ({ id: m.id, src: m.src, main: m.main })),
    contacts: contacts.map((c) => ({ id: c.id, type: c.type, value: c.value })),
    brand_id: draft.brandId,
    model_id: draft.modelId,
    generation_id: draft.generationId,
    configuration_id: draft.configurationId,
    vin: draft.vin,
  };
}

/** The draft if it is the user's and still open; another user's id answers exactly like an unknown one. */
function checkOwnedOpen(draft: Draft | undefined, userId: number): Draft {
  if (!draft || draft.userId !== userId) throw new DomainError('not_found', MESSAGES.notFound);
  if (draft.publishedPostId !== null) throw new DomainError('not_found', DRAFTS_MESSAGES.alreadyPublished);
  return draft;
}

export async function getOrCreateDraft(deps: Pick<DraftsDeps, 'db'>, userId: number): Promise<DraftDto> {
  let draft = await repo.findOpenDraft(deps.db, userId);
  if (!draft) {
    await repo.insertOpenDraft(deps.db, userId);
    draft = await repo.findOpenDraft(deps.db, userId);
  }
  return toDraftDto(deps.db, draft!);
}

// --- checks --------------------------------------------------------------------------------------------------

/** Brand, model, generation and configuration must exist and belong together (after this save). */
async function checkCatalog(db: Db, form: DraftForm, stored: Draft): Promise<FieldErrors> {
  const touched = ['brand_id', 'model_id', 'generation_id', 'configuration_id'].some(
    (k) => form[k as keyof DraftForm] !== undefined,
  );
  if (!touched) return {};
  const pick = <T>(sent: T | undefined, kept: T) => (sent === undefined ? kept : sent);
  const brandId = pick(form.brand_id, stored.brandId);
  const modelId = pick(form.model_id, stored.modelId);
  const generationId = pick(form.generation_id, stored.generationId);
  const configurationId = pick(form.configuration_id, stored.configurationId);

  const errors: FieldErrors = {};
  if (brandId !== null && !(await findBrand(db, brandId))) errors.brand_id = REFERENCE_MESSAGES.brandNotFound;
  if (modelId !== null) {
    const model = await findModel(db, modelId);
    if (!model) errors.model_id = REFERENCE_MESSAGES.modelNotFound;
    else if (brandId === null) errors.model_id = DRAFTS_MESSAGES.brandFirst;
    else if (model.car_brand_id !== brandId) errors.model_id = REFERENCE_MESSAGES.modelOfOtherBrand;
  }
  if (generationId !== null) {
    const generation = await findGeneration(db, generationId);
    if (!generation || generation.modelId !== modelId) errors.generation_id = REFERENCE_MESSAGES.generationOfOtherModel;
  }
  if (configurationId !== null) {
    const configuration = await findConfiguration(db, configurationId);
    if (!configuration || configuration.generationId !== generationId)
      errors.configuration_id = REFERENCE_MESSAGES.configurationOfOtherGeneration;
  }
  return errors;
}

function refuseIfAny(errors: FieldErrors): void {
  const entries = Object.entries(errors);
  if (entries.length > 0) {
    throw new DomainError('invalid', MESSAGES.validationFailed, Object.fromEntries(entries.map(([k, v]) => [k, [v]])));
  }
}

// --- writing -------------------------------------------------------------------------------------------------

/**
 * Writes the form into the locked draft: the fields it carries (null clears, absent keeps), the contacts and the
 * photos when listed. Returns the photos the form dropped; their files go once the transaction has committed.
 */
async function applyForm(tx: Db, draft: Draft, form: DraftForm): Promise<DraftMedia[]> {
  const fields: repo.DraftFieldsUpdate = {};
  if (form.year !== undefined) fields.year = form.year;
  if (form.mileage !== undefined) fields.mileage = form.mileage;
  if (form.price !== undefined) fields.price = form.price;
  if (form.city !== undefined) fields.city = form.city === null ? null : form.city.trim();
  if (form.description !== undefined) fields.description = form.description;
  if (form.brand_id !== undefined) fields.brandId = form.brand_id;
  if (form.model_id !== undefined) fields.modelId = form.model_id;
  if (form.generation_id !== undefined) fields.generationId = form.generation_id;
  if (form.configuration_id !== undefined) fields.configurationId = form.configuration_id;
  if (form.vin !== undefined) fields.vin = listingVinOf(form.vin);
  await repo.updateDraftFields(tx, draft.id, fields);

  if (form.contacts) {
    await repo.replaceDraftContacts(
      tx,
      draft.id,
      form.contacts.map((c) => ({
        ...(c.id === undefined ? {} : { id: c.id }),
        type: c.type,
        value: (c.value ?? '').trim(),
      })),
    );
  }
  return form.media ? reconcileMedia(tx, draft.id, form.media) : [];
}

/**
 * The form lists the photos it keeps, in its order, with the main flag. Unlisted photos are removed; a removed
 * main photo makes the first remaining one main, and a photo the form marks main becomes the only main one
 * (core's draft-media rules, the same the client runs). Ids of other drafts are ignored.
 */
async function reconcileMedia(
  tx: Db,
  draftId: number,
  listed: readonly { id: number; main: boolean }[],
): Promise<DraftMedia[]> {
  const current = await repo.listDraftMedia(tx, draftId);
  const byId = new Map(current.map((m) => [m.id, m]));
  const keptIds = [...new Set(listed.map((m) => m.id).filter((id) => byId.has(id)))];
  const removed = current.filter((m) => !keptIds.includes(m.id));

  let items = [...keptIds.map((id) => byId.get(id)!), ...removed].map((m) => ({ id: m.id, src: m.src, main: m.main }));
  for (const gone of removed) items = removeDraftMedia(items, gone.id);
  const chosen = listed.find((m) => m.main && keptIds.includes(m.id));
  if (chosen) items = setMainDraftMedia(items, chosen.id);

  await repo.deleteDraftMedia(
    tx,
    removed.map((m) => m.id),
  );
  await repo.updateDraftMediaOrder(
    tx,
    items.map((m, position) => ({ id: m.id, main: m.main, position })),
  );
  return removed;
}

async function removeFiles(deps: Pick<DraftsDeps, 'storage' | 'log'>, urls: readonly (string | null)[]): Promise<void> {
  for (const url of urls) {
    const key = url ? mediaKeyFromUrl(url) : null;
    if (!key) continue;
    await deps.storage.remove(key).catch((err: unknown) => deps.log.warn({ err, key }, 'media file not removed'));
  }
}

const filesOf = (media: readonly DraftMedia[]) => media.flatMap((m) => [m.src, m.srcSm]);

export async function saveDraft(deps: DraftsDeps, userId: number, draftId: number, form: DraftForm): Promise<DraftDto> {
  const stored = checkOwnedOpen(await repo.findDraft(deps.db, draftId), userId);
  refuseIfAny(await checkCatalog(deps.db, form, stored));
  const removed = await deps.db.transaction(async (tx) => {
    const draft = checkOwnedOpen(await repo.lockDraft(tx, draftId), userId);
    return applyForm(tx, draft, form);
  });
  await removeFiles(deps, filesOf(removed));
  return toDraftDto(deps.db, (await repo.findDraft(deps.db, draftId))!);
}

/**
 * Saves the form and publishes it in one transaction, so what is published is exactly what was checked: a post
 * of the product's own channel with the draft's photos (the main one first), then the draft is closed.
 */
export async function publishDraft(
  deps: DraftsDeps,
  userId: number,
  draftId: number,
  form: DraftForm,
): Promise<number> {
  const stored = checkOwnedOpen(await repo.findDraft(deps.db, draftId), userId);
  refuseIfAny(await checkCatalog(deps.db, form, stored));
  const now = deps.clock();

  const { postId, removed } = await changeListings(deps, async (l) => {
    const { tx } = l;
    const locked = checkOwnedOpen(await repo.lockDraft(tx, draftId), userId);
    const removed = await applyForm(tx, locked, form);
    const draft = (await repo.findDraft(tx, draftId))!;
    const [media, contacts] = await Promise.all([
      repo.listDraftMedia(tx, draftId),
      repo.listDraftContacts(tx, draftId),
    ]);
    // The contract checked the body; this checks the stored result the post is made from.
    refuseIfAny(
      validateDraftForPublish(
        {
          year: draft.year,
          mileage: draft.mileage,
          price: draft.price,
          city: draft.city,
          description: draft.description,
          contacts,
          brand_id: draft.brandId,
          model_id: draft.modelId,
          vin: draft.vin,
        },
        now,
      ).errors,
    );
    const brand = (await findBrand(tx, draft.brandId!))!;
    const model = (await findModel(tx, draft.modelId!))!;
    const city = (draft.city ?? '').trim();
    const text = buildListingText(draft.description, contacts);
    const ordered = [...media.filter((m) => m.main), ...media.filter((m) => !m.main)];
    // The listing lifecycle: the post, its photos, its first price and its notification job in this transaction.
    const postId = await publishListing(
      l,
      {
        channel: OWN_CHANNEL,
        userId,
        brandId: draft.brandId,
        modelId: draft.modelId,
        generationId: draft.generationId,
        configurationId: draft.configurationId,
        cityId: await repo.findCityIdByName(tx, city),
        mark: brand.name,
        model: model.name,
        title: `${brand.name} ${model.name} ${draft.year}`,
        year: draft.year,
        price: draft.price,
        currency: DEFAULT_CURRENCY,
        mileage: draft.mileage,
        text,
        // The VIN the seller entered; else one the description states, as ingestion reads other channels' posts.
        vin: draft.vin ?? findVin(text),
        location: city,
        publishedAt: now,
      },
      ordered.map((m, position) => ({
        kind: 'photo' as const,
        url: m.src,
        urlSm: m.srcSm ?? m.src,
        isMain: m.main,
        position,
      })),
    );
    await repo.markDraftPublished(tx, draftId, postId);
    return { postId, removed };
  });
  await removeFiles(deps, filesOf(removed));
  return postId;
}

/**
 * Stores an uploaded photo of the user's open draft: checked and re-encoded (media/image.ts), written as two files,
 * then recorded. The first photo of a draft becomes main. A failure at any step leaves no file and no row.
 */
export async function uploadDraftMedia(
  deps: DraftsDeps,
  userId: number,
  draftId: number,
  file: File,
): Promise<DraftMedia> {
  checkOwnedOpen(await repo.findDraft(deps.db, draftId), userId);
  const image = await processImage(Buffer.from(await file.arrayBuffer()), { maxBytes: deps.uploadMaxBytes });
  const name = randomBytes(12).toString('hex');
  const keys = { full: `drafts/${draftId}/${name}.${image.ext}`, small: `drafts/${draftId}/${name}_sm.${image.ext}` };
  try {
    const src = await deps.storage.save(keys.full, image.full, image.mime);
    const srcSm = await deps.storage.save(keys.small, image.small, image.mime);
    return await deps.db.transaction(async (tx) => {
      checkOwnedOpen(await repo.lockDraft(tx, draftId), userId);
      const media = await repo.listDraftMedia(tx, draftId);
      if (media.length >= MAX_DRAFT_PHOTOS) {
        const message = DRAFTS_MESSAGES.tooManyPhotos(MAX_DRAFT_PHOTOS);
        throw new DomainError('invalid', message, { file: [message] });
      }
      return repo.insertDraftMedia(tx, {
        draftId,
        src,
        srcSm,
        main: !media.some((m) => m.main),
        position: media.reduce((max, m) => Math.max(max, m.position + 1), 0),
      });
    });
  } catch (err) {
    await Promise.all([deps.storage.remove(keys.full), deps.storage.remove(keys.small)]).catch(() => {});
    throw err;
  }
}
