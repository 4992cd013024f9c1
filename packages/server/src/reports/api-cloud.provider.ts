import type { ReportSectionKey } from '@autoradar/core';
import {
  checkSectionValue,
  type ReportProvider,
  type SectionOutcome,
  type SectionOutcomes,
  type SectionValue,
} from './report.provider';
import { REPORTS_MESSAGES } from './reports.messages';

// api-cloud.ru: a Russian API over the traffic police (ГИБДД) and insurers' (РСА) registers. One GIBDD history call
// answers two sections (the vehicle and its ownership periods), restrictions and OSAGO policies are a call each.
// Answers are JSON with a `status` field (200 when the lookup succeeded) and Russian texts; dates are dd.mm.yyyy and
// numbers often come as text ("143.0", "2846.79 руб."), so everything is converted to the contract's shapes here.

interface ApiCloudRequest {
  path: string;
  type: string;
  keys: readonly ReportSectionKey[];
  read(body: Record<string, unknown>, key: ReportSectionKey): unknown;
}

const REQUESTS: readonly ApiCloudRequest[] = [
  {
    path: 'gibdd.php',
    type: 'gibdd',
    keys: ['baseInfo', 'ownershipPeriods'],
    read: (body, key) => {
      if (body.found === false) return key === 'baseInfo' ? null : [];
      return key === 'baseInfo'
        ? toBaseInfo(record(body.vehicle))
        : list(body.ownershipPeriod ?? body.ownershipPeriods).map(toOwnershipPeriod);
    },
  },
  {
    path: 'gibdd.php',
    type: 'restrict',
    keys: ['restrictions'],
    read: (body) => list(body.records).map(toRestriction),
  },
  { path: 'rsa.php', type: 'osago', keys: ['osago'], read: (body) => list(body.rez).map(toOsagoPolicy) },
];

export interface ApiCloudProviderOptions {
  /** REPORTS_API_URL, e.g. https://api-cloud.ru/api */
  apiUrl: string;
  /** REPORTS_API_KEY: the account token. */
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export function createApiCloudProvider(options: ApiCloudProviderOptions): ReportProvider {
  const fetchJson = options.fetch ?? fetch;
  const base = options.apiUrl.replace(/\/+$/, '');

  async function call(
    request: ApiCloudRequest,
    vin: string,
    signal: AbortSignal,
  ): Promise<{ body: Record<string, unknown> } | { error: string }> {
    const url = new URL(`${base}/${request.path}`);
    url.searchParams.set('type', request.type);
    url.searchParams.set('vin', vin);
    url.searchParams.set('token', options.apiKey);
    const timeout = AbortSignal.timeout(options.timeoutMs);
    try {
      const res = await fetchJson(url, {
        signal: AbortSignal.any([signal, timeout]),
        headers: { accept: 'application/json' },
      });
      const text = await res.text();
      if (!res.ok) return { error: REPORTS_MESSAGES.providerStatus(res.status) };
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return { error: REPORTS_MESSAGES.providerNotJson };
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return { error: REPORTS_MESSAGES.providerNotJson };
      const answer = body as Record<string, unknown>;
      const status = Number(answer.status);
      if (answer.status !== undefined && status !== 200) {
        return {
          error: REPORTS_MESSAGES.providerError(typeof answer.message === 'string' ? answer.message : String(status)),
        };
      }
      return { body: answer };
    } catch (err) {
      // The worker is stopping: nothing is recorded, the order resumes after the restart.
      if (signal.aborted) throw err;
      // The URL carries the token, so neither it nor the raw error text is kept.
      return { error: timeout.aborted ? REPORTS_MESSAGES.providerTimeout : REPORTS_MESSAGES.providerUnreachable };
    }
  }

  return {
    name: 'api-cloud.ru',
    sandbox: false,
    async fetchSections(vin, keys, signal) {
      const outcomes: SectionOutcomes = {};
      const wanted = REQUESTS.filter((r) => r.keys.some((k) => keys.includes(k)));
      await Promise.all(
        wanted.map(async (request) => {
          const answer = await call(request, vin, signal);
          for (const key of request.keys.filter((k) => keys.includes(k))) {
            outcomes[key] =
              'error' in answer ? { status: 'failed', error: answer.error } : readSection(request, answer.body, key);
          }
        }),
      );
      return outcomes;
    },
  };
}

function readSection(request: ApiCloudRequest, body: Record<string, unknown>, key: ReportSectionKey): SectionOutcome {
  try {
    return checkSectionValue(key, request.read(body, key));
  } catch {
    return { status: 'failed', error: REPORTS_MESSAGES.malformedSection };
  }
}

type Raw = Record<string, unknown>;

const record = (v: unknown): Raw => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Raw) : {});
const list = (v: unknown): Raw[] => (Array.isArray(v) ? v.map(record) : []);

