import type { z } from 'zod';

/** Wrappers that hold the schema a value is checked by (optional, nullable, default, pipe…). */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
]);

interface Inner {
  _zod: {
    def: { type: string; in?: unknown; out?: unknown; innerType?: unknown; options?: unknown[] };
  };
  shape?: Record<string, unknown>;
  maxLength?: number | null;
}

function unwrap(schema: unknown): Inner {
  let t = schema as Inner;
  for (;;) {
    const d = t._zod.def;
    if (d.type === 'pipe') t = d.in as Inner;
    else if (WRAPPERS.has(d.type)) t = d.innerType as Inner;
    else return t;
  }
}

/**
 * The longest text a field of a body schema takes (its `.max()`), read from the domain's zod
 * schema so a form shows and enforces the server's own limit: `textMaxLength(muralBody,
 * 'titulo')` is 200. Undefined when the key is not a text with a maximum.
 */
export function textMaxLength(schema: z.ZodType, key: string): number | undefined {
  const outer = unwrap(schema);
  // A discriminated union (Patrimônio / Consumível): the field's limit in the variant that has it.
  if (outer._zod.def.type === 'union') {
    for (const option of outer._zod.def.options ?? []) {
      const max = textMaxLength(option as z.ZodType, key);
      if (max !== undefined) return max;
    }
    return undefined;
  }
  const field = outer.shape?.[key];
  if (!field) return undefined;
  return maxOf(field);
}

/** A text's `.max()`, on either side of a pipe (`.transform(clean).pipe(z.string().max(n))`). */
function maxOf(schema: unknown): number | undefined {
  let t = schema as Inner;
  while (WRAPPERS.has(t._zod.def.type)) t = t._zod.def.innerType as Inner;
  const d = t._zod.def;
  if (d.type === 'pipe') return maxOf(d.in) ?? maxOf(d.out);
  return d.type === 'string' && typeof t.maxLength === 'number' ? t.maxLength : undefined;
}
