import {
  DELIVERY_CHANNELS,
  FEED_IDS_MAX,
  FILTER_NAME_MAX_LENGTH,
  MESSAGES,
  SEND_MODES,
  toValidationResult,
  validateFilterRanges,
  validateSaveFilter,
  type FilterCriteria,
} from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  answerList,
  answerText,
  coreRule,
  HtmlPageSchema,
  IdParamSchema,
  IdSchema,
  idListSchema,
  intSchema,
  NoBodySchema,
  PriceBoundSchema,
  textSchema,
  YearSchema,
} from './fields';
import { named } from './schema-names';

/** Core's FilterCriteria fields, each a schema; `satisfies` keeps the key set exactly core's. */
type CriteriaShape = { [K in keyof FilterCriteria]: z.ZodType };

/** Brands, models, cities (ids) and price/year bounds: shared by the feed search and saved filters (spec §3). */
export const filterCriteriaShape = {
  brands: idListSchema('serial'),
  models: idListSchema('serial'),
  cities: idListSchema('serial'),
  priceFrom: PriceBoundSchema.nullable(),
  priceTo: PriceBoundSchema.nullable(),
  yearFrom: YearSchema.nullable(),
  yearTo: YearSchema.nullable(),
  /** «Только хорошая цена» (issue 33); absent: off. */
  goodPriceOnly: z.boolean({ error: MESSAGES.invalidValue }).default(false),
} satisfies CriteriaShape;

/** The criteria as answers state them: types only, so a bound tightened later cannot make stored filters unreadable. */
const storedCriteriaShape = {
  brands: answerList(IdSchema, FEED_IDS_MAX),
  models: answerList(IdSchema, FEED_IDS_MAX),
  cities: answerList(IdSchema, FEED_IDS_MAX),
  priceFrom: z.number().int().nullable(),
  priceTo: z.number().int().nullable(),
  yearFrom: z.number().int().nullable(),
  yearTo: z.number().int().nullable(),
  goodPriceOnly: z.boolean(),
} satisfies CriteriaShape;

/** "HH:MM". */
const TIME_TEXT_LENGTH = 5;

/** Bounds checked by core at the moment of the request (the current year moves). */
export const filterRangesRule = coreRule((value: Parameters<typeof validateFilterRanges>[0]) =>
  validateFilterRanges(value, new Date()),
);

export const WorktimeSettingsSchema = named(
  'WorktimeSettings',
  z.object({
    days: answerList(z.number().int(), 7),
    start: answerText(TIME_TEXT_LENGTH),
    end: answerText(TIME_TEXT_LENGTH),
  }),
);

/**
 * Working hours as a request carries them: at most seven weekdays 0-6 and HH:MM times. Core's
 * validateWorktimeSettings adds that each day is given once and the window is not empty.
 */
const WorktimeSettingsInputSchema = z.object(
  {
    days: z
      .array(intSchema({ min: 0, max: 6, message: MESSAGES.invalidWeekday }), { error: MESSAGES.invalidValue })
      .max(7, MESSAGES.invalidWeekday),
    start: textSchema({ max: TIME_TEXT_LENGTH }),
    end: textSchema({ max: TIME_TEXT_LENGTH }),
  },
  { error: MESSAGES.invalidValue },
);

export const FilterSchema = named(
  'Filter',
  z.object({
    id: IdSchema,
    name: answerText(FILTER_NAME_MAX_LENGTH),
    ...storedCriteriaShape,
    active: z.boolean(),
    send_mode: z.enum(SEND_MODES),
    worktime_settings: WorktimeSettingsSchema.nullable(),
    via: answerList(z.enum(DELIVERY_CHANNELS), DELIVERY_CHANNELS.length),
  }),
);
export type Filter = z.infer<typeof FilterSchema>;

/**
 * Create and update carry the whole filter. Core checks the name, destinations, send mode, working hours and bounds;
 * whether the user can receive e-mail or messages is checked by the API with the user at hand
 * (core validateSaveFilter(form, owner)), and 'active' is kept off for non-PRO users.
 */
export const SaveFilterRequestSchema = named(
  'SaveFilterRequest',
  z
    .object({
      name: textSchema({ max: FILTER_NAME_MAX_LENGTH, required: MESSAGES.filterNameRequired }),
      ...filterCriteriaShape,
      active: z.boolean({ error: MESSAGES.invalidValue }),
      send_mode: z.enum(SEND_MODES, { error: MESSAGES.invalidValue }),
      worktime_settings: WorktimeSettingsInputSchema.nullable(),
      via: z
        .array(z.enum(DELIVERY_CHANNELS, { error: MESSAGES.invalidValue }), { error: MESSAGES.invalidValue })
        .max(DELIVERY_CHANNELS.length, MESSAGES.invalidValue),
    })
    .superRefine(
      coreRule((value) =>
        toValidationResult({ ...validateFilterRanges(value, new Date()).errors, ...validateSaveFilter(value).errors }),
      ),
    ),
);
export type SaveFilterRequest = z.input<typeof SaveFilterRequestSchema>;

export const ListFiltersResponseSchema = named('ListFiltersResponse', z.object({ data: z.array(FilterSchema) }));
export const FilterResponseSchema = named('FilterResponse', z.object({ data: FilterSchema }));
export const ToggleFilterRequestSchema = named(
  'ToggleFilterRequest',
  z.object({ active: z.boolean({ error: MESSAGES.invalidValue }) }),
);
export const FilterIdParamsSchema = z.object({ id: IdParamSchema });
/** The secret of a notification e-mail's unsubscribe link (a UUID kept with the filter). */
export const UnsubscribeQuerySchema = z.object({ token: z.string().max(64).default('') });

export const filtersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/user/filters',
    summary: "The user's saved filters",
    auth: 'user',
    responses: { 200: ListFiltersResponseSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/user/filters',
    summary: 'Save a filter',
    auth: 'user',
    body: SaveFilterRequestSchema,
    responses: { 201: FilterResponseSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/user/filters/:id',
    summary: 'Replace a saved filter',
    auth: 'user',
    params: FilterIdParamsSchema,
    body: SaveFilterRequestSchema,
    responses: { 200: FilterResponseSchema },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/user/filters/:id',
    summary: 'Delete a saved filter',
    auth: 'user',
    params: FilterIdParamsSchema,
    responses: { 204: NoBodySchema },
  }),
  /** Notifications are PRO-only, so is switching them on and off (spec §4). */
  toggle: defineEndpoint({
    method: 'PATCH',
    path: '/api/user/filters/:id/toggle',
    summary: 'Switch notifications of a saved filter',
    auth: 'pro',
    params: FilterIdParamsSchema,
    body: ToggleFilterRequestSchema,
    responses: { 200: FilterResponseSchema },
  }),
  /** The one-click link of a notification e-mail (and its List-Unsubscribe header): pauses the filter, no sign-in. */
  unsubscribe: defineEndpoint({
    method: 'GET',
    path: '/filters/:id/unsubscribe',
    summary: 'Pause a saved filter from its notification e-mail',
    auth: 'guest',
    params: FilterIdParamsSchema,
    query: UnsubscribeQuerySchema,
    html: true,
    responses: { 200: HtmlPageSchema, 404: HtmlPageSchema },
  }),
};
