import { OrderResultSchema, type Order } from '@autoradar/contract';
import type { ReportSectionKey } from '@autoradar/core';
import type { z } from 'zod';
import { REPORTS_MESSAGES } from './reports.messages';

// A vehicle-history provider behind one interface: the worker asks for the sections an order still needs and
// stores what comes back. Adapters: api-cloud.provider.ts (a real Russian API) and sandbox.provider.ts.

type OrderResult = NonNullable<Order['result']>;
/** The value of one section as the contract describes it (spec §3). */
export type SectionValue<K extends ReportSectionKey> = NonNullable<OrderResult[K]>['value'];

export type SectionOutcome = { status: 'completed'; value: unknown } | { status: 'failed'; error: string };
export type SectionOutcomes = Partial<Record<ReportSectionKey, SectionOutcome>>;

export interface ReportProvider {
  /** For logs and the start-up line. */
  readonly name: string;
  /** Sample data made up from the VIN, never a real vehicle's history. */
  readonly sandbox: boolean;
  /**
   * Asks for some sections of one VIN. Every asked key gets an outcome (a provider failure is a failed section);
   * the promise rejects only when `signal` aborts (the worker is stopping), so nothing is recorded for that run.
   */
  fetchSections(vin: string, keys: readonly ReportSectionKey[], signal: AbortSignal): Promise<SectionOutcomes>;
}

/** The contract's schema of one section's value, taken from OrderResultSchema so it is never restated. */
export function sectionValueSchema(key: ReportSectionKey): z.ZodType {
  return OrderResultSchema.shape[key].unwrap().shape.value;
}

/** A provider's value checked against the contract: a malformed one fails the section instead of the order page. */
export function checkSectionValue(key: ReportSectionKey, value: unknown): SectionOutcome {
  const parsed = sectionValueSchema(key).safeParse(value);
  return parsed.success
    ? { status: 'completed', value: parsed.data }
    : { status: 'failed', error: REPORTS_MESSAGES.malformedSection };
}
