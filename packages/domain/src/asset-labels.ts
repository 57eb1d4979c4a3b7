import { z } from 'zod';
import { INT4_MAX } from './common.ts';

// QR labels of customer assets and the public page their QR opens (issue 34, points 2 and 5;
// docs/assets.md). The QR holds `<PUBLIC_URL>/ativo/<codigo>`: a random code per asset, never
// its sequential id, so the public page cannot be walked asset by asset.

/** At most this many labels per PDF (a hospital's 300 air conditioners fit in one sheet run). */
export const ASSET_LABELS_MAX = 500;

/** The public code of an asset: 16 characters of base64url (96 random bits). */
export const ASSET_PUBLIC_CODE = /^[A-Za-z0-9_-]{16}$/;

/** The app path of the public page of an asset (what its QR opens). */
export const assetPublicPath = (codigo: string) => `/ativo/${codigo}`;

/** The app path of an asset's page inside the app (history, open OSs, plans, yearly grid). */
export const assetPagePath = (id: number) => `/tatico/agenda/ativos/${id}`;

/** The public code inside a scanned text: a whole URL of a label, or the code alone. */
export function assetCodeFromScan(text: string): string | null {
  const t = text.trim();
  if (ASSET_PUBLIC_CODE.test(t)) return t;
  const m = /\/ativo\/([A-Za-z0-9_-]{16})(?:[/?#]|$)/.exec(t);
  return m ? m[1]! : null;
}

const idList = z
  .string({ error: 'Escolha os ativos das etiquetas.' })
  .max(ASSET_LABELS_MAX * 11, 'Lista de ativos longa demais.')
  .regex(
    /^\d{1,10}(,\d{1,10})*$/,
    'Lista de ativos inválida: use os números separados por vírgula.',
  )
  .transform((v) => [...new Set(v.split(',').map(Number))])
  .refine((ids) => ids.every((n) => n >= 1 && n <= INT4_MAX), 'Identificador de ativo inválido.')
  .refine(
    (ids) => ids.length <= ASSET_LABELS_MAX,
    `No máximo ${ASSET_LABELS_MAX} etiquetas por arquivo.`,
  );

/** GET /tatico/ativos/etiquetas?ids=1,2,3 — the PDF sheet of labels of these assets. */
export const assetLabelsQuery = z.object({ ids: idList });

const codeParam = z
  .string()
  .max(40, 'Etiqueta inválida.')
  .regex(ASSET_PUBLIC_CODE, 'Etiqueta inválida: leia o QR de novo.');

/** `{codigo}` of an asset's public page and of the in-app lookup of a scanned label. */
export const assetCodeParams = z.object({ codigo: codeParam });

/**
 * "Digitar código" of "Ler etiqueta": the tag printed on the label, or its address or code
 * pasted. The lookup then asks GET /tatico/ativos?q= (assetListQuery) or /codigo/{codigo}
 * (assetCodeParams), each checked by its own schema on the server.
 */
export const assetLabelTypedFields = z.object({
  etiqueta: z
    .string({ error: 'Digite a tag impressa na etiqueta.' })
    .trim()
    .min(1, 'Digite a tag impressa na etiqueta.')
    .max(300, 'Texto longo demais: digite a tag impressa na etiqueta.'),
});

/** GET /tatico/ativos/codigo/{codigo}: the asset a scanned label names (scope: 404 outside). */
export const assetByCodeResponse = z.object({ id: z.number().int() });

/**
 * GET /public/ativos/{codigo}: what anyone holding the label may read — tag, type and site, and
 * whether problems can be reported here. `interno_id` only for a signed-in person who may open
 * the asset inside the app (the page then offers it).
 */
export const assetPublicResponse = z.object({
  codigo: z.string(),
  tag: z.string(),
  tipo: z.string(),
  local: z.string(),
  relatos: z.boolean(),
  interno_id: z.number().int().nullable(),
});
export type AssetPublic = z.infer<typeof assetPublicResponse>;
