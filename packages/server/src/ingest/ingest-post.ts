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
  insertRows,
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
  publishListings,
  unpublishListing,
  updateListing,
  type ListingChanges,
  type ListingDeps,
  type ListingToPublish,
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

/**
 * The brands and models a read's sale posts name, looked up in one statement (issue 28: one a name was 13 of a read's
 * ~30 statements) and put in the call's catalogue cache as catalogIds would have found them; the names are unique in
 * the catalogue (brands by kind and name, models by brand and name). Cities stay one lookup a name (a city's name is
 * unique only with its region, and a lookup by name takes whichever row it finds first).
 */
async function prefetchCatalog(tx: DbTransaction, analyses: readonly PostAnalysis[], cache: CatalogCache) {
  const wanted = new Map<string, { brand: string; kind: string; model: string | null }>();
  for (const analysis of analyses) {
    if (!analysis.is_sale || !analysis.catalog) continue;
    const { brand, model } = analysis.catalog;
    const kind = analysis.kind ?? 'car';
    wanted.set(`${kind}\u0000${brand}\u0000${model ?? ''}`, { brand, kind, model: model || null });
  }
  if (wanted.size === 0) return;
  const { rows } = await tx.execute<{
    brand: string;
    kind: string;
    model: string | null;
    brand_id: number;
    model_id: number | null;
  }>(
    sql`select w.brand, w.kind, w.model, b.id as brand_id, m.id as model_id
        from json_to_recordset(${JSON.stringify([...wanted.values()])}::json) as w(brand text, kind text, model text)
        join brands b on b.name = w.brand and b.kind = w.kind::vehicle_kind
        left join models m on m.brand_id = b.id and m.name = w.model`,
  );
  const found = new Map(rows.map((row) => [`${row.kind}\u0000${row.brand}\u0000${row.model ?? ''}`, row]));
  for (const [key, { brand, kind, model }] of wanted) {
    const row = found.get(key);
    const brandId = row ? Number(row.brand_id) : null;
    cache.set(`b\u0000${kind}\u0000${brand}`, Promise.resolve(brandId));
    if (brandId !== null && model)
      cache.set(
        `m\u0000${brandId}\u0000${model}`,
        Promise.resolve(row!.model_id === null ? null : Number(row!.model_id)),
      );
  }
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
const outcomeRow = (
  now: Date,
  input: IngestInput,
  outcome: SourcePostOutcome,
  extra: { reason?: string | null; postId?: number | null },
) => ({
  sourceId: input.source.id,
  messageId: input.messageId,
  outcome,
  reason: extra.reason ?? null,
  postId: extra.postId ?? null,
  url: input.url,
  excerpt: excerptOf(input.text),
  seenAt: now,
});

const linkRow = (postId: number, input: IngestInput, hash: string | null) => ({
  postId,
  sourceId: input.source.id,
  messageId: input.messageId,
  url: input.url,
  contentHash: hash,
  photoHashes: input.photos.map((photo) => photo.dhash),
});

/** The price an analysed post states, as a listing change (nothing when it states none). */
const statedPrice = (analysis: PostAnalysis): ListingChanges =>
  analysis.price === null ? {} : { price: analysis.price, currency: analysis.currency ?? 'RUB' };

/** A new post of a source (channel_post, a wall post): publish it, link it to its listing, or count it rejected. */
export async function ingestPost(deps: ListingDeps, index: AnalysisIndex, input: IngestInput): Promise<IngestResult> {
  const [result] = await ingestPosts(deps, index, [input]);
  return result!;
}

/** The listing a post goes to: one stored already (its id), or one this call publishes at its end (id null until then). */
interface Target {
  postId: number | null;
}

/** A listing of this call waiting to be published, with what the same-vehicle check compares. */
interface PendingListing {
  target: Target;
  listing: ListingToPublish;
  brandId: number | null;
  modelId: number | null;
}

/**
 * What one call writes, held until its end so that each table gets one statement: the new listings (the listing
 * lifecycle's publishListings), the source links and the outcomes. A decision that needs a pending listing's id (an
 * update of it) publishes the pending ones first.
 */
class Writes {
  pending: PendingListing[] = [];
  links: { target: Target; input: IngestInput; hash: string | null }[] = [];
  outcomes: { target: Target | null; input: IngestInput; outcome: SourcePostOutcome; reason: string | null }[] = [];
  tally: Tally = new Map();

  async publishPending(l: ListingTx) {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    const ids = await publishListings(
      l,
      batch.map((p) => p.listing),
    );
    batch.forEach((p, i) => (p.target.postId = ids[i]!));
  }

  async finish(l: ListingTx) {
    await this.publishPending(l);
    const idOf = (target: Target) => target.postId!;
    await insertRows(
      l.tx,
      postSources,
      this.links.map((row) => linkRow(idOf(row.target), row.input, row.hash)),
      { onConflictDoNothing: true },
    );
    await insertRows(
      l.tx,
      sourcePosts,
      this.outcomes.map((row) =>
        outcomeRow(l.now, row.input, row.outcome, {
          reason: row.reason,
          postId: row.target ? idOf(row.target) : null,
        }),
      ),
      { onConflictDoNothing: true },
    );
    await writeTally(l.tx, this.tally);
  }

  /** Photo hashes this call links to a listing (the same-vehicle check also compares them). */
  linkedHashes(target: Target): string[] {
    return this.links.filter((link) => link.target === target).flatMap((link) => link.input.photos.map((p) => p.dhash));
  }
}

/** How a post ended, its listing resolved once the call has written everything. */
type Decision =
  | { status: 'rejected'; reason: string }
  | { status: 'published' | 'known'; target: Target }
  | { status: 'linked'; target: Target; by: 'repost' | 'same-vehicle' };

/**
 * New posts of one read (the scheduler, issue 28), each as ingestPost would take it, in order, in one transaction:
 * each post analysed once, one lookup of the posts already known and one of the reposts, the catalogue looked up once
 * a name, the new listings, source links and outcomes written one statement a table at the end, the source's
 * counters once. Either all of them are stored or none (a failed read is read again; ingestion is idempotent).
 */
export async function ingestPosts(
  deps: ListingDeps,
  index: AnalysisIndex,
  inputs: readonly IngestInput[],
): Promise<IngestResult[]> {
  if (inputs.length === 0) return [];
  const analyses = inputs.map((input) => analysePost(index, input.text));
  const hashes = inputs.map((input, i) => (analyses[i]!.is_sale ? contentHash(input.text) : null));
  const results = await changeListings(deps, async (l) => {
    // The foreign-key checks of the rows below run a plan PostgreSQL caches per connection: made while a first read
    // fills an empty `posts`, it scanned the whole table for every listing referenced, to the end of the connection
    // (one scan a new listing, quadratic; issue 28). Planned with the table as it is, for this transaction only.
    await l.tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    const known = await knownPosts(l.tx, inputs);
    const byHash = await publishedByHash(l.tx, hashes);
    const cache: CatalogCache = new Map();
    await prefetchCatalog(l.tx, analyses, cache);
    const writes = new Writes();
    const decisions: Decision[] = [];
    for (const [i, input] of inputs.entries()) {
      const key = keyOf(input.source.id, input.messageId);
      const target = known.get(key);
      if (target !== undefined) {
        decisions.push({ status: 'known', target });
        continue;
      }
      const decision = await storePost(l, writes, analyses[i]!, input, hashes[i]!, byHash, cache);
      // A message given twice in one call is stored once, as separate calls would.
      if ('target' in decision) known.set(key, decision.target);
      decisions.push(decision);
    }
    await writes.finish(l);
    return decisions.map((decision): IngestResult => {
      if (decision.status === 'rejected') return decision;
      const postId = decision.target.postId!;
      return decision.status === 'linked'
        ? { status: 'linked', postId, by: decision.by }
        : { status: decision.status, postId };
    });
  });
  results.forEach((done, i) =>
    ingestedPostsTotal.inc({ kind: inputs[i]!.source.kind, via: inputs[i]!.source.readVia, result: done.status }),
  );
  return results;
}

const keyOf = (sourceId: number, messageId: number) => `${sourceId}:${messageId}`;

/** The listings the inputs' source posts are already linked to, by source and message. */
async function knownPosts(tx: DbTransaction, inputs: readonly IngestInput[]): Promise<Map<string, Target>> {
  const bySource = new Map<number, number[]>();
  for (const input of inputs)
    bySource.set(input.source.id, [...(bySource.get(input.source.id) ?? []), input.messageId]);
  const known = new Map<string, Target>();
  for (const [sourceId, messageIds] of bySource) {
    const rows = await tx
      .select({ messageId: postSources.messageId, postId: postSources.postId })
      .from(postSources)
      .where(and(eq(postSources.sourceId, sourceId), inArray(postSources.messageId, messageIds)));
    for (const row of rows) known.set(keyOf(sourceId, row.messageId), { postId: row.postId });
  }
  return known;
}

/** A source link's listing's status, looked up by its primary key for each link found (see publishedByHash). */
const linkedStatus = sql<
  string | null
>`(select p.status from posts p where p.id = ${sql.raw('"post_sources"."post_id"')})`;

/**
 * Published listings a source post with one of these content hashes links to (a repost), by hash. The listing's status
 * is read per link found (a subquery by its id), not joined: while a first read fills an empty database the planner's
 * statistics lag, it took `status = 'published'` for a few rows and hashed every published listing at each read
 * (22 ms a read at 28 000 listings, most of PostgreSQL's CPU of a 1 400-channel first read; issue 28).
 */
async function publishedByHash(tx: DbTransaction, hashes: readonly (string | null)[]): Promise<Map<string, Target>> {
  const wanted = [...new Set(hashes.filter((hash): hash is string => hash !== null))];
  const found = new Map<string, Target>();
  if (wanted.length === 0) return found;
  const rows = await tx
    .select({ hash: postSources.contentHash, postId: postSources.postId, status: linkedStatus })
    .from(postSources)
    .where(inArray(postSources.contentHash, wanted));
  for (const row of rows)
    if (row.hash !== null && row.status === 'published' && !found.has(row.hash))
      found.set(row.hash, { postId: row.postId });
  return found;
}

/** Counts what ingestion did, once its transaction has committed (the metrics, issue 30). */
async function counted(source: Source, result: Promise<IngestResult>): Promise<IngestResult> {
  const done = await result;
  ingestedPostsTotal.inc({ kind: source.kind, via: source.readVia, result: done.status });
  return done;
}

async function storePost(
  l: ListingTx,
  writes: Writes,
  analysis: PostAnalysis,
  input: IngestInput,
  hash: string | null,
  byHash: Map<string, Target>,
  cache: CatalogCache,
): Promise<Decision> {
  const { tx } = l;
  const tally = writes.tally;
  count(tally, input.source.id, 'postsSeen');
  if (!analysis.is_sale) {
    const reason = analysis.reason ?? 'no-vehicle';
    count(tally, input.source.id, 'postsRejected');
    writes.outcomes.push({ target: null, input, outcome: rejectedOutcomeOf(analysis.reason), reason });
    return { status: 'rejected', reason };
  }
  /** Links the post to a listing: its source link (with its hash, for later reposts) and its outcome. */
  const link = (target: Target, outcome: SourcePostOutcome, reason: string | null) => {
    writes.links.push({ target, input, hash });
    if (hash !== null && !byHash.has(hash)) byHash.set(hash, target);
    writes.outcomes.push({ target, input, outcome, reason });
  };
  const repost = hash === null ? undefined : byHash.get(hash);
  if (repost) {
    link(repost, 'duplicate', 'repost');
    return { status: 'linked', target: repost, by: 'repost' };
  }
  const ids = await catalogIds(tx, analysis, cache);
  if (ids.brandId !== null && analysis.year !== null && input.photos.length > 0) {
    const mine = {
      brand: analysis.brand,
      model: analysis.model,
      year: analysis.year,
      price: analysis.price,
      currency: analysis.currency,
      photoHashes: input.photos.map((photo) => photo.dhash),
    };
    const sameAs = (price: number | null, currency: string, photoHashes: string[]) =>
      isClosePrice(price, analysis.price) && isSameVehicle(mine, { ...mine, price, currency, photoHashes });
    /** The same car in a listing: linked, its price updated to the one this post states. */
    const linkSameVehicle = async (target: Target): Promise<Decision> => {
      link(target, 'duplicate', 'same-vehicle');
      await updateListing(l, target.postId!, statedPrice(analysis), { sourceId: input.source.id });
      return { status: 'linked', target, by: 'same-vehicle' };
    };
    const candidates = await tx
      .select({
        id: posts.id,
        price: posts.price,
        currency: posts.currency,
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
      const stored = await tx
        .select({ postId: postSources.postId, photoHashes: postSources.photoHashes })
        .from(postSources)
        .where(
          inArray(
            postSources.postId,
            close.map((candidate) => candidate.id),
          ),
        );
      for (const candidate of close) {
        const photoHashes = [
          ...stored.filter((row) => row.postId === candidate.id).flatMap((row) => row.photoHashes),
          ...writes.links
            .filter((w) => w.target.postId === candidate.id)
            .flatMap((w) => w.input.photos.map((p) => p.dhash)),
        ];
        if (sameAs(candidate.price, candidate.currency, photoHashes)) return linkSameVehicle({ postId: candidate.id });
      }
    }
    // The listings this call has yet to publish are candidates too (as they would be, published one by one).
    for (const pending of writes.pending) {
      const post = pending.listing.post;
      if (pending.brandId !== ids.brandId || (ids.modelId !== null && pending.modelId !== ids.modelId)) continue;
      if (post.year !== analysis.year) continue;
      if (!sameAs(post.price ?? null, post.currency ?? 'RUB', writes.linkedHashes(pending.target))) continue;
      await writes.publishPending(l);
      return linkSameVehicle(pending.target);
    }
  }
  const isVk = input.source.kind === 'vk';
  const target: Target = { postId: null };
  writes.pending.push({
    target,
    brandId: ids.brandId,
    modelId: ids.modelId,
    listing: {
      post: {
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
      media: input.photos.map((photo, position) => ({
        kind: 'photo' as const,
        url: photo.url,
        urlSm: photo.urlSm,
        position,
        isMain: position === 0,
      })),
      stated: { sourceId: input.source.id },
    },
  });
  count(tally, input.source.id, 'postsPublished');
  link(target, 'published', null);
  return { status: 'published', target };
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
