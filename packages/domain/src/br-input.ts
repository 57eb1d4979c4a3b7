import { isDateOnly, MAX_YEAR, MIN_YEAR } from './plain-dates.ts';

/** What a Brazilian typed, read: a value, nothing (empty field) or a Portuguese error. */
export type BrParse<T> = { ok: true; value: T | null } | { ok: false; error: string };

export const BR_DATE_ERROR = 'Data inválida. Use dd/mm/aaaa, como 10/12/2026.';

/**
 * Reads a date typed the Brazilian way — "10/12/2026", "10/12/26", "10122026", "100326",
 * "5-3-2026", "05.03.2026" or already "2026-12-10" — as YYYY-MM-DD. Day always comes first; a date that
 * does not exist (31/02/2027) is an error, never moved to another day.
 */
export function parseBrDate(text: string): BrParse<string> {
  const v = text.trim();
  if (v === '') return { ok: true, value: null };
  if (isDateOnly(v)) return { ok: true, value: v };
  const m =
    /^(\d{1,2})[/.\s-](\d{1,2})[/.\s-](\d{2}|\d{4})$/.exec(v) ??
    /^(\d{2})(\d{2})(\d{4}|\d{2})$/.exec(v);
  if (!m) return { ok: false, error: BR_DATE_ERROR };
  const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
  // The year is checked first: "31/12/9999" has a real day and month, the year is what is wrong.
  if (Number(year) < MIN_YEAR || Number(year) > MAX_YEAR) {
    return {
      ok: false,
      error: `O ano ${year} não é aceito: use um ano entre ${MIN_YEAR} e ${MAX_YEAR}.`,
    };
  }
  const iso = `${year}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  if (!isDateOnly(iso)) {
    return { ok: false, error: `A data ${v} não existe. Confira o dia e o mês.` };
  }
  return { ok: true, value: iso };
}

export interface BrNumberOptions {
  /** Most digits after the comma (0 = whole numbers only). */
  decimals?: number;
  min?: number;
  max?: number;
}

const moneyOrNumber = (n: number, decimals: number) =>
  n.toLocaleString('pt-BR', { maximumFractionDigits: decimals, useGrouping: true });

/**
 * Reads a number typed the Brazilian way: comma for decimals, dot for thousands ("1.234,50",
 * "45,5", "300", "R$ 250,50", "-23,5505"). A dot alone is read as thousands when it groups
 * three digits ("1.500" = 1500), otherwise as a decimal point ("-23.5505").
 */
export function parseBrNumber(text: string, opts: BrNumberOptions = {}): BrParse<number> {
  const decimals = opts.decimals ?? 2;
  const v = text
    .replace(/R\$/i, '')
    .replace(/[\s\u00a0]/g, '')
    .replace(/^\+/, '');
  if (v === '') return { ok: true, value: null };
  const m = /^(-?)(\d+(?:\.\d{3})*|\d*)(?:,(\d*))?$/.exec(v);
  let intPart: string;
  let fracPart: string;
  let sign: string;
  if (m && (m[2] !== '' || (m[3] ?? '') !== '')) {
    sign = m[1]!;
    intPart = m[2]!.replace(/\./g, '') || '0';
    fracPart = m[3] ?? '';
  } else {
    const dot = /^(-?)(\d*)\.(\d+)$/.exec(v);
    if (!dot) return { ok: false, error: 'Número inválido. Use vírgula para decimais, como 45,5.' };
    sign = dot[1]!;
    intPart = dot[2] || '0';
    fracPart = dot[3]!;
  }
  if (fracPart.length > decimals) {
    return {
      ok: false,
      error:
        decimals === 0
          ? 'Informe um número inteiro, sem casas decimais.'
          : `Use no máximo ${decimals} casas decimais.`,
    };
  }
  const value = Number(`${sign}${intPart}.${fracPart || '0'}`);
  if (!Number.isFinite(value)) return { ok: false, error: 'Número inválido.' };
  if (opts.min !== undefined && value < opts.min) {
    return { ok: false, error: `O valor mínimo é ${moneyOrNumber(opts.min, decimals)}.` };
  }
  if (opts.max !== undefined && value > opts.max) {
    return { ok: false, error: `O valor máximo é ${moneyOrNumber(opts.max, decimals)}.` };
  }
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

/** A number as a Brazilian reads it ("1.234,5"); `fixed` keeps that many decimals ("1.234,50"). */
export function formatBrNumber(
  value: number,
  opts: { decimals?: number; fixed?: boolean; grouping?: boolean } = {},
) {
  const decimals = opts.decimals ?? 2;
  return value.toLocaleString('pt-BR', {
    minimumFractionDigits: opts.fixed ? decimals : 0,
    maximumFractionDigits: decimals,
    // years and codes are written without the thousands dot (2026, not 2.026)
    useGrouping: opts.grouping ?? true,
  });
}
