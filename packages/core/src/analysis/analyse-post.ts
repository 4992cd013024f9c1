// The analysis of one raw channel post (spec §1, issue 15): is it a sale, and of what. Pure and synchronous; the
// reference index is built once (buildAnalysisIndex) and shared.
import { findCity } from './city';
import { readQuantities, type Currency } from './quantities';
import type { AnalysisIndex, AnalysisVehicleKind } from './reference-index';
import { nonSaleReason, type NonSaleReason } from './sale';
import { combineSale, saleProbability, type SaleModel, type SaleModelPolicy } from './sale-model';
import saleModelJson from './sale-model.json';
import { tokenize } from './tokens';
import { findVehicle } from './vehicle';

export interface PostAnalysis {
  is_sale: boolean;
  kind: AnalysisVehicleKind | null;
  brand: string | null;
  model: string | null;
  year: number | null;
  price: number | null;
  currency: Currency | null;
  mileage_km: number | null;
  city: string | null;
  /** 'Toyota Camry, 2018' — the listing's title. */
  title: string | null;
  /** Brand and model as the catalogue names them, for finding their rows ('УАЗ', 'E-Класс'). */
  catalog: { brand: string; model: string | null } | null;
  /** Why the post is not a sale (null for a sale). */
  reason: NonSaleReason | null;
}

export interface AnalyseOptions {
  /** Latest plausible production year; defaults to next year by the system clock. */
  maxYear?: number;
  /**
   * The learned second opinion (sale-model.ts) joined to the rules' sale decision; absent, SALE_MODEL_POLICY; null for
   * the rules alone. On by default since the fifth pass: on both hold-outs together (451 posts) it finds as many sales
   * as the rules alone and rejects 140 non-sales of 142 instead of 135 (docs/quality.md, "fifth pass").
   */
  saleModel?: SaleModelPolicy | null;
}

const MOTO_WORDS =
  /(?<![\p{L}])(мотоцикл\p{L}*|мото(?![\p{L}])|байк\p{L}*|питбайк\p{L}*|эндуро|скутер\p{L}*|мопед\p{L}*|спортбайк\p{L}*|кроссовый|мотард|чоппер|круизер|кубов\p{L}*|моточас\p{L}*|🏍|🛵)/iu;

/** The trained weights (sale-model.json, written by tests/analysis/train-sale-model.ts). */
export const SALE_MODEL = saleModelJson as SaleModel;

/**
 * The combination chosen by 10-fold cross-validation on the tuning parts (docs/quality.md, "fourth pass"): the model
 * overturns a rules' non-sale that names a vehicle at P(sale) ≥ 0.8 and a rules' sale at P(sale) ≤ 0.3.
 */
export const SALE_MODEL_POLICY: SaleModelPolicy = {
  overturnable: [
    'no-offer',
    'no-description',
    'question',
    'news',
    'review',
    'service',
    'rental',
    'giveaway',
    'buying',
    'parts',
    'tyres',
    'goods',
  ],
  toSale: 0.8,
  toNonSale: 0.3,
};

const EMPTY = {
  kind: null,
  brand: null,
  model: null,
  year: null,
  price: null,
  currency: null,
  mileage_km: null,
  city: null,
  title: null,
  catalog: null,
} as const;

/** What the rules read in a post before the sale decision (for analysePost and the model's trainer). */
export interface RulesReading {
  /** The rules' verdict: null for a sale, else why not. */
  reason: NonSaleReason | null;
  /** The post as a sale (its vehicle's fields), whatever the verdict; null without a vehicle. */
  sale: PostAnalysis | null;
  /** The text the rules read (keycaps folded). */
  text: string;
}

export function readPost(index: AnalysisIndex, raw: string, options: AnalyseOptions = {}): RulesReading {
  const maxYear = options.maxYear ?? new Date().getFullYear() + 1;
  // Keycap digits ('2️⃣0️⃣1️⃣9️⃣') are digits.
  const text = raw.replace(/(\d)\uFE0F?\u20E3/gu, '$1');
  const tokens = tokenize(text);
  const motoHint = MOTO_WORDS.test(text);
  const first = readQuantities(text, { exclude: [], vehicleEnd: null, maxYear, minRoubles: 10_000 });
  const vehicle = findVehicle(index, tokens, motoHint, first.year, text);
  const quantities = vehicle
    ? readQuantities(text, {
        exclude: vehicle.spans,
        vehicleEnd: vehicle.end,
        maxYear,
        minRoubles: vehicle.kind === 'moto' ? 10_000 : 30_000,
      })
    : first;
  const reason = nonSaleReason(text, {
    hasVehicle: vehicle !== null,
    vehicleStart: vehicle ? Math.min(...vehicle.spans.map((span) => span.start)) : null,
    hasPrice: quantities.price !== null,
    hasYear: quantities.year !== null,
    hasMileage: quantities.mileageKm !== null,
    rate: quantities.rate,
  });
  if (!vehicle) return { reason: reason ?? 'no-vehicle', sale: null, text };
  const brand = vehicle.brand.name;
  const model = vehicle.model?.name ?? null;
  const year = quantities.year;
  const title = [[brand, model].filter(Boolean).join(' '), year]
    .filter((part) => part !== null && part !== '')
    .join(', ');
  const sale: PostAnalysis = {
    is_sale: true,
    kind: vehicle.kind ?? (motoHint ? 'moto' : 'car'),
    brand,
    model,
    year,
    price: quantities.price?.value ?? null,
    currency: quantities.price?.currency ?? null,
    mileage_km: quantities.mileageKm,
    city: findCity(index, tokens, text),
    title,
    catalog: { brand: vehicle.brand.catalogName, model: vehicle.model?.catalogName ?? null },
    reason: null,
  };
  return { reason, sale, text };
}

export function analysePost(index: AnalysisIndex, raw: string, options: AnalyseOptions = {}): PostAnalysis {
  const { reason, sale, text } = readPost(index, raw, options);
  const policy = options.saleModel === undefined ? SALE_MODEL_POLICY : options.saleModel;
  let isSale = sale !== null && reason === null;
  if (policy !== null && sale !== null && (reason === null || policy.overturnable.includes(reason))) {
    const evidence = {
      vehicle: true,
      year: sale.year !== null,
      mileage: sale.mileage_km !== null,
      price: sale.price !== null,
    };
    isSale = combineSale(policy, reason, true, saleProbability(SALE_MODEL, text, evidence));
  }
  if (!isSale || !sale) return { is_sale: false, ...EMPTY, reason: reason ?? 'model' };
  return sale;
}
