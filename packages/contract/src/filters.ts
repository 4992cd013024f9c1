import {
  DELIVERY_CHANNELS,
  MESSAGES,
  PRICE_MAX,
  PRICE_MIN,
  SEND_MODES,
  YEAR_MIN,
  toValidationResult,
  validateFilterRanges,
  validateSaveFilter,
} from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { coreRule, IdParamSchema, IdSchema, NoBodySchema } from './fields';
import { named } from './schema-names';

const NullableIntSchema = z.number({ error: MESSAGES.invalidValue }).int(MESSAGES.invalidValue).nullable();

// Documentation only: the bounds are enforced by core's rule below, these keywords describe them in OpenAPI.
const priceBounds = { minimum: PRICE_MIN, maximum: PRICE_MAX };
const yearBounds = { minimum: YEAR_MIN, description: `${YEAR_MIN} to the current year` };

/** Brands, models, cities (ids) and price/year bounds: shared by the feed search and saved filters (spec §3). */
export const filterCriteriaShape = {
  brands: z.array(IdSchema),
  models: z.array(IdSchema),
  cities: z.array(IdSchema),
  priceFrom: NullableIntSchema.meta(priceBounds),
  priceTo: NullableIntSchema.meta(priceBounds),
  yearFrom: NullableIntSchema.meta(yearBounds),
  yearTo: NullableIntSchema.meta(yearBounds),
};

/** Bounds checked by core at the moment of the request (the current year moves). */
export const filterRangesRule = coreRule((value: Parameters<typeof validateFilterRanges>[0]) =>
  validateFilterRanges(value, new Date()),
);

export const WorktimeSettingsSchema = named(
  'WorktimeSettings',
  z.object({
    days: z.array(z.number().int()),
    start: z.string(),
    end: z.string(),
  }),
);

export const FilterSchema = named(
  'Filter',
  z.object({
    id: IdSchema,
    name: z.string(),
    ...filterCriteriaShape,
    active: z.boolean(),
    send_mode: z.enum(SEND_MODES),
    worktime_settings: WorktimeSettingsSchema.nullable(),
    via: z.array(z.enum(DELIVERY_CHANNELS)),
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
      name: z.string({ error: MESSAGES.filterNameRequired }),
      ...filterCriteriaShape,
      active: z.boolean(),
      send_mode: z.enum(SEND_MODES, { error: MESSAGES.invalidValue }),
      worktime_settings: WorktimeSettingsSchema.nullable(),
      via: z.array(z.enum(DELIVERY_CHANNELS, { error: MESSAGES.invalidValue })),
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
export const ToggleFilterRequestSchema = named('ToggleFilterRequest', z.object({ active: z.boolean() }));
export const FilterIdParamsSchema = z.object({ id: IdParamSchema });

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
};
