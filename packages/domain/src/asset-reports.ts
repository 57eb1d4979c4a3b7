import { z } from 'zod';
import { fieldText } from './field-common.ts';
import type { RequestStatus } from './requests.ts';

// "Relatar problema" (issue 34, point 5): someone without an account scans an asset's label,
// reports a problem with up to 3 photos, and follows its status by a link. It opens a
// solicitação (tipo manutenção) of the asset's contract for the office; docs/assets.md.

/** At most this many photos per report. */
export const ASSET_REPORT_MAX_PHOTOS = 3;
/** Each photo at most this many bytes. */
export const ASSET_REPORT_PHOTO_MAX_BYTES = 8 * 1_048_576;
/** Reports per sender address per hour (beyond: 429). */
export const ASSET_REPORT_PER_ADDRESS_HOUR = 5;
/** The honeypot field: hidden from people, filled by bots; anything in it refuses the report. */
export const ASSET_REPORT_HONEYPOT = 'site';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail, or a Brazilian phone of 10 to 13 digits (with DDD, optional +55). */
export function isReportContact(v: string): boolean {
  if (EMAIL.test(v)) return true;
  if (!/^[+\d\s().-]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, '');
  return digits.length >= 10 && digits.length <= 13;
}

/** The text fields of the public form (multipart; parsed by the route with this schema). */
export const assetReportFields = z.object({
  nome: fieldText('seu nome', 80, 2),
  contato: fieldText('um telefone ou e-mail', 120).refine(
    isReportContact,
    'Informe um telefone com DDD ou um e-mail válido.',
  ),
  descricao: fieldText('o que está acontecendo', 2000, 5),
  [ASSET_REPORT_HONEYPOT]: z.string().max(200).optional(),
});
export type AssetReportFields = z.input<typeof assetReportFields>;

/** The answer to a report: the protocol and the path of the follow page. */
export const assetReportResponse = z.object({
  protocolo: z.string(),
  acompanhar: z.string(),
});
export type AssetReportCreated = z.infer<typeof assetReportResponse>;

/** The follow page's token: 43 characters of base64url (256 random bits). */
export const assetReportTokenParams = z.object({
  token: z
    .string()
    .max(64, 'Link inválido.')
    .regex(/^[A-Za-z0-9_-]{43}$/, 'Link inválido.'),
});

/** What the follow page shows: the protocol, the asset's tag and the state in plain words. */
export const ASSET_REPORT_STATUS_LABELS: Record<RequestStatus, string> = {
  aberta: 'Recebido',
  em_analise: 'Em análise',
  aprovada: 'Em atendimento',
  recusada: 'Encerrado sem atendimento',
  atendida: 'Resolvido',
};

export const assetReportStatusResponse = z.object({
  protocolo: z.string(),
  tag: z.string(),
  situacao: z.string(),
  concluido: z.boolean(),
  enviado_em: z.string(),
  atualizado_em: z.string(),
});
export type AssetReportStatus = z.infer<typeof assetReportStatusResponse>;

/** The public path of a report's follow page. */
export const assetReportPath = (token: string) => `/ativo/relato/${token}`;

/** PUT /tatico/ativos/relatos/contratos/{id}: switch the public reports of a contract. */
export const assetReportSettingBody = z.object({
  ativo: z.boolean({ error: 'Informe se os relatos públicos ficam ligados.' }),
});
export const assetReportSettingResponse = z.object({
  contract_id: z.number().int(),
  ativo: z.boolean(),
});
