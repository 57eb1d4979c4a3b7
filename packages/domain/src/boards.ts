import { z } from 'zod';
import { positiveId, userRefSchema } from './common.ts';

/** Colours offered for boards (any #rrggbb is accepted). */
export const BOARD_COLORS = [
  '#228be6',
  '#12b886',
  '#fab005',
  '#fa5252',
  '#7950f2',
  '#fd7e14',
  '#15aabf',
  '#868e96',
] as const;

/** A board (quadro) with its counters; `can_edit` tells the UI whether to offer edit/delete. */
export const boardSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  contract_id: z.number().int().nullable(),
  contract_nome: z.string().nullable(),
  cor: z.string(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Number of participants. */
  participantes: z.number().int(),
  /** Demands on the board the caller can see. */
  demandas: z.number().int(),
  can_edit: z.boolean(),
});
export type Board = z.infer<typeof boardSchema>;

/** GET /api/eproto/boards?contract_id= — the boards in the caller's scope, by name. */
export const boardListQuery = z.object({ contract_id: positiveId.optional() });
export const boardListResponse = z.array(boardSchema);

const nome = z
  .string({ error: 'Informe o nome do quadro.' })
  .trim()
  .min(2, 'Informe o nome do quadro.')
  .max(120, 'Nome com no máximo 120 caracteres.');
const descricao = z.string().trim().max(2000, 'Descrição com no máximo 2000 caracteres.');
const cor = z
  .string()
  .trim()
  .max(20, 'Cor inválida: use #rrggbb.')
  .regex(/^#[0-9a-fA-F]{6}$/, 'Cor inválida: use #rrggbb.');

/** POST /api/eproto/boards (gestores). `participants` are user ids (user_key). */
export const boardCreateBody = z.object({
  nome,
  descricao: descricao.nullish(),
  contract_id: positiveId.nullish(),
  cor: cor.optional(),
  participants: z.array(positiveId).max(200, 'Participantes demais.').optional(),
});
export type BoardCreateBody = z.input<typeof boardCreateBody>;

/** PATCH /api/eproto/boards/{id} (gestores). */
export const boardUpdateBody = z
  .object({
    nome: nome.optional(),
    descricao: descricao.nullish(),
    contract_id: positiveId.nullish(),
    cor: cor.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nada para alterar.');
export type BoardUpdateBody = z.input<typeof boardUpdateBody>;

/** A board participant; user_key is the user id (PRODUCT.md). */
export const boardParticipantSchema = z.object({
  user_key: z.number().int(),
  user: userRefSchema,
  added_at: z.string(),
});
export type BoardParticipant = z.infer<typeof boardParticipantSchema>;
export const boardParticipantListResponse = z.array(boardParticipantSchema);

/** POST /api/eproto/boards/{id}/participants */
export const boardParticipantBody = z.object({ user_key: positiveId });
export type BoardParticipantBody = z.input<typeof boardParticipantBody>;

/** DELETE /api/eproto/boards/{id}/participants/{key} */
export const boardParticipantParams = z.object({ id: positiveId, key: positiveId });
