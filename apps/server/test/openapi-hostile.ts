// Hostile requests generated from the OpenAPI document the app publishes (@fastify/swagger):
// every path parameter, query parameter and body field of every operation gets the values an
// attacker or a broken client sends, each in an otherwise plausible request.

/** The part of JSON Schema / OpenAPI 3.0 that the zod transform emits. */
export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  method: string;
  /** OpenAPI form, `/api/x/{id}`. */
  path: string;
  params: OpenApiParameter[];
  /** JSON body schema; absent for bodiless and multipart routes. */
  body?: JsonSchema;
}

/** One hostile request: which field got which value, and whether it must be refused. */
export interface HostileRequest {
  label: string;
  url: string;
  payload?: unknown;
  /** Sent as is with this content type (raw JSON, multipart); otherwise payload is JSON. */
  contentType?: string;
  /** The value is invalid for the field's declared type: 4xx and no write expected. */
  mustRefuse: boolean;
  /** When refused, this exact status is expected (400 for bad ids, dates and text). */
  status?: number;
}

type Kind = 'id' | 'int' | 'number' | 'date' | 'datetime' | 'text' | 'enum' | 'boolean' | 'other';

interface Hostile {
  value: unknown;
  mustRefuse: boolean;
  status?: number;
}

export const INT4_MAX = 2_147_483_647;
const HUGE_BODY = 'x'.repeat(100_000);
const HUGE_URL = 'x'.repeat(3_000);
const NUL = 'a\u0000b';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** Text values a service might parse as an integer, a number or a date. */
export const NUMBER_OR_DATE_TEXT = [
  '2147483648',
  '#2147483648',
  '-2147483649',
  '99999999999999999999',
  '1e400',
  '0x10',
  '0000-01-01',
  '2026-02-30',
  '3000-01-01T10:00:00Z',
  '31/02/2026',
];

/** Every operation of the document, GETs first and DELETEs last (so deletes do not starve). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  const rank = (m: string) => (m === 'GET' ? 0 : m === 'DELETE' ? 2 : 1);
  return ops.sort((a, b) => rank(a.method) - rank(b.method));
}

/** The first branch of a union that is not the null branch. */
function resolve(s: JsonSchema): JsonSchema {
  const branches = s.anyOf ?? s.oneOf ?? s.allOf;
  if (!branches || branches.length === 0) return s;
  const ints = branches.find((b) => b.type === 'integer');
  return resolve(ints ?? branches.find((b) => !(b.enum?.length === 1 && b.enum[0] === null))!);
}

const ID_NAME = /(^id$|_id$|Id$|^before$|^after$)/;

function kindOf(raw: JsonSchema, name: string, where: string): Kind {
  const s = resolve(raw);
  if (s.enum) return 'enum';
  switch (s.type ?? '') {
    case 'integer':
      return where === 'path' || ID_NAME.test(name) ? 'id' : 'int';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      if (s.format === 'date') return 'date';
      if (s.format === 'date-time') return 'datetime';
      return 'text';
    default:
      return 'other';
  }
}

