import type { ProtocolHistory } from '@eproto/domain';
import {
  countOf,
  PRIORITY_LABELS,
  protocolHistoryLabel,
  REVIEW_STATUS_LABELS,
  STAGE_LABELS,
} from '@eproto/domain';

import { formatDate } from '../../../lib/dates.ts';

const FIELD_LABELS: Record<string, string> = {
  titulo: 'Título',
  descricao: 'Descrição',
  responsavel_id: 'Responsável',
  stage: 'Etapa',
  prioridade: 'Prioridade',
  inicio_previsto: 'Início previsto',
  fim_previsto: 'Fim previsto',
  inicio_real: 'Início real',
  fim_real: 'Fim real',
  horas_estimadas: 'Horas estimadas',
  review_status: 'Revisão',
  lag_days: 'Intervalo',
};

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function show(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const v = text(value);
  if (field === 'stage') return STAGE_LABELS[v as keyof typeof STAGE_LABELS] ?? v;
  if (field === 'prioridade') return PRIORITY_LABELS[v as keyof typeof PRIORITY_LABELS] ?? v;
  if (field === 'review_status') {
    return REVIEW_STATUS_LABELS[v as keyof typeof REVIEW_STATUS_LABELS] ?? v;
  }
  if (field.startsWith('inicio_') || field.startsWith('fim_')) return formatDate(v);
  if (field === 'lag_days' && typeof value === 'number') return countOf(value, 'dia', 'dias');
  return v;
}

/** Title of an entry ("Datas alteradas") and its field changes ("Fim previsto: 03/04 → 05/04"). */
export function describeHistory(h: ProtocolHistory): { title: string; changes: string[] } {
  const fields = new Set([...Object.keys(h.before ?? {}), ...Object.keys(h.after ?? {})]);
  const changes: string[] = [];
  for (const f of fields) {
    const label = FIELD_LABELS[f];
    if (!label || f === 'responsavel_id' || f === 'descricao') continue;
    const before = h.before?.[f];
    const after = h.after?.[f];
    changes.push(
      h.before && f in h.before
        ? `${label}: ${show(f, before)} → ${show(f, after)}`
        : `${label}: ${show(f, after)}`,
    );
  }
  return { title: protocolHistoryLabel(h.action), changes };
}
