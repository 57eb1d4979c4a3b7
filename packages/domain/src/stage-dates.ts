/**
 * Dates a stage move sets (PRODUCT.md): to em_andamento sets inicio_real when empty; to
 * concluido sets fim_real (and inicio_real when still empty). Moving back out of concluido
 * clears fim_real. Returns only the fields that change.
 * A module of its own, not in murals.ts: the kanban applies it to a moved card, and murals.ts
 * brings zod with its schemas (issue 33: /eproto/quadros loaded zod before its first paint for
 * this function); nor in stages.ts, whose labels many chunks carry a copy of.
 */
export function stageDateChanges(
  current: { stage: string; inicio_real: string | null; fim_real: string | null },
  next: string,
  today: string,
): { inicio_real?: string; fim_real?: string | null } {
  const out: { inicio_real?: string; fim_real?: string | null } = {};
  if (next === 'em_andamento' || next === 'em_revisao' || next === 'concluido') {
    if (!current.inicio_real) out.inicio_real = today;
  }
  if (next === 'concluido' && current.stage !== 'concluido') out.fim_real = today;
  if (next !== 'concluido' && current.fim_real) out.fim_real = null;
  return out;
}
