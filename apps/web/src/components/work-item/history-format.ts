import type { Priority, ReviewStatus, Stage, WorkItemHistory } from '@eproto/domain';
import { countOf, PRIORITY_LABELS, REVIEW_STATUS_LABELS, STAGE_LABELS } from '@eproto/domain';

/** Names known on the page, to show people, boards and contracts instead of ids. */
export interface HistoryNames {
  people: ReadonlyMap<number, string>;
  boards?: ReadonlyMap<number, string>;
  contracts?: ReadonlyMap<number, string>;
}

/** A field changed (before and after) or a plain fact of the entry (only `after`). */
export interface HistoryChange {
  field: string;
  label: string;
  before: string | null;
  after: string;
}

const FIELD_LABELS: Record<string, string> = {
  titulo: 'Título',
  descricao: 'Descrição',
  board_id: 'Quadro',
  contract_id: 'Contrato',
  prioridade: 'Prioridade',
  stage: 'Etapa',
  responsavel_id: 'Responsável',
  inicio_previsto: 'Início previsto',
  fim_previsto: 'Fim previsto',
  inicio_real: 'Início real',
  fim_real: 'Fim real',
  horas_estimadas: 'Horas estimadas',
  review_status: 'Revisão',
  lag_days: 'Intervalo',
  display_name: 'Arquivo',
  user_id: 'Pessoa',
  reason: 'Motivo',
};

/** Fields that only identify things; they are shown another way or not at all. */
const HIDDEN = new Set([
  'attachment_id',
  'tarefa_id',
  'mentions',
  'mime_type',
  'size',
  'file_name',
  'participants',
  'message_id',
  'dependency_id',
  'predecessor_id',
  'protocol_id',
  'causa_id',
  'shift_days',
]);

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function nameFrom(map: ReadonlyMap<number, string> | undefined, id: number, prefix: string) {
  return map?.get(id) ?? `${prefix} #${id}`;
}

/** One history value in Portuguese: names instead of ids, dd/mm/aaaa dates, labels. */
export function formatHistoryValue(field: string, value: unknown, names: HistoryNames): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'stage' && typeof value === 'string') return STAGE_LABELS[value as Stage] ?? value;
  if (field === 'prioridade' && typeof value === 'string')
    return PRIORITY_LABELS[value as Priority] ?? value;
  if (field === 'review_status' && typeof value === 'string')
    return REVIEW_STATUS_LABELS[value as ReviewStatus] ?? value;
  if (field === 'lag_days' && typeof value === 'number') return countOf(value, 'dia', 'dias');
  if (typeof value === 'number') {
    if (field === 'responsavel_id' || field === 'user_id')
      return nameFrom(names.people, value, 'Pessoa');
    if (field === 'board_id') return nameFrom(names.boards, value, 'Quadro');
    if (field === 'contract_id') return nameFrom(names.contracts, value, 'Contrato');
    return value.toLocaleString('pt-BR');
  }
  if (typeof value === 'string') {
    const d = DATE_RE.exec(value);
    return d ? `${d[3]}/${d[2]}/${d[1]}` : value;
  }
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  return JSON.stringify(value);
}

/**
 * What an entry says, as text: a field present before and after is a change (shown only when
 * it differs); a field on one side only is a plain fact (file name, reason, person added).
 */
export function historyChanges(entry: WorkItemHistory, names: HistoryNames): HistoryChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (f) => !HIDDEN.has(f),
  );
  const out: HistoryChange[] = [];
  for (const field of fields) {
    const label = FIELD_LABELS[field] ?? field;
    const inBoth = field in before && field in after;
    if (!inBoth) {
      const value = field in after ? after[field] : before[field];
      if (value === null || value === undefined || value === '') continue;
      out.push({ field, label, before: null, after: formatHistoryValue(field, value, names) });
      continue;
    }
    const b = formatHistoryValue(field, before[field], names);
    const a = formatHistoryValue(field, after[field], names);
    if (b !== a) out.push({ field, label, before: b, after: a });
  }
  return out;
}
