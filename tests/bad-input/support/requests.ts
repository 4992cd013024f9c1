import fc from 'fast-check';
import type { JsonSchema, Operation } from './operations';
import { boundsOf, isFileSchema, slotsOf, typesOf, validArb, type Path, type Slot } from './schema';
import {
  AUTH_HEADERS,
  BODY_CLASSES,
  CONTENT_TYPES,
  EXTRA_KEYS,
  FilePart,
  hugeArrays,
  NUMBER_CLASSES,
  PATH_CLASSES,
  RawJson,
  STRING_CLASSES,
  STRUCTURE_EDGES,
  TYPE_VALUES,
  type LabelledValue,
} from './values';

// One generated request: a base (a fixture's valid example, or a value built from the schema) and the mutations
// that make it bad. Mutations are applied when the request is sent, after the example is resolved for the role.

export type Target = 'body' | 'query';

export type Mutation =
  | { kind: 'set'; target: Target; path: Path; value: unknown; label: string }
  | { kind: 'delete'; target: Target; path: Path; label: string }
  | { kind: 'add-key'; target: Target; path: Path; key: string; value: unknown; label: string }
  | { kind: 'path-param'; name: string; text: string; label: string }
  | { kind: 'raw-body'; payload: string | Buffer; label: string }
  | { kind: 'content-type'; contentType: string; label: string }
  | { kind: 'header'; name: string; value: string; label: string }
  | { kind: 'as-form'; label: string }
  | { kind: 'multipart'; variant: MultipartVariant; label: string };

export type MultipartVariant =
  | 'no-boundary'
  | 'wrong-boundary'
  | 'truncated'
  | 'too-many-fields'
  | 'too-many-files'
  | 'json-instead'
  | 'file-everywhere'
  | 'duplicate-fields';

export interface BadRequest {
  /** Start from the fixture's example for the role (when there is one) instead of the generated base. */
  useExample: boolean;
  generated: { params: Record<string, string>; query: Record<string, unknown>; body: unknown };
  mutations: Mutation[];
  /** Also send it as a role the endpoint refuses (its 401/403 must be an envelope too). */
  alsoDenied: boolean;
}

/** A request ready to encode: base and mutations merged. */
export interface ResolvedRequest {
  params: Record<string, string>;
  /** Path parameter texts that go into the URL as they are (not percent-encoded again). */
  rawParams: Record<string, true>;
  query: Record<string, unknown>;
  body: unknown;
  hasBody: boolean;
  raw?: { payload: string | Buffer; contentType?: string };
  contentType?: string;
  headers: Record<string, string>;
  asForm: boolean;
  multipartVariant?: MultipartVariant;
}

export interface Example {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof RawJson) &&
  !(value instanceof FilePart);

/** Copies arrays and plain objects (own keys, __proto__ included), keeps everything else by reference. */
export function cloneValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneValue) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) defineKey(out, key, cloneValue(value[key]));
    return out as T;
  }
  return value;
}

