import { createHash } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { OWN_CHANNEL } from '@autoradar/core';
import type { Db } from '../client';
import { brands, cities, configurations, generations, models, type NewPost, type NewPostMedia } from '../schema';
import {
  bodyConditions,
  carEquipment,
  closingPhrases,
  demoChannels,
  demoDetailViews,
  demoModels,
  motoConditions,
  motoEquipment,
  serviceNotes,
  type DemoModel,
} from './demo-catalog';
import { demoImageUrls, ensureDemoImages, type DemoImageSpec } from './demo-images';
import { seededRandom } from '@autoradar/core/seeded-random';

export type SeedDemoOptions = {
  /** Root of served media; images go to `${mediaDir}/demo/` and are referenced as `/media/demo/<file>.jpg`. */
  mediaDir: string;
  count?: number;
  /** The moment the demo feed is relative to (publication times spread over the ~10 days before it). */
  now?: Date;
  /** PRNG seed: the same seed gives the same listings. */
  seed?: number;
};

/** A demo listing as packages/server's seedListings inserts it: the post and its photos. */
export type DemoListing = { post: NewPost; media: Omit<NewPostMedia, 'postId'>[] };

const DAY_MS = 86_400_000;

/** mulberry32: tiny, fast and good enough to make demo data reproducible. */
function createRandom(seed: number) {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
    return out;
  };
  const weighted = <T>(items: readonly T[], weight: (item: T) => number): T => {
    const total = items.reduce((sum, item) => sum + weight(item), 0);
    let r = next() * total;
    for (const item of items) {
      r -= weight(item);
      if (r <= 0) return item;
    }
    return items[items.length - 1]!;
  };
  return { next, int, pick, sample, weighted };
}

/** The PRNG seed of the demo feed unless a caller picks another. */
const DEMO_SEED = 20_240_601;

const slug = (m: DemoModel) =>
  `${m.kind}-${m.brand}-${m.model}`
    .toLowerCase()
    .replace(/[^a-z0-9а-яё]+/g, '-')
    .replace(/^-|-$/g, '');

const formatNumber = (n: number) => new Intl.NumberFormat('ru-RU').format(n);

function ownersText(n: number): string {
  const word = n === 1 ? 'владелец' : n < 5 ? 'владельца' : 'владельцев';
  return `По ПТС ${n} ${word}.`;
}

function imageSpecs(seed: number): { models: Map<DemoModel, DemoImageSpec>; details: DemoImageSpec[] } {
  const random = createRandom(seed ^ 0x5eed);
  const modelSpecs = new Map<DemoModel, DemoImageSpec>();
  for (const m of demoModels) {
    modelSpecs.set(m, {
      name: slug(m),
      title: `${m.brand} ${m.model}`,
      subtitle: 'Демо-фото',
      hue: random.int(0, 359),
      shape: m.kind,
    });
  }
  const details = demoDetailViews.map((view, i) => ({
    name: `detail-${i + 1}`,
    title: view,
    subtitle: 'Демо-фото',
    hue: random.int(0, 359),
    shape: 'none' as const,
  }));
  return { models: modelSpecs, details };
}

/** Renders the demo photos missing under `${mediaDir}/demo/`; resolves with how many it rendered. */
export function renderDemoImages(opts: SeedDemoOptions): Promise<number> {
  const specs = imageSpecs(opts.seed ?? DEMO_SEED);
  return ensureDemoImages(opts.mediaDir, [...specs.models.values(), ...specs.details]);
}

/**
 * Plans a demo feed (`is_demo = true`) from the imported reference data: own (`site`) and channel listings with
 * Russian HTML descriptions, realistic prices and 1-3 photos each (renderDemoImages draws them). Writes nothing: the
 * listings are inserted by packages/server (listings/demo-listings.ts), the one writer of `posts`.
 */
