import { describe, expect, it } from 'vitest';
import { parseWithContract } from './errors';
import { sampleBrand, sampleCity, sampleConfiguration, sampleGeneration, sampleModel } from './fixtures';
import {
  BrandSchema,
  CitySchema,
  ConfigurationSchema,
  GenerationSchema,
  GetCarDataRequestSchema,
  GetCarDataResponseSchema,
  ListBrandsQuerySchema,
  ListModelsQuerySchema,
  ModelSchema,
  SaveBrandRequestSchema,
  SaveCityRequestSchema,
} from './reference';

describe('reference entities', () => {
  it('accept spec-shaped samples', () => {
    expect(BrandSchema.parse(sampleBrand)).toEqual(sampleBrand);
    expect(ModelSchema.parse(sampleModel)).toEqual(sampleModel);
    expect(GenerationSchema.parse(sampleGeneration)).toEqual(sampleGeneration);
    expect(ConfigurationSchema.parse(sampleConfiguration)).toEqual(sampleConfiguration);
    expect(CitySchema.parse(sampleCity)).toEqual(sampleCity);
    expect(GetCarDataResponseSchema.safeParse({ brand: sampleBrand, model: sampleModel }).success).toBe(true);
    const full = {
      brand: sampleBrand,
      model: sampleModel,
      generation: sampleGeneration,
      configuration: sampleConfiguration,
    };
    expect(GetCarDataResponseSchema.parse(full)).toEqual(full);
  });

  it('reject missing synonyms and fractional years', () => {
    const { synonyms: _, ...noSynonyms } = sampleBrand;
    expect(BrandSchema.safeParse(noSynonyms).success).toBe(false);
    expect(GenerationSchema.safeParse({ ...sampleGeneration, yearFrom: 2017.5 }).success).toBe(false);
  });
});

describe('reference queries', () => {
  it('take popular=true|false and comma-separated ids', () => {
    expect(ListBrandsQuerySchema.safeParse({ popular: 'true' }).success).toBe(true);
    expect(ListBrandsQuerySchema.safeParse({ popular: 'false', ids: '1,2,3' }).success).toBe(true);
    expect(ListBrandsQuerySchema.safeParse({ popular: 'yes' }).success).toBe(false);
    expect(parseWithContract(ListBrandsQuerySchema, { ids: '1,,2' })).toMatchObject({
      error: { errors: { ids: ['Некорректный идентификатор'] } },
    });
    expect(ListModelsQuerySchema.safeParse({ car_brand_id: '5' }).success).toBe(true);
    expect(ListModelsQuerySchema.safeParse({ car_brand_id: '0' }).success).toBe(false);
  });

  it('take brand and model for car data', () => {
    expect(GetCarDataRequestSchema.safeParse({ brand_id: 1, model_id: 10 }).success).toBe(true);
    expect(
      GetCarDataRequestSchema.safeParse({ brand_id: 1, model_id: 10, generation_id: 5, configuration_id: null })
        .success,
    ).toBe(true);
    expect(GetCarDataRequestSchema.safeParse({ brand_id: 1 }).success).toBe(false);
  });
});

describe('admin reference forms', () => {
  it('require names', () => {
    expect(SaveBrandRequestSchema.safeParse({ name: 'Haval', popular: true, synonyms: ['Хавал'] }).success).toBe(true);
    expect(parseWithContract(SaveBrandRequestSchema, { name: '  ', popular: false, synonyms: [] })).toMatchObject({
      error: { errors: { name: ['Обязательное поле'] } },
    });
    expect(
      parseWithContract(SaveCityRequestSchema, { city: 'Казань', region: '', region_type: 'Респ', synonyms: [] }),
    ).toMatchObject({
      error: { errors: { region: ['Обязательное поле'] } },
    });
  });
});