/** Sets an own property even for '__proto__'. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const arr: unknown[] = Array.isArray(root) ? [...(root as unknown[])] : [];
    while (arr.length <= head) arr.push(null);
    arr[head] = setAt(arr[head], rest, value);
    return arr;
  }
  const obj: Record<string, unknown> = isPlainObject(root) ? cloneValue(root) : {};
  defineKey(obj, head!, setAt(obj[head!], rest, value));
  return obj;
}

function deleteAt(root: unknown, path: Path): unknown {
  if (path.length === 0) return undefined;
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (Array.isArray(root) && typeof head === 'number') return root.filter((_, i) => i !== head);
    if (isPlainObject(root)) {
      const obj = cloneValue(root);
      delete obj[head as string];
      return obj;
    }
    return root;
  }
  if (Array.isArray(root) && typeof head === 'number' && root[head] !== undefined) {
    const arr: unknown[] = [...(root as unknown[])];
    arr[head] = deleteAt(arr[head], rest);
    return arr;
  }
  if (isPlainObject(root) && head! in root) {
    const obj = cloneValue(root);
    defineKey(obj, head as string, deleteAt(obj[head as string], rest));
    return obj;
  }
  return root;
}

/** Merges base and mutations; `base` is the resolved example or the generated value. */
export function resolveRequest(op: Operation, request: BadRequest, example: Example | undefined): ResolvedRequest {
  const useExample = request.useExample && example !== undefined;
  const out: ResolvedRequest = {
    params: { ...request.generated.params, ...(useExample ? example.params : {}) },
    rawParams: {},
    query: cloneValue(useExample && example.query ? example.query : request.generated.query),
    body: cloneValue(useExample && example.body !== undefined ? example.body : request.generated.body),
    hasBody: op.body !== undefined,
    headers: { ...(example?.headers ?? {}) },
    asForm: false,
  };
  for (const m of request.mutations) {
    switch (m.kind) {
      case 'set':
        if (m.target === 'body') {
          out.body = setAt(out.body, m.path, m.value);
          out.hasBody = true;
        } else out.query = setAt(out.query, m.path, m.value) as Record<string, unknown>;
        break;
      case 'delete':
        if (m.target === 'body') out.body = deleteAt(out.body, m.path);
        else out.query = deleteAt(out.query, m.path) as Record<string, unknown>;
        break;
      case 'add-key': {
        const container = m.target === 'body' ? out.body : out.query;
        let parent: unknown = container;
        for (const step of m.path) parent = (parent as Record<string | number, unknown> | undefined)?.[step];
        const next = setAt(container, m.path, isPlainObject(parent) ? parent : {});
        const updated = setAt(next, [...m.path, m.key], m.value);
        if (m.target === 'body') {
          out.body = updated;
          out.hasBody = true;
        } else out.query = updated as Record<string, unknown>;
        break;
      }
      case 'path-param':
        out.params[m.name] = m.text;
        out.rawParams[m.name] = true;
        break;
      case 'raw-body':
        out.raw = { payload: m.payload };
        break;
      case 'content-type':
        out.contentType = m.contentType;
        out.hasBody = true;
        break;
      case 'header':
        out.headers[m.name] = m.value;
        break;
      case 'as-form':
        out.asForm = true;
        break;
      case 'multipart':
        out.multipartVariant = m.variant;
        break;
    }
  }
  return out;
}

/** JSON text of a value, with RawJson tokens written as they are. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof FilePart) return JSON.stringify(value.toJSON());
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : toJsonText(item))).join(',')}]`;
  if (isPlainObject(value)) {
    const parts: string[] = [];
    for (const key of Object.keys(value)) {
      if (value[key] !== undefined) parts.push(`${JSON.stringify(key)}:${toJsonText(value[key])}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A field's text in a query string or a form: strings as they are, anything else as JSON. */
export function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text;
  return toJsonText(value);
}

/** Percent-encoding that also writes lone surrogates (as the bytes a sloppy UTF-8 encoder would send). */
export function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const ch of text) {
      const cu = ch.charCodeAt(0);
      if (ch.length === 1 && cu >= 0xd800 && cu <= 0xdfff) {
        out += [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      } else out += encodeURIComponent(ch);
    }
    return out;
  }
}

/** `a=1&a=2` for arrays, `a[b]=1` for objects, `a` alone for null. */
export function encodeQuery(query: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (value === null) parts.push(percentEncode(key));
    else if (Array.isArray(value)) for (const item of value) add(key, item);
    else if (isPlainObject(value)) for (const sub of Object.keys(value)) add(`${key}[${sub}]`, value[sub]);
    else parts.push(`${percentEncode(key)}=${percentEncode(fieldText(value))}`);
  };
  for (const key of Object.keys(query)) add(key, query[key]);
  return parts.join('&');
}

