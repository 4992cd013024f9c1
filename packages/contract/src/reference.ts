import { MESSAGES, REFERENCE_NAME_MAX_LENGTH, SYNONYMS_MAX, URL_MAX_LENGTH, CITY_MAX_LENGTH } from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  answerList,
  answerText,
  BooleanParamSchema,
  IdSchema,
  NoBodySchema,
  SerialIdListParamSchema,
  SerialIdParamSchema,
  SerialIdSchema,
  textSchema,
} from './fields';
import { named } from './schema-names';

const SynonymsSchema = answerList(answerText(REFERENCE_NAME_MAX_LENGTH), SYNONYMS_MAX);
const NameAnswerSchema = answerText(REFERENCE_NAME_MAX_LENGTH);
const NameSchema = textSchema({ max: REFERENCE_NAME_MAX_LENGTH, required: true });
/** Synonyms as the admin forms send them; blank ones are dropped by the API. */
const SynonymsInputSchema = z
  .array(textSchema({ max: REFERENCE_NAME_MAX_LENGTH }), { error: MESSAGES.invalidValue })
  .max(SYNONYMS_MAX, MESSAGES.maxItems(SYNONYMS_MAX));

export const BrandSchema = named(
  'Brand',
  z.object({
    id: IdSchema,
    name: NameAnswerSchema,
    icon: answerText(URL_MAX_LENGTH).nullable(),
    popular: z.boolean(),
    synonyms: SynonymsSchema,
  }),
);
export const ModelSchema = named(
  'Model',
  z.object({ id: IdSchema, name: NameAnswerSchema, synonyms: SynonymsSchema, car_brand_id: IdSchema }),
);
export const GenerationSchema = named(
  'Generation',
  z.object({ id: IdSchema, name: NameAnswerSchema, yearFrom: z.number().int(), yearTo: z.number().int().nullable() }),
);
export const ConfigurationSchema = named('Configuration', z.object({ id: IdSchema, name: NameAnswerSchema }));
export const CitySchema = named(
  'City',
  z.object({
    id: IdSchema,
    city: answerText(CITY_MAX_LENGTH),
    region: NameAnswerSchema,
    region_type: NameAnswerSchema,
    synonyms: SynonymsSchema,
  }),
);
export type Brand = z.infer<typeof BrandSchema>;
export type Model = z.infer<typeof ModelSchema>;
export type Generation = z.infer<typeof GenerationSchema>;
export type Configuration = z.infer<typeof ConfigurationSchema>;
export type City = z.infer<typeof CitySchema>;

export const ReferenceIdParamsSchema = z.object({ id: SerialIdParamSchema });

/** popular=true|false splits the brands dialog's two lists; ids loads the brands of a stored selection. */
export const ListBrandsQuerySchema = named(
  'ListBrandsQuery',
  z.object({ popular: BooleanParamSchema.optional(), ids: SerialIdListParamSchema.optional() }),
);
export const ListBrandsResponseSchema = named('ListBrandsResponse', z.object({ data: z.array(BrandSchema) }));
export const BrandResponseSchema = named('BrandResponse', z.object({ data: BrandSchema }));

export const ListModelsQuerySchema = named(
  'ListModelsQuery',
  z.object({ car_brand_id: SerialIdParamSchema.optional(), ids: SerialIdListParamSchema.optional() }),
);
export const ListModelsResponseSchema = named('ListModelsResponse', z.object({ data: z.array(ModelSchema) }));
export const ModelResponseSchema = named('ModelResponse', z.object({ data: ModelSchema }));
export const ListGenerationsResponseSchema = named(
  'ListGenerationsResponse',
  z.object({ data: z.array(GenerationSchema) }),
);
export const ListConfigurationsResponseSchema = named(
  'ListConfigurationsResponse',
  z.object({ data: z.array(ConfigurationSchema) }),
);

export const ListCitiesQuerySchema = named('ListCitiesQuery', z.object({ ids: SerialIdListParamSchema.optional() }));
export const ListCitiesResponseSchema = named('ListCitiesResponse', z.object({ data: z.array(CitySchema) }));
export const CityResponseSchema = named('CityResponse', z.object({ data: CitySchema }));

export const GetCarDataRequestSchema = named(
  'GetCarDataRequest',
  z.object({
    brand_id: SerialIdSchema,
    model_id: SerialIdSchema,
    generation_id: SerialIdSchema.nullable().optional(),
    configuration_id: SerialIdSchema.nullable().optional(),
  }),
);
/** generation and configuration are present when the request names them. */
export const GetCarDataResponseSchema = named(
  'GetCarDataResponse',
  z.object({
    brand: BrandSchema,
    model: ModelSchema,
    generation: GenerationSchema.optional(),
    configuration: ConfigurationSchema.optional(),
  }),
);

