import {
  CITY_MAX_LENGTH,
  CONTACT_MAX_LENGTH,
  CONTACT_TYPES,
  CONTACTS_MAX,
  DRAFT_MEDIA_MAX,
  MESSAGES,
  PHOTO_MIME_TYPES,
  URL_MAX_LENGTH,
  TEXT_COUNTER_MAX,
  VIN_LENGTH,
  validateDraftFields,
  validateDraftForPublish,
  type ListingFormValues,
} from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  answerList,
  answerText,
  coreRule,
  IdParamSchema,
  IdSchema,
  ListingPriceSchema,
  MileageSchema,
  SerialIdSchema,
  textSchema,
  MESSAGE_MAX_LENGTH,
  YearSchema,
} from './fields';
import { named } from './schema-names';

/** A VIN as typed may carry spaces (copied from a document); what is stored is VIN_LENGTH characters. */
const VIN_INPUT_MAX_LENGTH = VIN_LENGTH * 2;

export const DraftMediaSchema = named(
  'DraftMedia',
  z.object({ id: IdSchema, src: answerText(URL_MAX_LENGTH), main: z.boolean() }),
);
export const DraftContactSchema = named(
  'DraftContact',
  z.object({ id: IdSchema, type: z.enum(CONTACT_TYPES), value: answerText(CONTACT_MAX_LENGTH) }),
);

export const DraftSchema = named(
  'Draft',
  z.object({
    id: IdSchema,
    year: z.number().int().nullable(),
    mileage: z.number().int().nullable(),
    price: z.number().int().nullable(),
    city: answerText(CITY_MAX_LENGTH).nullable(),
    description: answerText(TEXT_COUNTER_MAX).nullable(),
    media: answerList(DraftMediaSchema, DRAFT_MEDIA_MAX),
    contacts: answerList(DraftContactSchema, CONTACTS_MAX),
    brand_id: IdSchema.nullable(),
    model_id: IdSchema.nullable(),
    generation_id: IdSchema.nullable(),
    configuration_id: IdSchema.nullable(),
    /** The car's VIN as the seller stated it (issue 33), normalised; null when none. */
    vin: answerText(VIN_INPUT_MAX_LENGTH).nullable().optional(),
  }),
);
export type Draft = z.infer<typeof DraftSchema>;

/**
 * The listing form as the client holds it: anything may still be empty. Contacts without an id are new rows.
 * `media` lists the kept uploads with the main flag, so deleting a photo or choosing the main one is a save too
 * (core's removeDraftMedia / setMainDraftMedia decide the flags on the client). The field schemas bound every value
 * to what its column holds; core's rules (coreRule below) add what depends on the form as a whole.
 */
const draftFormShape = {
  year: YearSchema.nullable().optional(),
  mileage: MileageSchema.nullable().optional(),
  price: ListingPriceSchema.nullable().optional(),
  city: textSchema({ max: CITY_MAX_LENGTH }).nullable().optional(),
  description: textSchema({ max: TEXT_COUNTER_MAX }).nullable().optional(),
  contacts: z
    .array(
      z.object({
        id: IdSchema.optional(),
        type: z.enum(CONTACT_TYPES, { error: MESSAGES.invalidContactType }),
        value: textSchema({ max: CONTACT_MAX_LENGTH }).nullable().optional(),
      }),
      { error: MESSAGES.invalidValue },
    )
    .max(CONTACTS_MAX, MESSAGES.maxItems(CONTACTS_MAX))
    .optional(),
  media: z
    .array(z.object({ id: IdSchema, main: z.boolean({ error: MESSAGES.invalidValue }) }), {
      error: MESSAGES.invalidValue,
    })
    .max(DRAFT_MEDIA_MAX, MESSAGES.maxItems(DRAFT_MEDIA_MAX))
    .optional(),
  brand_id: SerialIdSchema.nullable().optional(),
  model_id: SerialIdSchema.nullable().optional(),
  generation_id: SerialIdSchema.nullable().optional(),
  configuration_id: SerialIdSchema.nullable().optional(),
  /** Optional; core's rule (validateListingVin, the one findVin reads texts with) checks it in coreRule below. */
  vin: textSchema({ max: VIN_INPUT_MAX_LENGTH }).nullable().optional(),
};

/** Saving checks only what is filled in (core validateDraftFields). */
export const UpdateDraftRequestSchema = named(
  'UpdateDraftRequest',
  z.object(draftFormShape).superRefine(coreRule((value: ListingFormValues) => validateDraftFields(value, new Date()))),
);
export type UpdateDraftRequest = z.input<typeof UpdateDraftRequestSchema>;

/**
 * Publishing sends the form once more and needs all of it (core validateDraftForPublish): the API saves and
 * publishes in one step, so what is published is exactly what was checked.
 */
export const PublishDraftRequestSchema = named(
  'PublishDraftRequest',
  z
    .object(draftFormShape)
    .superRefine(coreRule((value: ListingFormValues) => validateDraftForPublish(value, new Date()))),
);
export type PublishDraftRequest = z.input<typeof PublishDraftRequestSchema>;

export const DraftResponseSchema = named('DraftResponse', z.object({ data: DraftSchema }));
/** `message` is shown green after a successful save (spec §8). */
export const UpdateDraftResponseSchema = named(
  'UpdateDraftResponse',
  z.object({ data: DraftSchema, message: answerText(MESSAGE_MAX_LENGTH) }),
);
export const PublishDraftResponseSchema = named(
  'PublishDraftResponse',
  z.object({ post_id: IdSchema, message: answerText(MESSAGE_MAX_LENGTH) }),
);

/** Multipart: the photo and the draft it belongs to (text, as multipart fields are). */
export const UploadDraftMediaRequestSchema = named(
  'UploadDraftMediaRequest',
  z.object({
    file: z.file({ error: MESSAGES.required }).mime([...PHOTO_MIME_TYPES], MESSAGES.invalidPhotoType),
    draft_id: IdParamSchema,
  }),
);
export const UploadDraftMediaResponseSchema = named('UploadDraftMediaResponse', z.object({ data: DraftMediaSchema }));

export const DraftIdParamsSchema = z.object({ id: IdParamSchema });

export const draftsEndpoints = {
  /** Creates the user's draft or returns the open one. */
  create: defineEndpoint({
    method: 'GET',
    path: '/api/drafts/create',
    summary: 'Create or load the current draft',
    auth: 'user',
    responses: { 200: DraftResponseSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/drafts/:id',
    summary: 'Save the draft',
    auth: 'user',
    params: DraftIdParamsSchema,
    body: UpdateDraftRequestSchema,
    responses: { 200: UpdateDraftResponseSchema },
  }),
  /** Direct publishing is a PRO feature; basic users are sent to payment after saving (spec §4). */
  publish: defineEndpoint({
    method: 'POST',
    path: '/api/drafts/:id/publish',
    summary: 'Publish the draft as a listing',
    auth: 'pro',
    params: DraftIdParamsSchema,
    body: PublishDraftRequestSchema,
    responses: { 200: PublishDraftResponseSchema },
  }),
  uploadMedia: defineEndpoint({
    method: 'POST',
    path: '/api/drafts/media',
    summary: 'Upload a photo to a draft',
    auth: 'user',
    multipart: true,
    body: UploadDraftMediaRequestSchema,
    responses: { 201: UploadDraftMediaResponseSchema },
  }),
};
