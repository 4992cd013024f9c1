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

async function catalogIds(tx: Db | DbTransaction, analysis: PostAnalysis) {
  let brandId: number | null = null;
  let modelId: number | null = null;
  let cityId: number | null = null;
  if (analysis.catalog) {
    const kind = analysis.kind ?? 'car';
    const [brand] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.name, analysis.catalog.brand), eq(brands.kind, kind)))
      .limit(1);
    brandId = brand?.id ?? null;
    if (brandId !== null && analysis.catalog.model) {
      const [model] = await tx
        .select({ id: models.id })
        .from(models)
        .where(and(eq(models.brandId, brandId), eq(models.name, analysis.catalog.model)))
        .limit(1);
      modelId = model?.id ?? null;
    }
  }
  if (analysis.city) {
    const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.city, analysis.city)).limit(1);
    cityId = city?.id ?? null;
  }
  return { brandId, modelId, cityId };
}

async function count(
  tx: Db | DbTransaction,
  sourceId: number,
  column: 'postsSeen' | 'postsPublished' | 'postsRejected',
) {
  await tx
    .update(sources)
    .set({ [column]: sql`${sources[column]} + 1` })
    .where(eq(sources.id, sourceId));
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
  return counted(input.source, storePost(deps, index, input));
}

/** Counts what ingestion did, once its transaction has committed (the metrics, issue 30). */
async function counted(source: Source, result: Promise<IngestResult>): Promise<IngestResult> {
  const done = await result;
  ingestedPostsTotal.inc({ kind: source.kind, via: source.readVia, result: done.status });
  return done;
}

async function storePost(deps: ListingDeps, index: AnalysisIndex, input: IngestInput): Promise<IngestResult> {
  const analysis = analysePost(index, input.text);
  return changeListings(deps, async (l) => {
    const { tx } = l;
    const [known] = await tx
      .select({ postId: postSources.postId })
      .from(postSources)
      .where(and(eq(postSources.sourceId, input.source.id), eq(postSources.messageId, input.messageId)));
    if (known) return { status: 'known', postId: known.postId };
    await count(tx, input.source.id, 'postsSeen');
    if (!analysis.is_sale) {
      await count(tx, input.source.id, 'postsRejected');
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
    const ids = await catalogIds(tx, analysis);
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
    await count(tx, input.source.id, 'postsPublished');
    await recordOutcome(l, input, 'published', { postId });
    return { status: 'published', postId };
  });
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