/** Summarises a value for a report: big strings and arrays by their size. */
export function describeValue(value: unknown, max = 300): string {
  // A long text (an HTML page, a 1 MB field) is cut before it is quoted, not after.
  if (typeof value === 'string' && value.length > max) {
    return `${JSON.stringify(value.slice(0, max)).slice(0, max)}… (${value.length} chars)`;
  }
  let text: string;
  try {
    text = toJsonText(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

// --- generators -------------------------------------------------------------------------------------------------

/** A family of mutations aimed at one place with one kind of trouble ("price: past safe integers"). */
export interface MutationClass {
  name: string;
  /** Tried first in the fixed part of a run: the kinds of value that took the product down before. */
  priority: boolean;
  mutations: Mutation[];
}

const where = (path: Path) => (path.length ? path.join('.') : '(root)');

function boundValues(schema: JsonSchema): LabelledValue[] {
  const b = boundsOf(schema);
  const out: LabelledValue[] = [];
  const num = (name: string, n: number) => out.push({ label: `${name} (${n})`, value: n });
  if (b.minimum !== undefined) {
    num('min', b.minimum);
    num('min-1', b.minimum - 1);
  }
  if (b.maximum !== undefined) {
    num('max', b.maximum);
    num('max+1', b.maximum + 1);
  }
  if (b.exclusiveMinimum !== undefined) {
    num('exclusiveMin', b.exclusiveMinimum);
    num('exclusiveMin+1', b.exclusiveMinimum + 1);
  }
  if (b.exclusiveMaximum !== undefined) num('exclusiveMax', b.exclusiveMaximum);
  const str = (name: string, n: number) => {
    if (n >= 0 && n <= 2_000_000) out.push({ label: `${name} (${n} chars)`, value: 'я'.repeat(n) });
  };
  if (b.maxLength !== undefined) {
    str('maxLength', b.maxLength);
    str('maxLength+1', b.maxLength + 1);
  }
  if (b.minLength !== undefined && b.minLength > 0) str('minLength-1', b.minLength - 1);
  if (b.maxItems !== undefined)
    out.push({ label: `maxItems+1 (${b.maxItems + 1} items)`, value: Array(b.maxItems + 1).fill(1) });
  return out;
}

function wrongTypeValues(schema: JsonSchema): LabelledValue[] {
  const types = typesOf(schema);
  const accepts = (type: string) =>
    types.has(type as never) ||
    (type === 'number' && types.has('integer')) ||
    (type === 'integer' && types.has('number'));
  return TYPE_VALUES.filter((t) => !accepts(t.type)).map((t) => ({ label: `wrong type ${t.label}`, value: t.value }));
}

const PRIORITY = new Set([
  'past int4',
  'past safe integers',
  'huge',
  'control characters',
  'long',
  'bounds',
  'out of range',
]);

function slotClasses(slot: Slot, target: Target): MutationClass[] {
  const types = typesOf(slot.schema);
  const at = `${target === 'query' ? '?' : ''}${where(slot.path)}`;
  const set = (name: string, values: LabelledValue[]): MutationClass => ({
    name: `${at}: ${name}`,
    priority: PRIORITY.has(name),
    mutations: values.map((v) => ({
      kind: 'set',
      target,
      path: slot.path,
      value: v.value,
      label: `${at} = ${v.label}`,
    })),
  });
  const classes: MutationClass[] = [];
  const wrong = wrongTypeValues(slot.schema);
  if (wrong.length > 0) classes.push(set('wrong type', wrong));
  const bounds = boundValues(slot.schema);
  if (bounds.length > 0) classes.push(set('bounds', bounds));
  if (types.has('number') || types.has('integer') || target === 'query') {
    for (const c of NUMBER_CLASSES) classes.push(set(c.name, c.values));
  }
  if (types.has('string') || target === 'query') for (const c of STRING_CLASSES) classes.push(set(c.name, c.values));
  if (types.has('array')) classes.push(set('huge arrays', [...hugeArrays(1), ...hugeArrays('x')]));
  if (isFileSchema(slot.schema)) {
    classes.push(
      set(
        'files',
        (['text', 'empty', 'fake-jpeg', 'truncated-png', 'big', 'gif', 'png', 'webp'] as const).map((kind) => ({
          label: `file ${kind}`,
          value: new FilePart(kind, kind === 'text' ? 'photo.jpg' : `${kind}.bin`, 'image/jpeg'),
        })),
      ),
    );
  }
  classes.push(
    set('structure', [...STRUCTURE_EDGES, { label: 'a file', value: new FilePart('jpeg', 'x.jpg', 'image/jpeg') }]),
  );
  if (slot.path.length > 0) {
    classes.push({
      name: `${at}: missing`,
      priority: false,
      mutations: [{ kind: 'delete', target, path: slot.path, label: `${at} missing` }],
    });
  }
  if (types.has('object') || slot.path.length === 0) {
    classes.push({
      name: `${at}: extra keys`,
      priority: false,
      mutations: EXTRA_KEYS.map((v) => ({
        kind: 'add-key',
        target,
        path: slot.path,
        key: v.label,
        value: v.value,
        // Prefixed like every query mutation: the body's and the query's extra keys are two classes, two labels.
        label: `${target === 'query' ? '?' : ''}${where([...slot.path, v.label || '""'])} = extra ${describeValue(v.value, 40)}`,
      })),
    });
  }
  return classes;
}

/** The object schema of an operation's query parameters. */
export function querySchema(op: Operation): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(op.query.map((p) => [p.name, p.schema])),
    required: op.query.filter((p) => p.required).map((p) => p.name),
  };
}

const MULTIPART_VARIANTS: MultipartVariant[] = [
  'no-boundary',
  'wrong-boundary',
  'truncated',
  'too-many-fields',
  'too-many-files',
  'json-instead',
  'file-everywhere',
  'duplicate-fields',
];

/** Every family of bad input the contract's description of an operation allows aiming at it. */
export function mutationClasses(op: Operation): MutationClass[] {
  const classes: MutationClass[] = [];
  if (op.body) for (const slot of slotsOf(op.body)) classes.push(...slotClasses(slot, 'body'));
  // Declared query parameters get the whole catalogue; undeclared ones are tried on every operation.
  for (const slot of slotsOf(querySchema(op))) {
    if (slot.path.length > 0 || op.query.length === 0) classes.push(...slotClasses(slot, 'query'));
  }
  for (const param of op.pathParams) {
    for (const c of PATH_CLASSES) {
      classes.push({
        name: `:${param.name}: ${c.name}`,
        priority: PRIORITY.has(c.name),
        mutations: c.values.map((text) => ({
          kind: 'path-param',
          name: param.name,
          text,
          label: `:${param.name} = ${describeValue(text, 40)}`,
        })),
      });
    }
  }
  for (const c of BODY_CLASSES) {
    if (!op.body && c.name !== 'malformed JSON') continue;
    classes.push({
      name: `body: ${c.name}`,
      priority: false,
      mutations: c.values.map((b) => ({ kind: 'raw-body', payload: b.payload, label: `body: ${b.label}` })),
    });
  }
  classes.push({
    name: 'content type',
    priority: false,
    mutations: CONTENT_TYPES.map((contentType) => ({
      kind: 'content-type',
      contentType,
      label: `content-type: ${contentType}`,
    })),
  });
  classes.push({
    name: 'authorization',
    priority: false,
    mutations: AUTH_HEADERS.map((value) => ({
      kind: 'header',
      name: 'authorization',
      value,
      label: `authorization: ${describeValue(value, 30)}`,
    })),
  });
  if (op.formUrlEncoded)
    classes.push({ name: 'form', priority: false, mutations: [{ kind: 'as-form', label: 'form-encoded' }] });
  if (op.multipart) {
    classes.push({
      name: 'multipart',
      priority: false,
      mutations: MULTIPART_VARIANTS.map((variant) => ({ kind: 'multipart', variant, label: `multipart: ${variant}` })),
    });
  }
  return classes;
}

function baseArb(op: Operation) {
  const params = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p.name, validArb(p.schema).map((v) => fieldText(v))])),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = validArb(querySchema(op)) as fc.Arbitrary<Record<string, unknown>>;
  const body = op.body ? validArb(op.body) : fc.constant(undefined);
  return fc.record({ params, query, body });
}

