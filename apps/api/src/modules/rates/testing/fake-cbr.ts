import { CBR_DAILY_PATH } from '../cbr.client';
import { startFakeProvider, type FakeProvider } from './fake-provider';

// The Bank of Russia's XML_daily.asp on 127.0.0.1 (https://www.cbr.ru/development/SXML/): a ValCurs document of
// Valute entries with a decimal comma, served in windows-1251 like the real one (or UTF-8, like its mirrors).

export interface FakeCbrRate {
  code: string;
  nominal: number;
  /** As the Bank writes it: '92,5012' (roubles for `nominal` units). */
  value: string;
}

const KNOWN: Record<string, { id: string; numCode: string; name: string }> = {
  USD: { id: 'R01235', numCode: '840', name: 'Доллар США' },
  EUR: { id: 'R01239', numCode: '978', name: 'Евро' },
  CNY: { id: 'R01375', numCode: '156', name: 'Китайский юань' },
  AMD: { id: 'R01060', numCode: '051', name: 'Армянских драмов' },
  JPY: { id: 'R01820', numCode: '392', name: 'Японских иен' },
};

export const DEFAULT_CBR_RATES: FakeCbrRate[] = [
  { code: 'AMD', nominal: 100, value: '21,5637' },
  { code: 'USD', nominal: 1, value: '81,2345' },
  { code: 'EUR', nominal: 1, value: '94,5678' },
  { code: 'CNY', nominal: 1, value: '11,3456' },
  { code: 'JPY', nominal: 100, value: '54,3210' },
];

// windows-1251 has no encoder in Node; its table comes from the decoder, one byte at a time.
const CP1251 = new Map<string, number>();
const cp1251Decoder = new TextDecoder('windows-1251');
for (let byte = 0; byte < 256; byte += 1) CP1251.set(cp1251Decoder.decode(Uint8Array.of(byte)), byte);

export function encodeWindows1251(text: string): Uint8Array {
  return Uint8Array.from([...text], (char) => CP1251.get(char) ?? 0x3f);
}

/** The document XML_daily.asp answers for these rates, before encoding. */
export function cbrDailyXml(rates: readonly FakeCbrRate[], encoding = 'windows-1251', date = '10.03.2026'): string {
  const valutes = rates.map((rate) => {
    const known = KNOWN[rate.code] ?? { id: `R0${rate.code}`, numCode: '000', name: `Валюта ${rate.code}` };
    const [whole = '0', fraction = ''] = rate.value.split(',');
    const unit = (Number(`${whole}.${fraction}`) / rate.nominal)
      .toFixed(6)
      .replace(/\.?0+$/, '')
      .replace('.', ',');
    return (
      `<Valute ID="${known.id}"><NumCode>${known.numCode}</NumCode><CharCode>${rate.code}</CharCode>` +
      `<Nominal>${rate.nominal}</Nominal><Name>${known.name}</Name><Value>${rate.value}</Value>` +
      `<VunitRate>${unit}</VunitRate></Valute>`
    );
  });
  return `<?xml version="1.0" encoding="${encoding}"?><ValCurs Date="${date}" name="Foreign Currency Market">${valutes.join('')}</ValCurs>`;
}

export interface FakeCbr extends FakeProvider {
  setRates(rates: FakeCbrRate[]): void;
  /** 'windows-1251' (the Bank's own) or 'utf-8'; the Content-Type charset and the declaration follow it. */
  setEncoding(encoding: 'windows-1251' | 'utf-8'): void;
}

export async function startFakeCbr(opts: { port?: number; rates?: FakeCbrRate[] } = {}): Promise<FakeCbr> {
  let rates = opts.rates ?? DEFAULT_CBR_RATES;
  let encoding: 'windows-1251' | 'utf-8' = 'windows-1251';
  const fake = await startFakeProvider({
    port: opts.port,
    prefix: '',
    answer: (path) => {
      if (path !== CBR_DAILY_PATH) return null;
      const xml = cbrDailyXml(rates, encoding);
      return {
        status: 200,
        contentType: `application/xml; charset=${encoding}`,
        body: encoding === 'utf-8' ? xml : encodeWindows1251(xml),
      };
    },
    // What a maintenance page in front of the service looks like: a 200 that is not the document.
    garbage: {
      status: 200,
      contentType: 'text/html; charset=windows-1251',
      body: encodeWindows1251('<html><body>Сервис временно недоступен</body></html>'),
    },
  });
  return {
    ...fake,
    setRates(next) {
      rates = next;
    },
    setEncoding(next) {
      encoding = next;
    },
  };
}