/** A plausible value of a schema, so that one hostile field is the only thing wrong. */
export function sampleOf(raw: JsonSchema, name = ''): unknown {
  const s = resolve(raw);
  if (s.enum) return s.enum.find((v) => v !== null);
  switch (s.type ?? '') {
    case 'integer':
    case 'number': {
      const min =
        typeof s.exclusiveMinimum === 'number'
          ? s.exclusiveMinimum + 1
          : s.exclusiveMinimum
            ? (s.minimum ?? 0) + 1
            : (s.minimum ?? 1);
      return Math.min(Math.max(min, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'array':
      return s.minItems ? Array.from({ length: s.minItems }, () => sampleOf(s.items ?? {})) : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sampleOf(s.properties?.[key] ?? {}, key);
      return out;
    }
    case 'string': {
      if (s.format === 'date') return '2026-03-10';
      if (s.format === 'date-time') return '2026-03-10T12:00:00.000Z';
      if (/email/i.test(name) || s.format === 'email') return 'hostil@teste.com';
      const base = 'Texto de teste';
      const text = base.padEnd(s.minLength ?? 0, 'x');
      return s.maxLength ? text.slice(0, s.maxLength) : text;
    }
    default:
      return null;
  }
}

function hostileFor(kind: Kind, inUrl: boolean): Hostile[] {
  const huge = inUrl ? HUGE_URL : HUGE_BODY;
  const bad = (value: unknown, status?: number): Hostile => ({ value, mustRefuse: true, status });
  const ok = (value: unknown): Hostile => ({ value, mustRefuse: false });
  const lenient = ['0x10', ' 16', '1e1', '16.0', '+16'].map((v) => bad(v, 400));
  switch (kind) {
    case 'id':
      return [
        bad(inUrl ? '2147483648' : 2_147_483_648, 400),
        bad(inUrl ? '-1' : -1, 400),
        bad(inUrl ? '0' : 0, 400),
        bad(inUrl ? '99999999999999999999' : 1e20, 400),
        ...lenient,
        bad(inUrl ? '1.5' : 1.5, 400),
        bad(NUL, 400),
      ];
    case 'int':
      return [
        bad(inUrl ? '2147483648' : 2_147_483_648, 400),
        bad(inUrl ? '-2147483649' : -2_147_483_649, 400),
        ok(inUrl ? '-1' : -1),
        ...lenient,
        bad(NUL, 400),
      ];
    case 'number':
      return [
        bad(inUrl ? '1e15' : 1e15, 400),
        bad(inUrl ? '-1e15' : -1e15, 400),
        bad('0x10', 400),
        bad(NUL, 400),
      ];
    case 'date':
      return [
        bad('0000-01-01', 400),
        bad('1899-12-31', 400),
        bad('3000-01-01', 400),
        bad('2026-02-30', 400),
        bad('2026-2-3', 400),
        bad(NUL, 400),
        bad(huge),
      ];
    case 'datetime':
      return [
        bad('0000-01-01T10:00:00.000Z', 400),
        bad('3000-01-01T10:00:00.000Z', 400),
        bad('2026-02-30T10:00:00.000Z', 400),
        bad(NUL, 400),
        bad(huge),
      ];
    case 'text':
      return [
        bad(NUL, 400),
        bad(huge),
        ok("' OR 1=1 --"),
        ok('\u202egpj.exe'),
        // Free text that a service may read as a number or a date ("#12" finds ticket 12, a
        // search box that also matches a code or a day): valid text, so never a 5xx.
        ...NUMBER_OR_DATE_TEXT.map(ok),
      ];
    case 'enum':
    case 'boolean':
      return [bad(NUL, 400), bad(huge)];
    case 'other':
      return [];
  }
}

interface Field {
  /** Dotted path inside the body (`itens.0.id`) or the parameter's name. */
  path: (string | number)[];
  kind: Kind;
}

function bodyFields(raw: JsonSchema, prefix: (string | number)[] = []): Field[] {
  const s = resolve(raw);
  if (s.type === 'object' && s.properties) {
    return Object.entries(s.properties).flatMap(([key, child]) => {
      const c = resolve(child);
      if (c.type === 'object' || c.type === 'array') return bodyFields(child, [...prefix, key]);
      return [{ path: [...prefix, key], kind: kindOf(child, key, 'body') }];
    });
  }
  if (s.type === 'array' && s.items) {
    const item = resolve(s.items);
    const last = String(prefix[prefix.length - 1] ?? '');
    if (item.type === 'object' || item.type === 'array') return bodyFields(item, [...prefix, 0]);
    return [{ path: [...prefix, 0], kind: kindOf(item, last.replace(/s$/, ''), 'body') }];
  }
  return [];
}

/** A copy of the sample body with one value set at a path (creating objects/arrays on the way). */
function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  const root = structuredClone(body ?? {}) as Record<string | number, unknown>;
  let node = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = path[i + 1];
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') {
      node[key] = typeof next === 'number' ? [] : {};
    }
    node = node[key] as Record<string | number, unknown>;
  });
  return root;
}

/** The object variant of a body whose schema is a union (e.g. patrimônio | consumível). */
function bodyVariants(body: JsonSchema): JsonSchema[] {
  return body.oneOf ?? body.anyOf ?? [body];
}

function buildUrl(op: Operation, path: Record<string, string>, query: Record<string, string>) {
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path[name]!));
  const qs = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return qs ? `${url}?${qs}` : url;
}

/** Every hostile request of one operation, with `baseId` in the path parameters left alone. */
export function hostileRequests(op: Operation, baseId = '1'): HostileRequest[] {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const basePath = Object.fromEntries(pathParams.map((p) => [p.name, baseId]));
  const baseQuery: Record<string, string> = {};
  for (const p of queryParams) {
    if (p.required) baseQuery[p.name] = String(sampleOf(p.schema, p.name));
  }
  const variants = op.body ? bodyVariants(op.body) : [];
  const baseBody = variants[0] ? sampleOf(variants[0]) : undefined;
  const out: HostileRequest[] = [];
  for (const p of [...pathParams, ...queryParams]) {
    const kind = kindOf(p.schema, p.name, p.in);
    for (const h of hostileFor(kind, true)) {
      const path = p.in === 'path' ? { ...basePath, [p.name]: String(h.value) } : basePath;
      const query = p.in === 'query' ? { ...baseQuery, [p.name]: String(h.value) } : baseQuery;
      out.push({
        label: `${p.in}:${p.name}=${JSON.stringify(h.value).slice(0, 24)}`,
        url: buildUrl(op, path, query),
        payload: baseBody,
        mustRefuse: h.mustRefuse,
        status: h.status,
      });
    }
  }
  const url = buildUrl(op, basePath, baseQuery);
  for (const variant of variants) {
    const sample = sampleOf(variant);
    for (const field of bodyFields(variant)) {
      for (const h of hostileFor(field.kind, false)) {
        out.push({
          label: `body:${field.path.join('.')}=${JSON.stringify(h.value).slice(0, 24)}`,
          url,
          payload: withValue(sample, field.path, h.value),
          mustRefuse: h.mustRefuse,
          status: h.status,
        });
      }
    }
  }
  return out;
}