export async function planDemoListings(db: Pick<Db, 'select'>, opts: SeedDemoOptions): Promise<DemoListing[]> {
  const count = opts.count ?? 300;
  const now = opts.now ?? new Date();
  const seed = opts.seed ?? DEMO_SEED;
  const specs = imageSpecs(seed);
  const catalog = await loadCatalog(db, now.getUTCFullYear());
  const topCities = await db
    .select({ id: cities.id, city: cities.city, population: cities.population })
    .from(cities)
    .orderBy(desc(cities.population), cities.id)
    .limit(60);
  if (catalog.length === 0 || topCities.length === 0) {
    throw new Error('Демо-данные строятся из справочников: сначала выполните importReferenceData');
  }

  const random = createRandom(seed);
  const messageIds = new Map<string, number>();
  const listings: Array<{ post: NewPost; photos: DemoImageSpec[] }> = [];
  for (let i = 0; i < count; i++) {
    // Motorcycles are a small share of the market, and of the demo feed.
    const wantMoto = random.next() < 0.06;
    const candidates = catalog.filter((c) => (c.demo.kind === 'moto') === wantMoto);
    const entry = random.pick(candidates.length > 0 ? candidates : catalog);
    const { demo } = entry;
    const year = random.int(demo.years[0], Math.min(demo.years[1], now.getUTCFullYear()));
    const age = Math.max(0, now.getUTCFullYear() - year);
    const generation = entry.generations.find((g) => (g.yearFrom ?? 0) <= year && year <= (g.yearTo ?? 9999));
    const configuration = generation ? random.pick([null, ...generation.configurations]) : null;

    const step = demo.kind === 'moto' ? 5_000 : 10_000;
    const base = demo.anchor[1] * (1 - demo.depreciation) ** (demo.anchor[0] - year);
    const price = Math.max(step, Math.round((base * (0.9 + random.next() * 0.2)) / step) * step);
    const yearly = demo.kind === 'moto' ? random.int(2_000, 6_000) : random.int(9_000, 24_000);
    const mileage = Math.max(demo.kind === 'moto' ? 300 : 1_000, Math.round((Math.max(age, 0.4) * yearly) / 100) * 100);

    const city = random.weighted(topCities, (c) => Math.sqrt(c.population ?? 1));
    const isSite = random.next() < 0.35;
    const channel = isSite ? OWN_CHANNEL : (demoChannels[city.city as keyof typeof demoChannels] ?? demoChannels.other);

    // A fifth of the feed is under 24 hours old, so the basic tariff's delay shows on the demo.
    const ageMs = random.next() < 0.2 ? random.next() * DAY_MS : DAY_MS + random.next() * 9 * DAY_MS;
    const publishedAt = new Date(Math.floor((now.getTime() - ageMs) / 1000) * 1000);

    const title = `${demo.brand} ${demo.model} ${year}`;
    const text = describeListing(random, { demo, year, mileage, generation: generation?.name, configuration });
    const photoCount = random.int(1, 3);
    const photos = [specs.models.get(demo)!, ...random.sample(specs.details, photoCount - 1)];

    listings.push({
      photos,
      post: {
        channel,
        hash: isSite ? null : createHash('sha256').update(`demo:${seed}:${i}:${title}`).digest('hex').slice(0, 40),
        brandId: entry.brandId,
        modelId: entry.modelId,
        generationId: generation?.id ?? null,
        configurationId: configuration?.id ?? null,
        cityId: city.id,
        mark: demo.brand,
        model: demo.model,
        title,
        year,
        price,
        currency: 'RUB',
        mileage,
        text,
        location: city.city,
        status: 'published',
        isDemo: true,
        publishedAt,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      },
    });
  }

  // Oldest first, so ids (and channel message ids) grow with publication time as they do for real listings.
  listings.sort((a, b) => a.post.publishedAt!.getTime() - b.post.publishedAt!.getTime());
  for (const { post } of listings) {
    if (post.channel === OWN_CHANNEL) continue;
    const messageId = (messageIds.get(post.channel) ?? 1_000 + random.int(0, 500)) + random.int(1, 7);
    messageIds.set(post.channel, messageId);
    post.messageId = messageId;
    post.url = `https://t.me/${post.channel}/${messageId}`;
  }

  return listings.map(({ post, photos }) => ({
    post,
    media: photos.map((photo, position) => ({
      kind: 'photo' as const,
      ...demoImageUrls(photo.name),
      title: photo.title,
      position,
      isMain: position === 0,
    })),
  }));
}

