import { describe, expect, it } from 'vitest';
import { DraftSchema } from './drafts';
import { FilterSchema } from './filters';
import * as fixtures from './fixtures';
import { OrderPartSchema, OrderSchema, PartnerSchema, PromptSchema } from './partners';
import { PostSchema } from './posts';
import { BrandSchema, CitySchema, ConfigurationSchema, GenerationSchema, ModelSchema } from './reference';
import { SendSupportRequestSchema } from './support';
import { UserSchema } from './user';

describe('fixtures', () => {
  it('satisfy their schemas', () => {
    const pairs = [
      [UserSchema, fixtures.sampleUser],
      [PostSchema, fixtures.samplePost],
      [BrandSchema, fixtures.sampleBrand],
      [ModelSchema, fixtures.sampleModel],
      [GenerationSchema, fixtures.sampleGeneration],
      [ConfigurationSchema, fixtures.sampleConfiguration],
      [CitySchema, fixtures.sampleCity],
      [FilterSchema, fixtures.sampleFilter],
      [DraftSchema, fixtures.sampleDraft],
      [SendSupportRequestSchema, fixtures.sampleSupportRequest],
      [PartnerSchema, fixtures.samplePartner],
      [PromptSchema, fixtures.samplePrompt],
      [OrderSchema, fixtures.sampleOrder],
      ...fixtures.sampleOrderParts.map((part) => [OrderPartSchema, part] as const),
    ] as const;
    for (const [schema, value] of pairs) expect(schema.safeParse(value).success).toBe(true);
    expect(Object.keys(fixtures)).toHaveLength(14);
  });
});
