// The catalogue of bad values: what an attacker, a broken client or a fuzzer sends. The generators pick from these by
// the type and bounds the contract's schema gives a field; nothing here names an endpoint.

/** A JSON token written into the body exactly as given (numbers JavaScript cannot hold, deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `__RAW_JSON_${this.text.length}__`;
  }
}

/** A file part of a multipart body. */
export class FilePart {
  constructor(
    readonly kind: 'jpeg' | 'png' | 'gif' | 'webp' | 'text' | 'empty' | 'fake-jpeg' | 'truncated-png' | 'big',
    readonly filename: string = `${kind}.bin`,
    readonly contentType: string = 'application/octet-stream',
  ) {}
  toJSON(): string {
    return `<file ${this.kind} ${this.filename}>`;
  }
}

const KB = 1024;
const MB = 1024 * 1024;

/** Strings built once; labels name them in reports instead of printing a megabyte. */
export const BIG_STRINGS = {
  '100 KB': 'я'.repeat(50 * KB),
  '1 MB': 'a'.repeat(MB),
  '64 KB + 1': 'b'.repeat(64 * KB + 1),
} as const;

export interface LabelledValue {
  label: string;
  value: unknown;
}

const v = (label: string, value: unknown): LabelledValue => ({ label, value });

export interface ValueClass {
  name: string;
  values: LabelledValue[];
}

/** Numbers at and past every bound a column or JavaScript has, by the kind of trouble they make. */
export const NUMBER_CLASSES: ValueClass[] = [
  {
    name: 'small',
    values: [
      v('0', 0),
      v('-0', new RawJson('-0')),
      v('-1', -1),
      v('1', 1),
      v('2^31-1', 2 ** 31 - 1),
      v('2^53-1', 2 ** 53 - 1),
    ],
  },
  { name: 'past int4', values: [v('2^31', 2 ** 31), v('-2^31-1', -(2 ** 31) - 1), v('2^32', 2 ** 32)] },
  {
    name: 'past safe integers',
    values: [
      v('2^53', 2 ** 53),
      v('2^53+1', new RawJson('9007199254740993')),
      v('-2^53-1', new RawJson('-9007199254740993')),
      v('9999999999999999999', new RawJson('9999999999999999999')),
      v('10^38', new RawJson('99999999999999999999999999999999999999')),
    ],
  },
  {
    name: 'huge',
    values: [v('1e21', 1e21), v('1e308', 1e308), v('-1e308', -1e308), v('1e999 (Infinity)', new RawJson('1e999'))],
  },
  {
    name: 'fractions',
    values: [
      v('0.5', 0.5),
      v('-0.5', -0.5),
      v('5e-324', 5e-324),
      v('1.0', new RawJson('1.0')),
      v('1e3', new RawJson('1e3')),
    ],
  },
  {
    name: 'numeric strings',
    values: [
      v('"NaN"', 'NaN'),
      v('"Infinity"', 'Infinity'),
      v('"1e3"', '1e3'),
      v('"12"', '12'),
      v('"-1"', '-1'),
      v('"0x10"', '0x10'),
      v('""', ''),
    ],
  },
];