/** Random requests: a class, then a value of it; one request in six is sent as it is. */
export function badRequestArb(op: Operation, hasExample: boolean): fc.Arbitrary<BadRequest> {
  const classes = mutationClasses(op);
  const mutation = fc.constantFrom(...classes).chain((c) => fc.constantFrom(...c.mutations));
  return fc.record({
    useExample: hasExample ? fc.integer({ min: 0, max: 3 }).map((n) => n > 0) : fc.constant(false),
    generated: baseArb(op),
    mutations: fc.oneof(
      { arbitrary: fc.constant<Mutation[]>([]), weight: 1 },
      { arbitrary: fc.array(mutation, { minLength: 1, maxLength: 2 }), weight: 5 },
    ),
    alsoDenied: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  });
}

/**
 * The fixed part of a run: one request per mutation class (priority classes first), each a single mutation of the
 * example, the value within the class chosen by the seed. Capped at `max`; the rest of the run is random.
 */
export function systematicRequests(
  op: Operation,
  hasExample: boolean,
  seed: number,
  max: number,
  /** Which of `parts` runs this is: each starts the other classes at its own share, so together they reach more. */
  part = 0,
  parts = 1,
): BadRequest[] {
  const classes = mutationClasses(op);
  const order = fc.sample(fc.shuffledSubarray(classes, { minLength: classes.length }), { seed, numRuns: 1 })[0]!;
  const others = order.filter((c) => !c.priority);
  const start = others.length === 0 ? 0 : (part * Math.ceil(others.length / parts)) % others.length;
  const ordered = [...order.filter((c) => c.priority), ...others.slice(start), ...others.slice(0, start)].slice(0, max);
  const bases = fc.sample(baseArb(op), { seed, numRuns: Math.max(1, ordered.length) });
  const picks = fc.sample(fc.nat(), { seed: seed ^ 0x5bd1e995, numRuns: Math.max(1, ordered.length) });
  return ordered.map((c, i) => ({
    useExample: hasExample,
    generated: bases[i]!,
    mutations: [c.mutations[picks[i]! % c.mutations.length]!],
    alsoDenied: false,
  }));
}
