import {
  MESSAGES,
  ORDER_STATUSES,
  OWNER_TYPES,
  PARTNER_DESCRIPTION_MAX_LENGTH,
  PARTNER_TITLE_MAX_LENGTH,
  PHOTO_MIME_TYPES,
  PROMPT_KEY_MAX_LENGTH,
  PROMPT_TEXT_MAX_LENGTH,
  PROMPT_TITLE_MAX_LENGTH,
  REPORT_SECTION_KEYS,
  REPORT_SECTION_STATUSES,
  toValidationResult,
  URL_MAX_LENGTH,
  validatePartnerForm,
  validatePromptForm,
  validateVin,
  VIN_INPUT_MAX_LENGTH,
} from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ErrorSchema } from './errors';
import {
  answerList,
  answerText,
  coreRule,
  DateTimeSchema,
  IdParamSchema,
  IdSchema,
  NAME_MAX_LENGTH,
  NoBodySchema,
  PositionSchema,
  SerialIdParamSchema,
  SerialIdSchema,
  textSchema,
} from './fields';
import { named } from './schema-names';

export const PartnerSchema = named(
  'Partner',
  z.object({
    id: IdSchema,
    title: answerText(PARTNER_TITLE_MAX_LENGTH),
    url: answerText(URL_MAX_LENGTH),
    logo: answerText(URL_MAX_LENGTH).nullable(),
    description: answerText(PARTNER_DESCRIPTION_MAX_LENGTH).nullable(),
  }),
);
export const PromptSchema = named(
  'Prompt',
  z.object({
    id: IdSchema,
    key: answerText(PROMPT_KEY_MAX_LENGTH),
    title: answerText(PROMPT_TITLE_MAX_LENGTH),
    text: answerText(PROMPT_TEXT_MAX_LENGTH),
    position: z.number().int(),
  }),
);
export type Partner = z.infer<typeof PartnerSchema>;
export type Prompt = z.infer<typeof PromptSchema>;

// Vehicle-history report sections (spec §3). Provider data has gaps, so every field may be missing or null. These
// schemas also check what the provider sends before it is stored (apps/api/src/reports/report.provider.ts), so their
// bounds are enforced: a section with a longer text or list fails instead of being stored. The provider's fields are
// codes, dates, names and short notes; the lists are a car's owners, policies and restrictions.
export const REPORT_TEXT_MAX_LENGTH = 5_000;
export const REPORT_LIST_MAX = 1_000;
const text = z.string().max(REPORT_TEXT_MAX_LENGTH).nullish();
const number = z.number().nullish();

export const BaseInfoSchema = named(
  'BaseInfo',
  z.object({
    vin: text,
    year: z.number().int().nullish(),
    model: text,
    powerHp: number,
    engineNumber: text,
    type: text,
    color: text,
    category: text,
    powerKwt: number,
    engineVolume: number,
  }),
);
/** `operation` is a registration code (core getOwnershipOperationLabel). */
export const OwnershipPeriodSchema = named(
  'OwnershipPeriod',
  z.object({ owner: z.enum(OWNER_TYPES).nullish(), startDate: text, endDate: text, operation: text }),
);
/** `kbm` is shown as a discount or surcharge (core formatKbm). */
export const OsagoPolicySchema = named(
  'OsagoPolicy',
  z.object({
    insuranceNumber: text,
    insuranceDate: text,
    isActive: z.boolean().nullish(),
    insurerName: text,
    cost: number,
    kbm: number,
    owner: text,
    insuredTo: text,
    carRegion: text,
    licensePlate: text,
    markModel: text,
    enginePower: number,
    restrictions: text,
    carPurposeType: text,
    statusDescription: text,
  }),
);
export const RestrictionSchema = named(
  'Restriction',
  z.object({ restrictionType: text, registrationDate: text, osnOgr: text, region: text, whoImposed: text }),
);

const section = <T extends z.ZodType>(value: T) =>
  z.object({ status: z.enum(REPORT_SECTION_STATUSES), value: value.nullable() });

/** One entry per section key that has been requested. */
export const OrderResultSchema = named(
  'OrderResult',
  z.object({
    baseInfo: section(BaseInfoSchema).optional(),
    ownershipPeriods: section(z.array(OwnershipPeriodSchema).max(REPORT_LIST_MAX)).optional(),
    osago: section(z.array(OsagoPolicySchema).max(REPORT_LIST_MAX)).optional(),
    restrictions: section(z.array(RestrictionSchema).max(REPORT_LIST_MAX)).optional(),
  }),
);

