// CPF and CNPJ check digits and formatting: pure functions, no zod.

/** The digits of a document number as typed. */
export const digitsOf = (raw: string) => raw.replace(/\D/g, '');
/** Only digits and the usual punctuation (dots, hyphen, slash, spaces) around them. */
const looksLikeDocument = (raw: string) => /^[\d.\-/\s]*$/.test(raw);

/** Check-digit rule of a CPF (11 digits; all-equal numbers such as 111.111.111-11 are invalid). */
export function isValidCpf(raw: string): boolean {
  const d = digitsOf(raw);
  if (!looksLikeDocument(raw) || d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i += 1) sum += Number(d.charAt(i)) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === Number(d.charAt(9)) && check(10) === Number(d.charAt(10));
}

/** "123.456.789-09" from the 11 digits of a CPF. */
export function formatCpf(raw: string): string {
  const d = digitsOf(raw);
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : raw;
}

/** Check-digit rule of a CNPJ (14 digits; all-equal numbers are invalid). */
export function isValidCnpj(raw: string): boolean {
  const d = digitsOf(raw);
  if (!looksLikeDocument(raw) || d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const check = (len: number) => {
    const weights =
      len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, w, i) => acc + w * Number(d.charAt(i)), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check(12) === Number(d.charAt(12)) && check(13) === Number(d.charAt(13));
}

/** "12.345.678/0001-95" from the 14 digits of a CNPJ. */
export function formatCnpj(raw: string): string {
  const d = digitsOf(raw);
  return d.length === 14
    ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`
    : raw;
}
