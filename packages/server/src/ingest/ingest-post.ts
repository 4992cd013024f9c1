// Storing an ingested channel or wall post (issue 15, DESIGN.md §6): analyse it (core), find whether the vehicle is
// already listed (the same source post, a repost with the same normalised text, or the same car re-worded with a shared
// photo), and either link the source to that listing or publish a new one. Edits update the listing (with price
// history) or unpublish it when they say it is sold. Every change goes through the listing lifecycle
// (listings/listing-lifecycle.ts), which announces it once the transaction has committed.
import { contentHash, isClosePrice, isSameVehicle } from '@autoradar/core/aggregation';
import { findVin } from '@autoradar/core';
import { rejectedOutcomeOf, type SourcePostOutcome } from '@autoradar/core/source-links';
import { analysePost, mentionsSold, type AnalysisIndex, type PostAnalysis } from '@autoradar/core/analysis/index';
import {
  brands,
  cities,
  models,
  posts,
  postSources,
  sourcePosts,
  sources,
  type Db,
  type DbTransaction,
  type Source,
} from '@autoradar/db';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  changeListings,
  publishListing,
  unpublishListing,
  updateListing,
  type ListingChanges,
  type ListingDeps,
  type ListingTx,
} from '../listings/listing-lifecycle';
import { buildListingText } from '../listings/listing-text';
import { ingestedPostsTotal } from '../runtime/metrics';

export interface IngestPhoto {
  /** 64-bit dHash of the photo (photoDHash), 16 hex digits. */
  dhash: string;
  url: string;
  urlSm: string | null;
}

export interface IngestInput {
  source: Source;
  /** Telegram message id (the album's first) or VK wall post id. */
  messageId: number;
  text: string;
  url: string | null;
  photos: readonly IngestPhoto[];
  /** VK only: the wall's owner id. */
  vkOwnerId?: number;
}

export type IngestResult =
  | { status: 'rejected'; reason: string }
  | { status: 'published'; postId: number }
  | { status: 'linked'; postId: number; by: 'repost' | 'same-vehicle' }
  | { status: 'known'; postId: number }
  /** `changed`: whether the edit changed anything the listing shows (its price, text, facts). */
  | { status: 'updated'; postId: number; changed: boolean }
  | { status: 'unpublished'; postId: number }
  | { status: 'unknown-message' };

/** Catalogue ids by name, looked up once per transaction (a read's posts name the same few brands and cities). */
type CatalogCache = Map<string, Promise<number | null>>;

function cachedId(cache: CatalogCache | undefined, key: string, find: () => Promise<number | null>) {
  if (!cache) return find();
  let id = cache.get(key);
  if (!id) {
    id = find();
    cache.set(key, id);
  }
  return id;
}

async function catalogIds(tx: Db | DbTransaction, analysis: PostAnalysis, cache?: CatalogCache) {
  let brandId: number | null = null;
  let modelId: number | null = null;
  let cityId: number | null = null;
  if (analysis.catalog) {
    const kind = analysis.kind ?? 'car';
    const brandName = analysis.catalog.brand;
    brandId = await cachedId(cache, `b\u0000${kind}\u0000${brandName}`, async () => {
      const [brand] = await tx
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.name, brandName), eq(brands.kind, kind)))
        .limit(1);
      return brand?.id ?? null;
    });
    const modelName = analysis.catalog.model;
    if (brandId !== null && modelName) {
      const inBrand = brandId;
      modelId = await cachedId(cache, `m\u0000${inBrand}\u0000${modelName}`, async () => {
        const [model] = await tx
          .select({ id: models.id })
          .from(models)
          .where(and(eq(models.brandId, inBrand), eq(models.name, modelName)))
          .limit(1);
        return model?.id ?? null;
      });
    }
  }
  const cityName = analysis.city;
  if (cityName) {
    cityId = await cachedId(cache, `c\u0000${cityName}`, async () => {
      const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.city, cityName)).limit(1);
      return city?.id ?? null;
    });
  }
  return { brandId, modelId, cityId };
}

/** A source's lifetime counters, added up over a transaction's posts and written once at its end. */
type Tally = Map<number, { postsSeen: number; postsPublished: number; postsRejected: number }>;

