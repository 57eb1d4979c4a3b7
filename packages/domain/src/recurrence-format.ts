import { formatDateBr } from './field-common.ts';
import { effectiveWeekdays, type RecurrenceFrequency, type RecurrenceRule } from './recurrence.ts';

export const FREQUENCY_LABELS: Record<RecurrenceFrequency, string> = {
  diaria: 'Diária',
  semanal: 'Semanal',
  mensal: 'Mensal',
  anual: 'Anual',
};

/** Weekday names by Date#getDay index (0 = domingo). */
export const WEEKDAY_LABELS = [
  'Domingo',
  'Segunda',
  'Terça',
  'Quarta',
  'Quinta',
  'Sexta',
  'Sábado',
] as const;

const WEEKDAY_SHORT = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'] as const;
const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

const listPt = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;

/** A sentence in Portuguese describing the rule, e.g. "A cada 2 semanas: seg e qui, até 31/12/2026". */
export function describeRecurrence(rule: RecurrenceRule): string {
  const n = Math.max(1, Math.floor(rule.intervalo));
  let base: string;
  switch (rule.frequencia) {
    case 'diaria':
      base = n === 1 ? 'Todos os dias' : `A cada ${n} dias`;
      break;
    case 'semanal': {
      const days = listPt(effectiveWeekdays(rule).map((d) => WEEKDAY_SHORT[d]!));
      base = `${n === 1 ? 'Toda semana' : `A cada ${n} semanas`}: ${days}`;
      break;
    }
    case 'mensal': {
      const dia = rule.dia_mes ?? +rule.data_inicio.slice(8, 10);
      base = `${n === 1 ? 'Todo mês' : `A cada ${n} meses`}, no dia ${dia}${dia > 28 ? ' (ou último dia do mês)' : ''}`;
      break;
    }
    case 'anual': {
      const dia = +rule.data_inicio.slice(8, 10);
      const mes = MONTHS[+rule.data_inicio.slice(5, 7) - 1]!;
      base = `${n === 1 ? 'Todo ano' : `A cada ${n} anos`}, em ${dia} de ${mes}`;
      break;
    }
  }
  if (rule.ate) return `${base}, até ${formatDateBr(rule.ate)}`;
  if (rule.ocorrencias) return `${base}, ${rule.ocorrencias} ocorrências`;
  return base;
}
