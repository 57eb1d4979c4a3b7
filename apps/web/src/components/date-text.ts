import { formatDateBr, isDateOnly, parseBrDate } from '@eproto/domain';

// How a date field reads and shows its text, apart from the inputs: the form field with its
// calendar (date-field.tsx) and the OS checklist's plain one (plain-date-field.tsx) share it.

/**
 * The value a date field reports while its text is not a date (31/02/2027, "10/12"): not
 * null, so a form cannot mistake a wrong date for an empty optional one.
 */
export const INVALID_DATE = 'data-invalida';

/** True for a real YYYY-MM-DD (not null and not INVALID_DATE). */
export const isValidDate = (v: string | null | undefined): v is string =>
  typeof v === 'string' && isDateOnly(v);

/** Reads the text and checks the range; the error is Portuguese and the text is kept. */
export function readDateText(text: string, minDate?: string, maxDate?: string) {
  const r = parseBrDate(text);
  if (!r.ok || r.value === null) return r;
  if (minDate && r.value < minDate) {
    return { ok: false as const, error: `A data não pode ser antes de ${formatDateBr(minDate)}.` };
  }
  if (maxDate && r.value > maxDate) {
    return { ok: false as const, error: `A data não pode ser depois de ${formatDateBr(maxDate)}.` };
  }
  return r;
}

/** dd/mm/aaaa of a valid date, or an empty text. */
export const shownDate = (v: string | null | undefined) => (isValidDate(v) ? formatDateBr(v) : '');
