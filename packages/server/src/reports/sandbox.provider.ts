import { checkSectionValue, type ReportProvider, type SectionOutcomes, type SectionValue } from './report.provider';
import { seededRandom } from '@autoradar/core/seeded-random';

// Without REPORTS_API_KEY the admin flow still works locally: sample reports made up from the VIN alone, the same
// VIN always giving the same report. Every sample says so in its own fields (model, engine number, insurer,
// restriction authority), so a sample can never be mistaken for a real history.

export const SANDBOX_MARK = 'ОБРАЗЕЦ (песочница, не настоящие данные)';

const MAKERS: Record<string, string> = {
  XTA: 'LADA',
  X7L: 'Renault',
  XW8: 'Skoda',
  Z94: 'Hyundai',
  Z8N: 'Nissan',
  WVW: 'Volkswagen',
  WBA: 'BMW',
  JTD: 'Toyota',
  JMZ: 'Mazda',
  KMH: 'Hyundai',
  '1HG': 'Honda',
};
const MODELS = ['Седан', 'Универсал', 'Хэтчбек', 'Кроссовер'];
const COLORS = ['БЕЛЫЙ', 'ЧЕРНЫЙ', 'СЕРЕБРИСТЫЙ', 'СИНИЙ', 'КРАСНЫЙ'];
const REGIONS = ['г. Москва', 'Московская обл.', 'г. Санкт-Петербург', 'Свердловская обл.', 'Новосибирская обл.'];
// ISO 3779 model-year letters (position 10), in order from 2010; digits 1-9 are 2001-2009.
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY';

/** FNV-1a of the VIN, then mulberry32: a small, stable generator so a VIN always makes the same sample. */
function randomFor(vin: string): () => number {
  let h = 0x811c9dc5;
  for (const ch of vin) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return seededRandom(h);
}

function modelYear(vin: string, random: () => number): number {
  const code = vin[9] ?? '';
  if (/[1-9]/.test(code)) return 2000 + Number(code);
  const index = YEAR_CODES.indexOf(code);
  return index >= 0 && index <= 15 ? 2010 + index : 2008 + Math.floor(random() * 15);
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;
const pad = (n: number) => String(n).padStart(2, '0');

/** The whole sample of one VIN, every section filled. */
export function makeSampleReport(vin: string): {
  [K in 'baseInfo' | 'ownershipPeriods' | 'osago' | 'restrictions']: SectionValue<K>;
} {
  const random = randomFor(vin);
  const year = modelYear(vin, random);
  const maker = MAKERS[vin.slice(0, 3)] ?? 'Автомобиль';
  const powerHp = 90 + Math.floor(random() * 160);
  const region = pick(REGIONS, random);

  const owners = 1 + Math.floor(random() * 3);
  const periods: NonNullable<SectionValue<'ownershipPeriods'>> = [];
  let start = `${year}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`;
  for (let i = 0; i < owners; i++) {
    const last = i === owners - 1;
    const endYear = Number(start.slice(0, 4)) + 1 + Math.floor(random() * 4);
    const end = last ? null : `${endYear}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`;
    periods.push({
      owner: random() < 0.85 ? 'natural' : 'legal',
      startDate: start,
      endDate: end,
      operation: i === 0 ? '01' : '62',
    });
    if (end) start = end;
  }

  const kbm = pick([0.5, 0.56, 0.64, 0.74, 0.83, 0.91, 1, 1.17, 1.4], random);
  const plateLetters = 'АВЕКМНОРСТУХ';
  const plate = `${pick([...plateLetters], random)}${100 + Math.floor(random() * 900)}${pick([...plateLetters], random)}${pick([...plateLetters], random)}${pick(['77', '50', '78', '66', '54'], random)}`;
  const hasRestriction = random() < 0.2;

  return {
    baseInfo: {
      vin,
      year,
      model: `${maker} ${pick(MODELS, random)} — ${SANDBOX_MARK}`,
      powerHp,
      engineNumber: `ОБРАЗЕЦ-${vin.slice(-6)}`,
      type: 'Легковые автомобили',
      color: pick(COLORS, random),
      category: 'B',
      powerKwt: Math.round(powerHp * 0.7355 * 10) / 10,
      engineVolume: pick([1396, 1596, 1798, 1998, 2488], random),
    },
    ownershipPeriods: periods,
    osago: [
      {
        insuranceNumber: `ХХХ ${String(Math.floor(random() * 1e10)).padStart(10, '0')}`,
        insuranceDate: `${year + owners}-${pad(1 + Math.floor(random() * 12))}-01`,
        isActive: true,
        insurerName: `Страховая компания — ${SANDBOX_MARK}`,
        cost: 4_000 + Math.floor(random() * 12_000),
        kbm,
        owner: 'Физическое лицо',
        insuredTo: 'Физическое лицо',
        carRegion: region,
        licensePlate: plate,
        markModel: maker,
        enginePower: powerHp,
        restrictions: 'Ограничен список лиц, допущенных к управлению',
        carPurposeType: 'Личная',
        statusDescription: 'Действует',
      },
    ],
    restrictions: hasRestriction
      ? [
          {
            restrictionType: 'Запрет на регистрационные действия',
            registrationDate: `${year + owners + 1}-03-15`,
            osnOgr: 'Документ: образец песочницы',
            region,
            whoImposed: `Судебный пристав — ${SANDBOX_MARK}`,
          },
        ]
      : [],
  };
}

/** `delayMs`: how long each order takes, as a real provider's does (REPORTS_SANDBOX_DELAY), so a screen's polling shows. */
export function createSandboxProvider({ delayMs = 0 }: { delayMs?: number } = {}): ReportProvider {
  return {
    name: 'песочница',
    sandbox: true,
    async fetchSections(vin, keys, signal) {
      signal.throwIfAborted();
      if (delayMs > 0) await waitFor(delayMs, signal);
      const sample = makeSampleReport(vin);
      const outcomes: SectionOutcomes = {};
      for (const key of keys) outcomes[key] = checkSectionValue(key, sample[key]);
      return outcomes;
    },
  };
}

/** The global timer (not node:timers/promises), so that tests on fake timers control it. */
function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}