/** True when the JSON body has no required field in any variant: `{}` is a well-formed body. */
export function allOptionalBody(op: Operation): boolean {
  if (!op.body) return false;
  return bodyVariants(op.body).every((v) => (resolve(v).required ?? []).length === 0);
}

/** Request fields whose schema does not bound them: integers past int4, text without a maximum. */
export function unboundedFields(ops: Operation[]): string[] {
  const found: string[] = [];
  const check = (where: string, raw: JsonSchema) => {
    const s = resolve(raw);
    if (s.type === 'integer' && (s.maximum === undefined || s.maximum > INT4_MAX)) {
      found.push(`${where}: inteiro sem limite (máximo ${s.maximum})`);
    }
    if (s.type === 'integer' && (s.minimum === undefined || s.minimum < -INT4_MAX - 1)) {
      found.push(`${where}: inteiro sem limite (mínimo ${s.minimum})`);
    }
    if (s.type === 'string' && !s.enum && s.maxLength === undefined) {
      found.push(`${where}: texto sem tamanho máximo`);
    }
    if (s.type === 'object') {
      for (const [k, v] of Object.entries(s.properties ?? {})) check(`${where}.${k}`, v);
    }
    if (s.type === 'array') {
      if (s.maxItems === undefined) found.push(`${where}: lista sem tamanho máximo`);
      if (s.items) check(`${where}[]`, s.items);
    }
    for (const b of raw.anyOf ?? raw.oneOf ?? []) if (b !== s) check(where, b);
  };
  for (const op of ops) {
    for (const p of op.params) check(`${op.method} ${op.path} ${p.in}:${p.name}`, p.schema);
    if (op.body) check(`${op.method} ${op.path} body`, op.body);
  }
  return found;
}

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart form with one `file` part and text fields. */
export function multipartForm(
  file: { name: string; data: Buffer } | null,
  fields: Record<string, string> = {},
): { payload: Buffer; contentType: string } {
  const boundary = '----hostil7e3';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

// Upload routes take multipart/form-data, which the document does not describe field by field.
const UPLOAD_PATH = /(\/upload|\/attachments|\/anexos|\/avatar)$/;

/** True for the routes that receive a file (multipart) instead of a JSON body. */
export function isUpload(op: Operation): boolean {
  return op.method === 'POST' && !op.body && UPLOAD_PATH.test(op.path);
}

/** Whole-body hostile requests: wrong JSON types, broken or deeply nested JSON, a stray form. */
export function structuralRequests(op: Operation, baseId = '1'): HostileRequest[] {
  if (!op.body && !isUpload(op)) return [];
  const url = op.path.replace(/\{\w+\}/g, baseId);
  const json = (label: string, payload: string): HostileRequest => ({
    label,
    url,
    payload,
    contentType: 'application/json',
    mustRefuse: true,
  });
  const out = [
    json('body=[]', '[]'),
    json('body="texto"', '"texto"'),
    json('body=42', '42'),
    ...(op.body?.nullable ? [] : [json('body=null', 'null')]),
    json('body quebrado', '{"quebrado": '),
    json('body aninhado', '['.repeat(20_000) + ']'.repeat(20_000)),
    json('chave com NUL', '{"a\\u0000": 1}'),
    json('__proto__', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'),
  ];
  if (!isUpload(op)) {
    if (op.body?.nullable) return out;
    const form = multipartForm({ name: 'a.png', data: TINY_PNG });
    out.push({ label: 'multipart num JSON', url, ...form, mustRefuse: true });
    return out;
  }
  const empty = multipartForm({ name: 'vazio.png', data: Buffer.alloc(0) });
  const nulName = multipartForm({ name: 'foto.png', data: TINY_PNG }, { display_name: NUL });
  const noFile = multipartForm(null, { display_name: 'Sem arquivo' });
  const broken = multipartForm({ name: 'a.png', data: TINY_PNG });
  const bidi = multipartForm({ name: 'nota\u202egnp.exe\u0000.png', data: TINY_PNG });
  out.push(
    { label: 'arquivo vazio', url, ...empty, mustRefuse: true, status: 400 },
    // Only the demand and task attachment forms read display_name (refused there, see their tests).
    { label: 'display_name com NUL', url, ...nulName, mustRefuse: false },
    { label: 'formulário sem arquivo', url, ...noFile, mustRefuse: true, status: 400 },
    {
      label: 'multipart cortado',
      url,
      payload: broken.payload.subarray(0, broken.payload.length - 30),
      contentType: broken.contentType,
      mustRefuse: true,
      status: 400,
    },
    { label: 'nome de arquivo com RLO e NUL', url, ...bidi, mustRefuse: false },
  );
  return out;
}