// Admin forms for reference data (the brands, models and addresses screens).
export const SaveBrandRequestSchema = named(
  'SaveBrandRequest',
  z.object({
    name: NameSchema,
    icon: textSchema({ max: URL_MAX_LENGTH }).nullable().optional(),
    popular: z.boolean({ error: MESSAGES.invalidValue }),
    synonyms: SynonymsInputSchema,
  }),
);
export const SaveModelRequestSchema = named(
  'SaveModelRequest',
  z.object({ name: NameSchema, synonyms: SynonymsInputSchema, car_brand_id: SerialIdSchema }),
);
export const SaveCityRequestSchema = named(
  'SaveCityRequest',
  z.object({
    city: textSchema({ max: CITY_MAX_LENGTH, required: true }),
    region: NameSchema,
    region_type: NameSchema,
    synonyms: SynonymsInputSchema,
  }),
);

export const referenceEndpoints = {
  brands: defineEndpoint({
    method: 'GET',
    path: '/api/brands',
    summary: 'Brands, optionally only popular or not, or by ids',
    auth: 'guest',
    query: ListBrandsQuerySchema,
    responses: { 200: ListBrandsResponseSchema },
  }),
  brand: defineEndpoint({
    method: 'GET',
    path: '/api/brands/:id',
    summary: 'One brand',
    auth: 'guest',
    params: ReferenceIdParamsSchema,
    responses: { 200: BrandResponseSchema },
  }),
  models: defineEndpoint({
    method: 'GET',
    path: '/api/models',
    summary: 'Models of a brand, or by ids',
    auth: 'guest',
    query: ListModelsQuerySchema,
    responses: { 200: ListModelsResponseSchema },
  }),
  generations: defineEndpoint({
    method: 'GET',
    path: '/api/models/:id/generations',
    summary: 'Generations of a model',
    auth: 'guest',
    params: ReferenceIdParamsSchema,
    responses: { 200: ListGenerationsResponseSchema },
  }),
  configurations: defineEndpoint({
    method: 'GET',
    path: '/api/models/:id/configurations',
    summary: 'Body configurations of a model',
    auth: 'guest',
    params: ReferenceIdParamsSchema,
    responses: { 200: ListConfigurationsResponseSchema },
  }),
  cities: defineEndpoint({
    method: 'GET',
    path: '/api/addresses',
    summary: 'Cities, or the given ids',
    auth: 'guest',
    query: ListCitiesQuerySchema,
    responses: { 200: ListCitiesResponseSchema },
  }),
  carData: defineEndpoint({
    method: 'POST',
    path: '/api/car-data',
    summary: 'Brand and model records for a draft selection',
    auth: 'guest',
    body: GetCarDataRequestSchema,
    responses: { 200: GetCarDataResponseSchema },
  }),
  createBrand: defineEndpoint({
    method: 'POST',
    path: '/api/brands',
    summary: 'Create a brand',
    auth: 'admin',
    body: SaveBrandRequestSchema,
    responses: { 201: BrandResponseSchema },
  }),
  updateBrand: defineEndpoint({
    method: 'PUT',
    path: '/api/brands/:id',
    summary: 'Update a brand',
    auth: 'admin',
    params: ReferenceIdParamsSchema,
    body: SaveBrandRequestSchema,
    responses: { 200: BrandResponseSchema },
  }),
  deleteBrand: defineEndpoint({
    method: 'DELETE',
    path: '/api/brands/:id',
    summary: 'Delete a brand',
    auth: 'admin',
    params: ReferenceIdParamsSchema,
    responses: { 204: NoBodySchema },
  }),
  createModel: defineEndpoint({
    method: 'POST',
    path: '/api/models',
    summary: 'Create a model',
    auth: 'admin',
    body: SaveModelRequestSchema,
    responses: { 201: ModelResponseSchema },
  }),
  updateModel: defineEndpoint({
    method: 'PUT',
    path: '/api/models/:id',
    summary: 'Update a model',
    auth: 'admin',
    params: ReferenceIdParamsSchema,
    body: SaveModelRequestSchema,
    responses: { 200: ModelResponseSchema },
  }),
  deleteModel: defineEndpoint({
    method: 'DELETE',
    path: '/api/models/:id',
    summary: 'Delete a model',
    auth: 'admin',
    params: ReferenceIdParamsSchema,
    responses: { 204: NoBodySchema },
  }),
  createCity: defineEndpoint({
    method: 'POST',
    path: '/api/addresses',
    summary: 'Create a city',
    auth: 'admin',
    body: SaveCityRequestSchema,
    responses: { 201: CityResponseSchema },
  }),
  updateCity: defineEndpoint({
    method: 'PUT',
    path: '/api/addresses/:id',
    summary: 'Update a city',
    auth: 'admin',
    params: ReferenceIdParamsSchema,
    body: SaveCityRequestSchema,
    responses: { 200: CityResponseSchema },
  }),
  deleteCity: defineEndpoint({
    method: 'DELETE',
    path: '/api/addresses/:id',
    summary: 'Delete a city',
    auth: 'admin',
    params: ReferenceIdParamsSchema,
    responses: { 204: NoBodySchema },
  }),
};
