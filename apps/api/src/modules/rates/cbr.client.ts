// The Bank of Russia's official daily rates, https://www.cbr.ru/development/SXML/ ("XML_daily.asp"):
//   <?xml version="1.0" encoding="windows-1251"?>
//   <ValCurs Date="10.03.2026" name="Foreign Currency Market">
//     <Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal>
//       <Name>Доллар США</Name><Value>92,5012</Value><VunitRate>92,5012</VunitRate></Valute> …
// Value is the price in roubles of Nominal units (decimal comma). The base URL is configuration (RATES_CBR_URL).

export const CBR_DAILY_PATH = '/scripts/XML_daily.asp';

/** A provider answered, but not with something usable (or not at all); the caller keeps its last good values. */
export class RatesProviderError extends Error {
  override name = 'RatesProviderError';
}

/** The encoding the document declares (Content-Type charset, else the XML declaration), windows-1251 when silent. */
function declaredEncoding(bytes: Uint8Array, contentType: string | null): string {
  const fromHeader = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '')?.[1];
  if (fromHeader) return fromHeader;
  // The declaration is ASCII in every encoding the service uses, so a byte-per-char read finds it.
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  return /<\?xml[^>]*\bencoding\s*=\s*["']([\w-]+)["']/i.exec(head)?.[1] ?? 'windows-1251';
}

function decode(bytes: Uint8Array, contentType: string | null): string {
  const encoding = declaredEncoding(bytes, contentType);
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    throw new RatesProviderError(`CBR: unknown encoding ${encoding}`);
  }
}

const field = (block: string, name: string) =>
  new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(block)?.[1] ?? undefined;

/**
 * Roubles per one unit of each currency in the document, keyed by CharCode. Value / Nominal is done as one
 * division of integers (Value's digits by 10^decimals × Nominal), so 115,0340 for 10 yuan is exactly 11.5034.
 */
export function parseCbrDaily(bytes: Uint8Array, contentType: string | null = null): Map<string, number> {
  const xml = decode(bytes, contentType);
  if (!/<ValCurs\b/.test(xml)) throw new RatesProviderError('CBR: not a ValCurs document');
  const rates = new Map<string, number>();
  // The document is flat and fixed (no nesting, no entities in these fields), so reading the three fields of each
  // Valute needs no XML library.
  for (const [, block = ''] of xml.matchAll(/<Valute\b[^>]*>([\s\S]*?)<\/Valute>/g)) {
    const code = field(block, 'CharCode');
    const nominal = field(block, 'Nominal');
    const value = /^(\d+)(?:[,.](\d+))?$/.exec(field(block, 'Value') ?? '');
    if (!code || !nominal || !/^[1-9]\d{0,6}$/.test(nominal) || !value) continue;
    const [, whole = '', fraction = ''] = value;
    const rate = Number(whole + fraction) / (10 ** fraction.length * Number(nominal));
    if (Number.isFinite(rate) && rate > 0) rates.set(code.toUpperCase(), rate);
  }
  if (rates.size === 0) throw new RatesProviderError('CBR: no rates in the document');
  return rates;
}

export async function fetchCbrDaily(baseUrl: string, timeoutMs: number): Promise<Map<string, number>> {
  const res = await fetch(`${baseUrl}${CBR_DAILY_PATH}`, {
    headers: { accept: 'application/xml, text/xml' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new RatesProviderError(`CBR: HTTP ${res.status}`);
  return parseCbrDaily(new Uint8Array(await res.arrayBuffer()), res.headers.get('content-type'));
}
