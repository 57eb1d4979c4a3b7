import { countOf, STAGE_LABELS } from '@eproto/domain';

import { formatDate } from '../../../lib/dates.ts';
import type { GanttArrow, GanttRow } from './gantt-rows.ts';

type TooltipData = { task?: GanttRow } | { link?: GanttArrow };

const span = (a: string | null, b: string | null) =>
  a || b ? `${formatDate(a) || '—'} a ${formatDate(b) || '—'}` : 'Não iniciada';

const days = (n: number, uteis = false) =>
  uteis ? countOf(n, 'dia útil', 'dias úteis') : countOf(n, 'dia', 'dias');

/**
 * Lag of a finish-to-start link in words (start = predecessor end + 1 + lag), in working days
 * when the successor's demand plans in them.
 */
export function lagText(lag: number, uteis = false): string {
  if (lag === 0)
    return uteis
      ? 'começa no dia útil seguinte ao fim da predecessora'
      : 'começa no dia seguinte ao fim da predecessora';
  if (lag > 0) return `começa após ${days(lag, uteis)} de intervalo`;
  return `começa com antecipação de ${days(-lag, uteis)}`;
}

/** Tooltip of a bar or an arrow, in Portuguese. */
export function GanttTooltip({ data }: { data: TooltipData }) {
  if ('link' in data && data.link) {
    const l = data.link;
    return (
      <div className="eproto-gantt-tip">
        <strong>Dependência</strong>
        <div>Término → início: a sucessora {lagText(l.lag, l.uteis)}.</div>
        {l.critical && <div className="eproto-gantt-tip__critical">No caminho crítico</div>}
      </div>
    );
  }
  const row = 'task' in data ? data.task : undefined;
  if (!row) return null;
  if (row.kind === 'group') {
    return (
      <div className="eproto-gantt-tip">
        <strong>{row.text}</strong>
        <div>{countOf(row.count ?? 0, 'tarefa', 'tarefas')} no período</div>
      </div>
    );
  }
  const t = row.task!;
  return (
    <div className="eproto-gantt-tip">
      <strong>{t.titulo}</strong>
      <div className="eproto-gantt-tip__muted">{t.mural_titulo}</div>
      <div>Previsto: {span(t.start, t.end)}</div>
      <div>Real: {span(t.inicio_real, t.fim_real)}</div>
      <div>
        {STAGE_LABELS[t.stage]} · {t.responsavel_nome ?? 'Sem responsável'}
      </div>
      {t.atrasada && <div className="eproto-gantt-tip__late">Atrasada</div>}
      {t.critical && <div className="eproto-gantt-tip__critical">No caminho crítico</div>}
    </div>
  );
}