function count(tally: Tally, sourceId: number, column: 'postsSeen' | 'postsPublished' | 'postsRejected') {
  let row = tally.get(sourceId);
  if (!row) {
    row = { postsSeen: 0, postsPublished: 0, postsRejected: 0 };
    tally.set(sourceId, row);
  }
  row[column]++;
}

async function writeTally(tx: Db | DbTransaction, tally: Tally) {
  for (const [sourceId, row] of tally) {
    if (row.postsSeen + row.postsPublished + row.postsRejected === 0) continue;
    await tx
      .update(sources)
      .set({
        postsSeen: sql`${sources.postsSeen} + ${row.postsSeen}`,
        postsPublished: sql`${sources.postsPublished} + ${row.postsPublished}`,
        postsRejected: sql`${sources.postsRejected} + ${row.postsRejected}`,
      })
      .where(eq(sources.id, sourceId));
  }
}

/** The start of a post's text «Источники» shows beside its outcome (one line, cut at a word). */
const EXCERPT_LENGTH = 160;
function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= EXCERPT_LENGTH) return line;
  const cut = line.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** What became of a source post, for «Источники» (its 24-hour counters and latest posts). */
async function recordOutcome(
  l: { tx: Db | DbTransaction; now: Date },
  input: IngestInput,
  outcome: SourcePostOutcome,
  extra: { reason?: string | null; postId?: number | null } = {},
) {
  await l.tx
    .insert(sourcePosts)
    .values({
      sourceId: input.source.id,
      messageId: input.messageId,
      outcome,
      reason: extra.reason ?? null,
      postId: extra.postId ?? null,
      url: input.url,
      excerpt: excerptOf(input.text),
      seenAt: l.now,
    })
    .onConflictDoNothing();
}

async function linkSource(tx: Db | DbTransaction, postId: number, input: IngestInput, hash: string | null) {
  await tx
    .insert(postSources)
    .values({
      postId,
      sourceId: input.source.id,
      messageId: input.messageId,
      url: input.url,
      contentHash: hash,
      photoHashes: input.photos.map((photo) => photo.dhash),
    })
    .onConflictDoNothing();
}

/** The price an analysed post states, as a listing change (nothing when it states none). */
const statedPrice = (analysis: PostAnalysis): ListingChanges =>
  analysis.price === null ? {} : { price: analysis.price, currency: analysis.currency ?? 'RUB' };

/** A new post of a source (channel_post, a wall post): publish it, link it to its listing, or count it rejected. */
export async function ingestPost(deps: ListingDeps, index: AnalysisIndex, input: IngestInput): Promise<IngestResult> {
  const [result] = await ingestPosts(deps, index, [input]);
  return result!;
}

/**
 * New posts of one read (the scheduler, issue 28), each as ingestPost would take it, in order, in one transaction:
 * one commit, one lookup of the posts already known, the catalogue looked up once a name, the source's counters
 * written once. Either all of them are stored or none (a failed read is read again; ingestion is idempotent).
 */
export async function ingestPosts(
  deps: ListingDeps,
  index: AnalysisIndex,
  inputs: readonly IngestInput[],
): Promise<IngestResult[]> {
  if (inputs.length === 0) return [];
  const analyses = inputs.map((input) => analysePost(index, input.text));
  const results = await changeListings(deps, async (l) => {
    const known = await knownPosts(l.tx, inputs);
    const tally: Tally = new Map();
    const cache: CatalogCache = new Map();
    const done: IngestResult[] = [];
    for (const [i, input] of inputs.entries()) {
      const key = keyOf(input.source.id, input.messageId);
      const postId = known.get(key);
      if (postId !== undefined) {
        done.push({ status: 'known', postId });
        continue;
      }
      const result = await storePost(l, analyses[i]!, input, tally, cache);
      // A message given twice in one call is stored once, as separate calls would.
      if ('postId' in result) known.set(key, result.postId);
      done.push(result);
    }
    await writeTally(l.tx, tally);
    return done;
  });
  results.forEach((done, i) =>
    ingestedPostsTotal.inc({ kind: inputs[i]!.source.kind, via: inputs[i]!.source.readVia, result: done.status }),
  );
  return results;
}

const keyOf = (sourceId: number, messageId: number) => `${sourceId}:${messageId}`;