/** `string` is the VIN, as the spec names it. */
export const OrderSchema = named(
  'Order',
  z.object({
    id: IdSchema,
    partner_id: IdSchema,
    string: answerText(VIN_INPUT_MAX_LENGTH),
    status: z.enum(ORDER_STATUSES),
    created_at: DateTimeSchema,
    result: OrderResultSchema,
  }),
);
export const OrderPartSchema = named(
  'OrderPart',
  z.object({ id: IdSchema, key: z.enum(REPORT_SECTION_KEYS), title: answerText(NAME_MAX_LENGTH) }),
);
export type Order = z.infer<typeof OrderSchema>;
export type OrderPart = z.infer<typeof OrderPartSchema>;

const LogoFileSchema = z.file().mime([...PHOTO_MIME_TYPES], MESSAGES.invalidPhotoType);
const PartnerTitleSchema = textSchema({ max: PARTNER_TITLE_MAX_LENGTH, required: MESSAGES.partnerTitleRequired });
const PartnerUrlSchema = textSchema({ max: URL_MAX_LENGTH, required: MESSAGES.partnerUrlRequired });
const PartnerDescriptionSchema = textSchema({ max: PARTNER_DESCRIPTION_MAX_LENGTH }).nullable().optional();

/** Multipart partner form; the logo may follow later (core validatePartnerForm, mode 'create'). */
export const CreatePartnerRequestSchema = named(
  'CreatePartnerRequest',
  z
    .object({
      title: PartnerTitleSchema,
      url: PartnerUrlSchema,
      logo: LogoFileSchema.optional(),
      description: PartnerDescriptionSchema,
    })
    .superRefine(coreRule((value) => validatePartnerForm(value, 'create'))),
);

/**
 * Multipart update through POST with `_method: PUT` (spec §7). `logo` is a new file or the stored logo's address;
 * it is required when editing (core validatePartnerForm, mode 'edit').
 */
export const UpdatePartnerRequestSchema = named(
  'UpdatePartnerRequest',
  z
    .object({
      _method: z.literal('PUT'),
      title: PartnerTitleSchema,
      url: PartnerUrlSchema,
      logo: z
        .union([LogoFileSchema, textSchema({ max: URL_MAX_LENGTH })], { error: MESSAGES.partnerLogoRequired })
        .optional(),
      description: PartnerDescriptionSchema,
    })
    .superRefine(coreRule((value) => validatePartnerForm(value, 'edit'))),
);

export const SavePromptRequestSchema = named(
  'SavePromptRequest',
  z
    .object({
      key: textSchema({ max: PROMPT_KEY_MAX_LENGTH, required: true }),
      title: textSchema({ max: PROMPT_TITLE_MAX_LENGTH, required: true }),
      text: textSchema({ max: PROMPT_TEXT_MAX_LENGTH, required: true }),
      position: PositionSchema.nullable().optional(),
    })
    .superRefine(coreRule(validatePromptForm)),
);

/** The VIN is accepted as typed; the API stores core's normalizeVin of it. */
export const CreateOrderRequestSchema = named(
  'CreateOrderRequest',
  z
    .object({ string: textSchema({ max: VIN_INPUT_MAX_LENGTH, required: true }), partner_id: SerialIdSchema })
    .superRefine(
      coreRule((value) => {
        const message = validateVin(value.string);
        return toValidationResult(message === null ? {} : { string: message });
      }),
    ),
);

export const ListPartnersResponseSchema = named('ListPartnersResponse', z.object({ data: z.array(PartnerSchema) }));
export const PartnerResponseSchema = named('PartnerResponse', z.object({ data: PartnerSchema }));
export const ListPromptsResponseSchema = named('ListPromptsResponse', z.object({ data: z.array(PromptSchema) }));
export const PromptResponseSchema = named('PromptResponse', z.object({ data: PromptSchema }));
export const ListOrdersResponseSchema = named('ListOrdersResponse', z.object({ data: z.array(OrderSchema) }));
export const OrderResponseSchema = named('OrderResponse', z.object({ data: OrderSchema }));
export const OrderDetailResponseSchema = named(
  'OrderDetailResponse',
  z.object({ order: OrderSchema, parts: answerList(OrderPartSchema, REPORT_SECTION_KEYS.length) }),
);
/** The saved report file: the order with every section's result. */
export const OrderReportSchema = OrderSchema;

