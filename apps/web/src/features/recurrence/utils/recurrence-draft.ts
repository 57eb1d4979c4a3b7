import type { RecurrenceCreateBody, RecurrenceFrequency, RecurrenceRule } from '@eproto/domain';
import { weekdayOf } from '@eproto/domain';

export type EndMode = 'nunca' | 'data' | 'ocorrencias';

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
    data_inicio: rule.data_inicio,
    ate: rule.ate,
    ocorrencias: rule.ocorrencias,
  };
}

/** Field errors in Portuguese (empty object when the draft can be sent). */
export function draftErrors(d: RecurrenceDraft): Partial<Record<keyof RecurrenceDraft, string>> {
  const out: Partial<Record<keyof RecurrenceDraft, string>> = {};
  if (!Number.isInteger(d.intervalo) || d.intervalo < 1 || d.intervalo > 99) {
    out.intervalo = 'Use um número de 1 a 99.';
  }
  if (d.frequencia === 'semanal' && d.dias_semana.length === 0) {
    out.dias_semana = 'Escolha pelo menos um dia da semana.';
  }
  if (
    d.frequencia === 'mensal' &&
    (!Number.isInteger(d.dia_mes) || d.dia_mes < 1 || d.dia_mes > 31)
  ) {
    out.dia_mes = 'O dia do mês vai de 1 a 31.';
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d.data_inicio)) out.data_inicio = 'Informe a data.';
  if (d.fim === 'data') {
    if (!d.ate || !/^\d{4}-\d{2}-\d{2}$/.test(d.ate)) out.ate = 'Informe a data final.';
    else if (d.ate < d.data_inicio) out.ate = 'Deve ser igual ou posterior ao início.';
  }
  if (
    d.fim === 'ocorrencias' &&
    (!Number.isInteger(d.ocorrencias) || d.ocorrencias < 2 || d.ocorrencias > 1000)
  ) {
    out.ocorrencias = 'De 2 a 1000.';
  }
  return out;
}