/** Text or null; the API writes missing values as "", "null" or "None". */
function text(v: unknown): string | null {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' || t === 'null' || t === 'None' ? null : t;
}

/** "143.0", "2846.79 руб.", "1 596", 0.64 -> a number; anything else -> null. */
function number(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const t = text(v);
  if (t === null) return null;
  const match = /-?\d+(?:[.,]\d+)?/.exec(t.replace(/\s+/g, ''));
  return match ? Number(match[0].replace(',', '.')) : null;
}

/** dd.mm.yyyy -> yyyy-mm-dd, as the rest of the product writes dates; other forms are kept as given. */
function isoDate(v: unknown): string | null {
  const t = text(v);
  if (t === null) return null;
  const m = /^(\d{2})\.(\d{2})\.(\d{4})/.exec(t);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : t;
}

function toBaseInfo(v: Raw): SectionValue<'baseInfo'> {
  const year = number(v.year);
  return {
    vin: text(v.vin),
    year: year === null ? null : Math.trunc(year),
    model: text(v.model),
    powerHp: number(v.powerHp),
    engineNumber: text(v.engineNumber),
    type: text(v.typeinfo) ?? text(v.type),
    color: text(v.color),
    category: text(v.category),
    powerKwt: number(v.powerKwt),
    engineVolume: number(v.engineVolume),
  };
}

function toOwnershipPeriod(v: Raw): NonNullable<SectionValue<'ownershipPeriods'>>[number] {
  const person = text(v.simplePersonType)?.toLowerCase();
  return {
    owner: person === 'natural' ? 'natural' : person === 'legal' ? 'legal' : null,
    startDate: isoDate(v.from),
    endDate: isoDate(v.to),
    operation: text(v.lastOperation),
  };
}

function toOsagoPolicy(v: Raw): NonNullable<SectionValue<'osago'>>[number] {
  const series = text(v.seria);
  const number_ = text(v.nomer);
  const status = text(v.status);
  return {
    insuranceNumber: [series, number_].filter((p) => p !== null).join(' ') || null,
    insuranceDate: isoDate(v.startDate) ?? isoDate(v.dateactual),
    isActive: status === null ? null : status.toLowerCase() === 'действует',
    insurerName: text(v.orgosago),
    cost: number(v.strahsum),
    kbm: number(v.kbm),
    owner: text(v.owner),
    insuredTo: text(v.insured),
    carRegion: text(v.region),
    licensePlate: text(v.regnum)?.toUpperCase() ?? null,
    markModel: text(v.brandmodel),
    enginePower: number(v.power),
    restrictions: text(v.ogran),
    carPurposeType: text(v.cel),
    statusDescription: text(v.term) ?? status,
  };
}

function toRestriction(v: Raw): NonNullable<SectionValue<'restrictions'>>[number] {
  return {
    restrictionType: text(v.ogrkodinfo) ?? text(v.ogrkod),
    registrationDate: isoDate(v.dateogr),
    osnOgr: text(v.osnOgr),
    region: text(v.regname),
    whoImposed: text(v.divtypeinfo) ?? text(v.divtype),
  };
}