export const PartnerParamsSchema = z.object({ id: SerialIdParamSchema });
export const PromptParamsSchema = z.object({ id: SerialIdParamSchema, promptId: SerialIdParamSchema });
export const OrderParamsSchema = z.object({ id: SerialIdParamSchema, orderId: IdParamSchema });

export const partnersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/partners',
    summary: 'Partners',
    auth: 'admin',
    responses: { 200: ListPartnersResponseSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/partners/:id',
    summary: 'One partner',
    auth: 'admin',
    params: PartnerParamsSchema,
    responses: { 200: PartnerResponseSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/partners',
    summary: 'Create a partner',
    auth: 'admin',
    multipart: true,
    body: CreatePartnerRequestSchema,
    responses: { 201: PartnerResponseSchema },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/partners/:id',
    summary: 'Update a partner (POST with _method PUT)',
    auth: 'admin',
    multipart: true,
    params: PartnerParamsSchema,
    body: UpdatePartnerRequestSchema,
    responses: { 200: PartnerResponseSchema },
  }),
  prompts: defineEndpoint({
    method: 'GET',
    path: '/api/partners/:id/prompts',
    summary: "A partner's key prompts",
    auth: 'admin',
    params: PartnerParamsSchema,
    responses: { 200: ListPromptsResponseSchema },
  }),
  createPrompt: defineEndpoint({
    method: 'POST',
    path: '/api/partners/:id/prompts',
    summary: 'Create a prompt',
    auth: 'admin',
    params: PartnerParamsSchema,
    body: SavePromptRequestSchema,
    responses: { 201: PromptResponseSchema },
  }),
  prompt: defineEndpoint({
    method: 'GET',
    path: '/api/partners/:id/prompts/:promptId',
    summary: 'One prompt',
    auth: 'admin',
    params: PromptParamsSchema,
    responses: { 200: PromptResponseSchema },
  }),
  updatePrompt: defineEndpoint({
    method: 'PUT',
    path: '/api/partners/:id/prompts/:promptId',
    summary: 'Update a prompt',
    auth: 'admin',
    params: PromptParamsSchema,
    body: SavePromptRequestSchema,
    responses: { 200: PromptResponseSchema },
  }),
  deletePrompt: defineEndpoint({
    method: 'DELETE',
    path: '/api/partners/:id/prompts/:promptId',
    summary: 'Delete a prompt',
    auth: 'admin',
    params: PromptParamsSchema,
    responses: { 204: NoBodySchema },
  }),
  orders: defineEndpoint({
    method: 'GET',
    path: '/api/partners/:id/orders',
    summary: "A partner's report orders",
    auth: 'admin',
    params: PartnerParamsSchema,
    responses: { 200: ListOrdersResponseSchema },
  }),
  createOrder: defineEndpoint({
    method: 'POST',
    path: '/api/partners/:id/orders',
    summary: 'Order a vehicle-history report by VIN',
    auth: 'admin',
    params: PartnerParamsSchema,
    body: CreateOrderRequestSchema,
    responses: { 201: OrderResponseSchema },
  }),
  order: defineEndpoint({
    method: 'GET',
    path: '/api/partners/:id/orders/:orderId',
    summary: 'An order with its parts and per-section results',
    auth: 'admin',
    params: OrderParamsSchema,
    responses: { 200: OrderDetailResponseSchema },
  }),
  refreshOrder: defineEndpoint({
    method: 'POST',
    path: '/api/partners/:id/orders/:orderId/refresh',
    summary: 'Ask the provider again for unfinished sections',
    auth: 'admin',
    params: OrderParamsSchema,
    responses: { 200: OrderDetailResponseSchema },
  }),
  /** Only a completed order has a report (core canDownloadOrder); otherwise 409. */
  downloadOrder: defineEndpoint({
    method: 'GET',
    path: '/api/partners/:id/orders/:orderId/download',
    summary: 'Download the JSON report of a completed order',
    auth: 'admin',
    params: OrderParamsSchema,
    download: true,
    responses: { 200: OrderReportSchema, 409: ErrorSchema },
  }),
};
