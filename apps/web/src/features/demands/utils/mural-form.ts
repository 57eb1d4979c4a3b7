import type { Mural, MuralUpdateBody, Priority, Stage } from '@eproto/domain';

/** The demand form's values (create and edit share them). */
export interface MuralFormValues {
  titulo: string;
  descricao: string;
  board_id: number | null;
  contract_id: number | null;
  prioridade: Priority;
  stage: Stage;
  responsavel_id: number | null;
  inicio_previsto: string | null;
  fim_previsto: string | null;
  inicio_real: string | null;
  fim_real: string | null;
  participants: number[];
}

/** Fields the edit form may send (PATCH /eproto/murals/{id}). */
const EDITABLE = [
  'titulo',
  'descricao',
  'board_id',
  'contract_id',
  'prioridade',
  'responsavel_id',
  'inicio_previsto',
  'fim_previsto',
  'inicio_real',
  'fim_real',
] as const;

export function initialValues(
  mural: Mural | null,
  boardId: number | null,
  stage: Stage,
): MuralFormValues {
  return {
    titulo: mural?.titulo ?? '',
    descricao: mural?.descricao ?? '',
    board_id: mural?.board_id ?? boardId,
    contract_id: mural?.contract_id ?? null,
    prioridade: mural?.prioridade ?? 'media',
    stage: mural?.stage ?? stage,
    responsavel_id: mural?.responsavel_id ?? null,
    inicio_previsto: mural?.inicio_previsto ?? null,
    fim_previsto: mural?.fim_previsto ?? null,
    inicio_real: mural?.inicio_real ?? null,
    fim_real: mural?.fim_real ?? null,
    participants: [],
  };
}

/** Only what changed, with blanks sent as null (PATCH semantics: null clears). */
export function changedFields(mural: Mural, values: MuralFormValues): MuralUpdateBody {
  const body: Record<string, unknown> = {};
  for (const field of EDITABLE) {
    let next: unknown = values[field];
    if (typeof next === 'string') next = next.trim() === '' ? null : next.trim();
    const before = mural[field] ?? null;
    if (next !== before && !(field === 'titulo' && next === null)) body[field] = next;
  }
  return body;
}
