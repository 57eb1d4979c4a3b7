import { z } from 'zod';
import { positiveId } from './common.ts';
import { personRef } from './field-common.ts';

// Photos and documents of an asset (issue 34, point 1; docs/assets.md): gestão uploads and
// removes them, everyone who reads the asset lists and downloads them.

/** Each file at most this many bytes (a phone photo is compressed to ~1.5 MB first). */
export const ASSET_FILE_MAX_BYTES = 10 * 1_048_576;

/** `foto` (JPEG or PNG, with a thumbnail) or `documento` (PDF). */
export const ASSET_FILE_KINDS = ['foto', 'documento'] as const;
export type AssetFileKind = (typeof ASSET_FILE_KINDS)[number];

/** What the upload accepts, said to people (the server decides by the file's bytes). */
export const ASSET_FILE_ACCEPTED =
  'Envie uma foto (JPEG ou PNG) ou um documento em PDF; outros tipos não são aceitos.';

export const assetFileSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(ASSET_FILE_KINDS),
  nome: z.string(),
  mime: z.string(),
  tamanho: z.number().int(),
  enviado_em: z.string(),
  enviado_por: personRef.nullable(),
});
export type AssetFile = z.infer<typeof assetFileSchema>;

/** One line of the files' history: who added or removed which file, and when. */
export const assetFileEvent = z.object({
  acao: z.enum(['adicionado', 'removido']),
  arquivo_id: z.number().int(),
  nome: z.string(),
  tipo: z.enum(ASSET_FILE_KINDS),
  quem: personRef.nullable(),
  quando: z.string(),
});
export type AssetFileEvent = z.infer<typeof assetFileEvent>;

/** GET /tatico/ativos/{id}/arquivos. */
export const assetFilesResponse = z.object({
  items: z.array(assetFileSchema),
  historico: z.array(assetFileEvent),
  pode_editar: z.boolean(),
});
export type AssetFiles = z.infer<typeof assetFilesResponse>;

/** `/:id/arquivos/:fileId`. */
export const assetFileParams = z.object({ id: positiveId, fileId: positiveId });
