import type { Recurrence, RecurrenceRule } from '@eproto/domain';

/** The date rule of a series as the API returns it. */
export function ruleOfSeries(s: Recurrence): RecurrenceRule {
  return {
    frequencia: s.frequencia,
    intervalo: s.intervalo,
    dias_semana: s.dias_semana,
    dia_mes: s.dia_mes,
    data_inicio: s.data_inicio,
    ate: s.ate,
    ocorrencias: s.ocorrencias,
  };
}
