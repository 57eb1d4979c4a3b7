import type { OsKmKind } from '@eproto/domain';
import { KM_JUMP_WARN } from '@eproto/domain';

/** A return more than KM_JUMP_WARN after the departure needs the confirmation ticked. */
export const isKmJump = (tipo: OsKmKind | null, saida: number | null, value: unknown) =>
  tipo === 'retorno' && saida !== null && typeof value === 'number' && value - saida > KM_JUMP_WARN;
