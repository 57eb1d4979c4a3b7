import type { RecurrenceCreateBody, RecurrenceFrequency, RecurrenceRule } from '@eproto/domain';
import { recurrenceCreateBody, weekdayOf } from '@eproto/domain';
import { z } from 'zod';

const END_MODES = ['nunca', 'data', 'ocorrencias'] as const;
export type EndMode = (typeof END_MODES)[number];

/** What the "Tornar recorrente" form holds while it is filled in. */
export interface RecurrenceDraft {
  frequencia: RecurrenceFrequency;
  intervalo: number;
  dias_semana: number[];
  dia_mes: number;
  data_inicio: string;
  fim: EndMode;
  ate: string | null;
  ocorrencias: number;
}

/** Singular and plural unit after "Repetir a cada N". */
export const UNIT_LABELS: Record<RecurrenceFrequency, [string, string]> = {
  diaria: ['dia', 'dias'],
  semanal: ['semana', 'semanas'],
  mensal: ['mês', 'meses'],
  anual: ['ano', 'anos'],
};

/** A weekly draft starting at `start`: its weekday, its day of month, no end. */
export function initialDraft(start: string): RecurrenceDraft {
  return {
    frequencia: 'semanal',
    intervalo: 1,
    dias_semana: [weekdayOf(start)],
    dia_mes: Number(start.slice(8, 10)),
    data_inicio: start,
    fim: 'nunca',
    ate: null,
    ocorrencias: 4,
  };
}

/** The date rule the draft describes (for the preview and the summary sentence). */
export function draftToRule(d: RecurrenceDraft): RecurrenceRule {
  return {
    frequencia: d.frequencia,
    intervalo: d.intervalo,
    dias_semana: d.frequencia === 'semanal' ? d.dias_semana : [],
    dia_mes: d.frequencia === 'mensal' ? d.dia_mes : null,
    data_inicio: d.data_inicio,
    ate: d.fim === 'data' ? d.ate : null,
    ocorrencias: d.fim === 'ocorrencias' ? d.ocorrencias : null,
  };
}

/** POST /eproto/recurrence body of a draft. */
export function draftToBody(
  muralId: number,
  d: RecurrenceDraft,
): RecurrenceCreateBody & { mural_id: number } {
  const rule = draftToRule(d);
  return {
    mural_id: muralId,
    frequencia: rule.frequencia,
    intervalo: rule.intervalo,
    ...(rule.frequencia === 'semanal' ? { dias_semana: [...rule.dias_semana] } : {}),
    ...(rule.frequencia === 'mensal' ? { dia_mes: rule.dia_mes } : {}),
    data_inicio: rule.data_inicio || null,
    ate: rule.ate,
    ocorrencias: rule.ocorrencias,
  };
}

/**
 * The form's check: the domain's body (its messages, "não ambos", the end after the start) plus
 * what only the form asks — its end mode, a start date (an emptied one is null), a weekday when weekly, the end date
 * when ending "Em". Run on `draftToValues`, so an end or a frequency not chosen is not checked.
 */
export const recurrenceFormSchema = recurrenceCreateBody
  .safeExtend({
    fim: z.enum(END_MODES),
  })
  .superRefine((v, ctx) => {
    if (!v.data_inicio)
      ctx.addIssue({
        code: 'custom',
        path: ['data_inicio'],
        message: 'Informe a data da primeira ocorrência.',
      });
    if (v.frequencia === 'semanal' && !v.dias_semana?.length)
      ctx.addIssue({
        code: 'custom',
        path: ['dias_semana'],
        message: 'Escolha pelo menos um dia da semana.',
      });
    if (v.fim === 'data' && !v.ate)
      ctx.addIssue({ code: 'custom', path: ['ate'], message: 'Informe a data final.' });
  });
export type RecurrenceFormValues = z.output<typeof recurrenceFormSchema>;

/** What the form's check reads: the body of the draft and its end mode. */
export function draftToValues(muralId: number, d: RecurrenceDraft) {
  return { ...draftToBody(muralId, d), fim: d.fim };
}
