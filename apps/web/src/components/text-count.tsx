import type { ReactNode } from 'react';

// The count of a text field for the plain fields of a field screen (plain-input.tsx): the same
// rules and words as text-fields.tsx's, which keeps its own copy. Imported from here, its
// module boundary added ~0.05 KB gzip to /login, whose budget has no room left (issue 33).

/** Below this limit a field shows no count (a UF, a CNH number, a unit). */
const COUNT_FROM_MAX = 20;
/** A single-line field shows its count from this share of the limit on. */
const NEAR = 0.8;

/** "1.980 de 2.000 caracteres": the limit and what is used of it. */
function textCount(length: number, max: number): string {
  return `${length.toLocaleString('pt-BR')} de ${max.toLocaleString('pt-BR')} caracteres`;
}

/** When a field shows its count: always (long texts) or near the limit (single lines). */
export type CountMode = 'always' | 'near' | 'never';

/** The field's description with "12 de 200 caracteres" under it when the count shows. */
export function withCount(
  description: ReactNode,
  length: number,
  max: number | undefined,
  mode: CountMode,
): ReactNode {
  if (max === undefined || max < COUNT_FROM_MAX || mode === 'never') return description;
  if (mode === 'near' && length < max * NEAR) return description;
  const count = (
    <span
      data-testid="text-count"
      style={length >= max ? { color: 'var(--mantine-color-orange-7)' } : undefined}
    >
      {textCount(length, max)}
      {length >= max ? ' — limite atingido' : ''}
    </span>
  );
  if (!description) return count;
  return (
    <>
      {description}
      <br />
      {count}
    </>
  );
}
