import { z } from 'zod';
import { fieldDate, fieldOptionalText, fieldText, hasNul } from './field-common.ts';
import { digitsOf, isValidCnpj, isValidCpf } from './documents.ts';

// The check-digit rules live in documents.ts, free of zod (the OS signature step imports
// isValidCpf without the company schemas).
export { formatCnpj, formatCpf, isValidCnpj, isValidCpf } from './documents.ts';

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