/** The listings the inputs' source posts are already linked to, by source and message. */
async function knownPosts(tx: DbTransaction, inputs: readonly IngestInput[]): Promise<Map<string, number>> {
  const bySource = new Map<number, number[]>();
  for (const input of inputs)
    bySource.set(input.source.id, [...(bySource.get(input.source.id) ?? []), input.messageId]);
  const known = new Map<string, number>();
  for (const [sourceId, messageIds] of bySource) {
    const rows = await tx
      .select({ messageId: postSources.messageId, postId: postSources.postId })
      .from(postSources)
      .where(and(eq(postSources.sourceId, sourceId), inArray(postSources.messageId, messageIds)));
    for (const row of rows) known.set(keyOf(sourceId, row.messageId), row.postId);
  }
  return known;
}

/** Counts what ingestion did, once its transaction has committed (the metrics, issue 30). */
async function counted(source: Source, result: Promise<IngestResult>): Promise<IngestResult> {
  const done = await result;
  ingestedPostsTotal.inc({ kind: source.kind, via: source.readVia, result: done.status });
  return done;
}

async function storePost(
  l: ListingTx,
  analysis: PostAnalysis,
  input: IngestInput,
  tally: Tally,
  cache: CatalogCache,
): Promise<IngestResult> {
  const { tx } = l;
  count(tally, input.source.id, 'postsSeen');
  if (!analysis.is_sale) {
    count(tally, input.source.id, 'postsRejected');
    await recordOutcome(l, input, rejectedOutcomeOf(analysis.reason), { reason: analysis.reason ?? 'no-vehicle' });
    return { status: 'rejected', reason: analysis.reason ?? 'no-vehicle' };
  }
  const hash = contentHash(input.text);
  if (hash) {
    const [repost] = await tx
      .select({ postId: postSources.postId })
      .from(postSources)
      .innerJoin(posts, eq(posts.id, postSources.postId))
      .where(and(eq(postSources.contentHash, hash), eq(posts.status, 'published')))
      .limit(1);
    if (repost) {
      await linkSource(tx, repost.postId, input, hash);
      await recordOutcome(l, input, 'duplicate', { reason: 'repost', postId: repost.postId });
      return { status: 'linked', postId: repost.postId, by: 'repost' };
    }
  }
  const ids = await catalogIds(tx, analysis, cache);
  if (ids.brandId !== null && analysis.year !== null && input.photos.length > 0) {
    const candidates = await tx
      .select({
        id: posts.id,
        price: posts.price,
        currency: posts.currency,
        mark: posts.mark,
        model: posts.model,
        year: posts.year,
      })
      .from(posts)
      .where(
        and(
          eq(posts.brandId, ids.brandId),
          ids.modelId === null ? sql`true` : eq(posts.modelId, ids.modelId),
          eq(posts.year, analysis.year),
          eq(posts.status, 'published'),
          ne(posts.channel, 'site'),
        ),
      )
      .limit(200);
    const close = candidates.filter((candidate) => isClosePrice(candidate.price, analysis.price));
    if (close.length > 0) {
      const hashes = await tx
        .select({ postId: postSources.postId, photoHashes: postSources.photoHashes })
        .from(postSources)
        .where(
          inArray(
            postSources.postId,
            close.map((candidate) => candidate.id),
          ),
        );
      const mine = {
        brand: analysis.brand,
        model: analysis.model,
        year: analysis.year,
        price: analysis.price,
        currency: analysis.currency,
        photoHashes: input.photos.map((photo) => photo.dhash),
      };
      for (const candidate of close) {
        const photoHashes = hashes.filter((row) => row.postId === candidate.id).flatMap((row) => row.photoHashes);
        const theirs = { ...mine, price: candidate.price, currency: candidate.currency, photoHashes };
        if (isSameVehicle(mine, theirs)) {
          await linkSource(tx, candidate.id, input, hash);
          await updateListing(l, candidate.id, statedPrice(analysis), { sourceId: input.source.id });
          await recordOutcome(l, input, 'duplicate', { reason: 'same-vehicle', postId: candidate.id });
          return { status: 'linked', postId: candidate.id, by: 'same-vehicle' };
        }
      }
    }
  }
  const isVk = input.source.kind === 'vk';
  const postId = await publishListing(
    l,
    {
      channel: isVk ? 'vk' : input.source.identifier,
      messageId: isVk ? null : input.messageId,
      vkOwnerId: isVk ? (input.vkOwnerId ?? Number(input.source.identifier)) : null,
      vkPostId: isVk ? input.messageId : null,
      url: input.url,
      hash,
      brandId: ids.brandId,
      modelId: ids.modelId,
      cityId: ids.cityId,
      mark: analysis.brand,
      model: analysis.model,
      title: analysis.title ?? analysis.brand ?? 'Объявление',
      year: analysis.year,
      price: analysis.price ?? 0,
      currency: analysis.currency ?? 'RUB',
      mileage: analysis.mileage_km,
      vin: findVin(input.text),
      text: buildListingText(input.text),
      location: analysis.city,
    },
    input.photos.map((photo, position) => ({
      kind: 'photo' as const,
      url: photo.url,
      urlSm: photo.urlSm,
      position,
      isMain: position === 0,
    })),
    { sourceId: input.source.id },
  );
  await linkSource(tx, postId, input, hash);
  count(tally, input.source.id, 'postsPublished');
  await recordOutcome(l, input, 'published', { postId });
  return { status: 'published', postId };
}

