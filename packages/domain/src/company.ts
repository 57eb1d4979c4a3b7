import { z } from 'zod';
import { fieldDate, fieldOptionalText, fieldText, hasNul } from './field-common.ts';
import type { Role } from './roles.ts';

const digitsOf = (raw: string) => raw.replace(/\D/g, '');
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

/** Optional CPF as typed (with or without punctuation); stored as 11 digits, blank as null. */
export const cpfField = z
  .string({ error: 'CPF inválido.' })
  .max(20, 'CPF inválido: confira os 11 dígitos.')
  .refine((v) => !hasNul(v), 'CPF inválido.')
  .trim()
  .nullish()
  .refine((v) => !v || isValidCpf(v), 'CPF inválido: confira os 11 dígitos.')
  .transform((v) => (v ? digitsOf(v) : null));

// ---------------------------------------------------------------- company settings

/** Who may edit the employer's name and CNPJ. */
export const COMPANY_EDIT_ROLES: readonly Role[] = ['ti', 'diretoria'];

export const companySettingsBody = z.object({
  nome: fieldText('o nome da empresa', 160, 2),
  cnpj: z
    .string({ error: 'Informe o CNPJ.' })
    .max(30, 'CNPJ inválido: confira os 14 dígitos.')
    .trim()
    .min(1, 'Informe o CNPJ.')
    .refine(isValidCnpj, 'CNPJ inválido: confira os 14 dígitos.')
    .transform(digitsOf),
});
export type CompanySettingsBody = z.input<typeof companySettingsBody>;

export const companySettingsSchema = z.object({
  nome: z.string(),
  cnpj: z.string(),
  cnpj_formatado: z.string(),
  updated_at: z.string(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;
export const companySettingsResponse = z.object({ empresa: companySettingsSchema.nullable() });
export type CompanySettingsResponse = z.infer<typeof companySettingsResponse>;

// ---------------------------------------------------------------- employment record

/**
 * Employment fields of a person (ficha de EPI) for a patch: absent leaves the value as it is,
 * null or blank clears it.
 */
export const employmentFields = {
  cpf: cpfField.optional(),
  matricula: fieldOptionalText('a matrícula', 40).optional(),
  funcao: fieldOptionalText('a função', 80).optional(),
  admissao: fieldDate('a data de admissão')
    .nullish()
    .transform((v) => v ?? null)
    .optional(),
};

export const employmentSchema = z.object({
  cpf: z.string().nullable(),
  matricula: z.string().nullable(),
  funcao: z.string().nullable(),
  admissao: z.string().nullable(),
});
export type Employment = z.infer<typeof employmentSchema>;