/** Strings that break storage, rendering or parsing. */
export const STRING_CLASSES: ValueClass[] = [
  { name: 'blank', values: [v('empty', ''), v('spaces', '   '), v('CR LF', 'a\r\nb'), v('tab', 'a\tb')] },
  {
    name: 'control characters',
    values: [
      v('NUL', 'a\u0000b'),
      v('only NUL', '\u0000'),
      v('U+0001', '\u0001x'),
      v('U+001F', 'x\u001f'),
      v('DEL', 'a\u007fb'),
      v('U+0085', 'a\u0085b'),
    ],
  },
  {
    name: 'unicode',
    values: [
      v('lone high surrogate', 'a\ud800b'),
      v('lone low surrogate', '\udfff'),
      v('U+2028', 'a\u2028b'),
      v('BOM', '\ufeffКазань'),
      v('RTL override', '\u202eКазань'),
      v('zero-width', 'Ка\u200bзань'),
      v('emoji', '🚗💨'),
    ],
  },
  {
    name: 'long',
    values: [v('2000 chars', 'Ж'.repeat(2_000)), v('100 KB', BIG_STRINGS['100 KB']), v('1 MB', BIG_STRINGS['1 MB'])],
  },
  {
    name: 'injection',
    values: [
      v('HTML', '<script>alert(1)</script><img src=x onerror=alert(1)>'),
      v('SQL', "' OR 1=1; DROP TABLE posts; --"),
      v('percent', '%00%2e%2e%2f'),
      v('path', '../../etc/passwd'),
      v('template', '${7*7}{{7*7}}'),
      v('URL', 'javascript:alert(1)'),
      v('Cyrillic', 'Лада Гранта'),
    ],
  },
];

/** Values of every JSON type, for a field that expects another. */
export const TYPE_VALUES: { type: string; value: unknown; label: string }[] = [
  { type: 'null', value: null, label: 'null' },
  { type: 'boolean', value: true, label: 'true' },
  { type: 'boolean', value: false, label: 'false' },
  { type: 'number', value: 1, label: '1' },
  { type: 'number', value: 1.5, label: '1.5' },
  { type: 'string', value: '1', label: '"1"' },
  { type: 'string', value: 'true', label: '"true"' },
  { type: 'string', value: 'Казань', label: '"Казань"' },
  { type: 'array', value: [], label: '[]' },
  { type: 'array', value: [1, 'a', null], label: '[1,"a",null]' },
  { type: 'object', value: {}, label: '{}' },
  { type: 'object', value: { id: 1 }, label: '{"id":1}' },
];

/** Deep nesting as raw text: JSON.stringify itself would recurse. */
export const deepArray = (depth: number) => new RawJson('['.repeat(depth) + ']'.repeat(depth));
export const deepObject = (depth: number) => new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

export const STRUCTURE_EDGES: LabelledValue[] = [
  v('deep array 64', deepArray(64)),
  v('deep array 10000', deepArray(10_000)),
  v('deep object 10000', deepObject(10_000)),
  v('array of 100000 numbers', new RawJson(`[${'1,'.repeat(99_999)}1]`)),
  v(
    'array of 10000 strings',
    Array.from({ length: 10_000 }, (_, i) => `s${i}`),
  ),
  v(
    'array of 1000 objects',
    Array.from({ length: 1_000 }, (_, i) => ({ id: i + 1, type: 'phone', value: String(i) })),
  ),
  v('object with 5000 keys', Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]))),
];

/** Array values for a field that holds an array (items stay the right type where they can). */
export function hugeArrays(item: unknown): LabelledValue[] {
  return [
    v(
      'array of 10000 items',
      Array.from({ length: 10_000 }, () => item),
    ),
    v(
      'array of 1000 items',
      Array.from({ length: 1_000 }, () => item),
    ),
    v('nested array', [[item]]),
    v('array with null', [null]),
    v('array of 100000 zeros', new RawJson(`[${'0,'.repeat(99_999)}0]`)),
  ];
}

/** Keys nobody declared, including the ones that poison prototypes. */
export const EXTRA_KEYS: LabelledValue[] = [
  v('extra key', 'x'),
  v('__proto__', { admin: true }),
  v('constructor', { prototype: { admin: true } }),
  v('id', 1),
  v('user_id', 1),
  v('roles', ['admin']),
  v('is_pro', true),
  v('status', 'published'),
  v('', ''),
  v('a\u0000b', 1),
];