type CatalogEntry = {
  demo: DemoModel;
  brandId: number;
  modelId: number;
  generations: Array<{
    id: number;
    name: string;
    yearFrom: number | null;
    yearTo: number | null;
    configurations: Array<{ id: number; name: string }>;
  }>;
};

async function loadCatalog(tx: Pick<Db, 'select'>, currentYear: number): Promise<CatalogEntry[]> {
  const rows = await tx
    .select({ brandId: brands.id, kind: brands.kind, brand: brands.name, modelId: models.id, model: models.name })
    .from(models)
    .innerJoin(brands, eq(models.brandId, brands.id))
    .where(
      and(
        inArray(brands.name, [...new Set(demoModels.map((m) => m.brand))]),
        inArray(models.name, [...new Set(demoModels.map((m) => m.model))]),
      ),
    );
  const modelIds = rows.map((r) => r.modelId);
  const gens = modelIds.length
    ? await tx.select().from(generations).where(inArray(generations.modelId, modelIds)).orderBy(generations.id)
    : [];
  const configs = gens.length
    ? await tx
        .select()
        .from(configurations)
        .where(
          inArray(
            configurations.generationId,
            gens.map((g) => g.id),
          ),
        )
        .orderBy(configurations.id)
    : [];

  return demoModels.flatMap((demo) => {
    const row = rows.find((r) => r.kind === demo.kind && r.brand === demo.brand && r.model === demo.model);
    if (!row || demo.years[0] > currentYear) return [];
    return [
      {
        demo,
        brandId: row.brandId,
        modelId: row.modelId,
        generations: gens
          .filter((g) => g.modelId === row.modelId)
          .map((g) => ({ ...g, configurations: configs.filter((c) => c.generationId === g.id) })),
      },
    ];
  });
}

function describeListing(
  random: ReturnType<typeof createRandom>,
  l: {
    demo: DemoModel;
    year: number;
    mileage: number;
    generation: string | undefined;
    configuration: { name: string } | null;
  },
): string {
  const isMoto = l.demo.kind === 'moto';
  const body = l.configuration ? `, кузов ${l.configuration.name.toLowerCase()}` : '';
  const generation = l.generation ? ` (поколение ${l.generation})` : '';
  const owners = random.int(1, 4);
  const paragraphs = [
    // Body names may end in an abbreviation dot ("5 дв."), which already closes the sentence.
    `Продаю ${l.demo.brand} ${l.demo.model} ${l.year} года${generation}${body}.`.replace(/\.\.$/, '.'),
    isMoto
      ? random.pick(motoConditions)
      : [random.pick(bodyConditions), ...random.sample(serviceNotes, random.int(0, 2))].join(' '),
    isMoto
      ? `Пробег ${formatNumber(l.mileage)} км. ${ownersText(owners)}`
      : `Пробег ${formatNumber(l.mileage)} км, подтверждён историей обслуживания. ${ownersText(owners)}`,
  ];
  const equipment = random.sample(isMoto ? motoEquipment : carEquipment, random.int(3, 5));
  const closing: string[] = [random.pick(closingPhrases)];
  if (random.next() < 0.4) closing.push('Обмен не интересует.');
  closing.push(
    random.pick(['Звоните или пишите в Telegram.', 'Пишите, отвечу на все вопросы.', 'Осмотр в любое время.']),
  );

  return [
    ...paragraphs.map((p) => `<p>${p}</p>`),
    `<p>Комплектация:</p>`,
    `<ul>${equipment.map((item) => `<li>${item}</li>`).join('')}</ul>`,
    `<p>${closing.join(' ')}</p>`,
  ].join('\n');
}