/** An edit of a source post (edited_channel_post): update its listing, or unpublish it when the edit says sold. */
export async function ingestEdit(
  deps: ListingDeps,
  index: AnalysisIndex,
  input: Pick<IngestInput, 'source' | 'messageId' | 'text'>,
): Promise<IngestResult> {
  return counted(input.source, storeEdit(deps, index, input));
}

async function storeEdit(
  deps: ListingDeps,
  index: AnalysisIndex,
  input: Pick<IngestInput, 'source' | 'messageId' | 'text'>,
): Promise<IngestResult> {
  return changeListings(deps, async (l) => {
    const { tx } = l;
    const [link] = await tx
      .select({ postId: postSources.postId })
      .from(postSources)
      .where(and(eq(postSources.sourceId, input.source.id), eq(postSources.messageId, input.messageId)));
    if (!link) return { status: 'unknown-message' };
    if (mentionsSold(input.text)) {
      await unpublishListing(l, link.postId);
      return { status: 'unpublished', postId: link.postId };
    }
    const analysis = analysePost(index, input.text);
    await tx
      .update(postSources)
      .set({ contentHash: contentHash(input.text) })
      .where(and(eq(postSources.sourceId, input.source.id), eq(postSources.messageId, input.messageId)));
    const text = buildListingText(input.text);
    if (!analysis.is_sale) {
      const changed = await updateListing(l, link.postId, { text });
      return { status: 'updated', postId: link.postId, changed };
    }
    const ids = await catalogIds(tx, analysis);
    const changed = await updateListing(
      l,
      link.postId,
      {
        ...statedPrice(analysis),
        text,
        title: analysis.title ?? undefined,
        year: analysis.year,
        mileage: analysis.mileage_km,
        vin: findVin(input.text) ?? undefined,
        cityId: ids.cityId ?? undefined,
        location: analysis.city ?? undefined,
      },
      { sourceId: input.source.id },
    );
    return { status: 'updated', postId: link.postId, changed };
  });
}

/**
 * A source post that a successful scheduled read confirmed gone (issue 28): its link is marked gone, and the listing
 * is unpublished when no other source still shows it (the same car may stay listed in another channel).
 */
export async function ingestGone(
  deps: ListingDeps,
  input: Pick<IngestInput, 'source' | 'messageId'>,
): Promise<IngestResult> {
  return counted(input.source, storeGone(deps, input));
}

async function storeGone(deps: ListingDeps, input: Pick<IngestInput, 'source' | 'messageId'>): Promise<IngestResult> {
  return changeListings(deps, async (l) => {
    const { tx } = l;
    const [link] = await tx
      .update(postSources)
      .set({ goneAt: l.now })
      .where(
        and(
          eq(postSources.sourceId, input.source.id),
          eq(postSources.messageId, input.messageId),
          isNull(postSources.goneAt),
        ),
      )
      .returning({ postId: postSources.postId });
    if (!link) return { status: 'unknown-message' };
    const [still] = await tx
      .select({ id: postSources.id })
      .from(postSources)
      .where(and(eq(postSources.postId, link.postId), isNull(postSources.goneAt)))
      .limit(1);
    if (still) return { status: 'known', postId: link.postId };
    await unpublishListing(l, link.postId);
    return { status: 'unpublished', postId: link.postId };
  });
}