/** Path parameter texts, written into the URL as they are (already percent-encoded where shown). */
export const PATH_CLASSES: { name: string; values: string[] }[] = [
  { name: 'number forms', values: ['-1', '0', '00', '01', '1e3', '1.5', '1.0', '+1', '0x10'] },
  {
    name: 'out of range',
    values: [
      '2147483647',
      '2147483648',
      '4294967296',
      '9007199254740991',
      '9007199254740993',
      '9999999999999999999',
      '99999999999999999999999999999999999999',
    ],
  },
  { name: 'long', values: ['1'.repeat(99), '1'.repeat(101), '1'.repeat(1_000)] },
  {
    name: 'encoding',
    values: [
      '%00',
      '1%00',
      '..%2f',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e',
      '%',
      '%ZZ',
      '%C0%AF',
      '%ED%A0%80',
      '%D0%B9',
      '%EF%BC%91',
      '%20',
      '%201',
    ],
  },
  {
    name: 'words',
    values: [
      'abc',
      'null',
      'undefined',
      'NaN',
      'Infinity',
      '%5Bobject%20Object%5D',
      "1'%20OR%20'1'='1",
      '1;select%20pg_sleep(5)',
    ],
  },
];

export interface RawBody {
  label: string;
  payload: string | Buffer;
}

/** Whole-body replacements: malformed JSON and bodies of the wrong shape. */
export const BODY_CLASSES: { name: string; values: RawBody[] }[] = [
  {
    name: 'malformed JSON',
    values: [
      { label: 'empty body', payload: '' },
      { label: 'whitespace only', payload: '   \n\t ' },
      { label: 'truncated JSON', payload: '{"a":' },
      { label: 'trailing comma', payload: '{"a":1,}' },
      { label: 'single quotes', payload: "{'a':1}" },
      { label: 'bare word', payload: 'undefined' },
      { label: 'NaN literal', payload: '{"a":NaN}' },
      { label: 'comment', payload: '{"a":1 /* x */}' },
      { label: 'two documents', payload: '{}{}' },
    ],
  },
  {
    name: 'encoding',
    values: [
      { label: 'BOM', payload: '\ufeff{}' },
      { label: 'invalid UTF-8', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
      { label: 'UTF-16 body', payload: Buffer.from('{"a":1}', 'utf16le') },
      { label: 'lone surrogate escape', payload: '{"a":"\\ud800"}' },
      { label: 'NUL escape key', payload: '{"\\u0000":1}' },
    ],
  },
  {
    name: 'keys',
    values: [
      { label: 'duplicate keys', payload: '{"a":1,"a":2}' },
      { label: '__proto__ key', payload: '{"__proto__":{"admin":true}}' },
      { label: 'constructor.prototype key', payload: '{"constructor":{"prototype":{"admin":true}}}' },
    ],
  },
  {
    name: 'not an object',
    values: [
      { label: 'null', payload: 'null' },
      { label: 'array', payload: '[]' },
      { label: 'array of objects', payload: '[{}]' },
      { label: 'string', payload: '"x"' },
      { label: 'number', payload: '1' },
      { label: 'true', payload: 'true' },
      { label: 'big number', payload: '1e999' },
    ],
  },
  {
    name: 'size',
    values: [
      { label: 'deep array body', payload: '['.repeat(100_000) + ']'.repeat(100_000) },
      { label: 'deep object body', payload: '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000) },
      { label: 'body past 1 MB', payload: `{"a":"${'x'.repeat(MB + 16)}"}` },
    ],
  },
];

/** Content types a JSON endpoint does not take, or takes with a twist. */
export const CONTENT_TYPES: string[] = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/octet-stream',
  'image/png',
  'application/json, text/plain',
  'APPLICATION/JSON',
  '*/*',
  ';',
];

/** Authorization header values a guest might send. */
export const AUTH_HEADERS: string[] = [
  'Bearer ',
  'Bearer x',
  'Bearer ' + 'a'.repeat(10_000),
  'Bearer %00',
  'Bearer null',
  'Basic YWRtaW46YWRtaW4=',
  'bearer lower-case',
  'Bearer Иван',
  'Token x',
];
