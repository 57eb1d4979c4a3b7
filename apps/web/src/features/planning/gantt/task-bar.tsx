import type { GanttTask } from '@eproto/domain';

import { daysBetween } from './gantt-dates.ts';
import type { GanttRow } from './gantt-rows.ts';

interface BarProps {
  data: GanttRow & { $w?: number };
}

/** The real (executed) span of a task relative to its planned bar, in days. */
export function realSpan(
  t: Pick<GanttTask, 'start' | 'end' | 'inicio_real' | 'fim_real' | 'stage'>,
  today: string,
): { offset: number; days: number; open: boolean } | null {
  if (!t.inicio_real) return null;
  const open = !t.fim_real;
  const end = t.fim_real ?? (t.stage === 'concluido' ? t.inicio_real : today);
  if (end < t.inicio_real) return null;
  return {
    offset: daysBetween(t.start, t.inicio_real),
    days: daysBetween(t.inicio_real, end) + 1,
    open,
  };
}

/**
 * Bar template: the planned span is SVAR's bar; the real span is a strip under the label,
 * placed by the bar's own day width ($w / planned days). Stage, lateness and the critical path
 * are classes styled in gantt.css.
 */
export function makeTaskBar(today: string) {
  return function TaskBar({ data }: BarProps) {
    if (data.kind === 'group') {
      return (
        <div className="eproto-bar eproto-bar--group">
          <span className="eproto-bar__text">{data.text}</span>
        </div>
      );
    }
    const t = data.task!;
    const planned = daysBetween(t.start, t.end) + 1;
    const perDay = (data.$w ?? 0) / planned;
    const real = realSpan(t, today);
    // A label that does not fit is written beside the bar instead of being cut to "C…".
    const narrow = (data.$w ?? 0) < Math.min(220, data.text.length * 7 + 18);
    const cls = [
      narrow ? 'eproto-bar--narrow' : '',
      'eproto-bar',
      `eproto-bar--${t.stage}`,
      t.critical ? 'eproto-bar--critical' : '',
      t.atrasada ? 'eproto-bar--late' : '',
      t.editable ? '' : 'eproto-bar--locked',
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <div className={cls}>
        {real && (
          <span
            className={`eproto-bar__real${real.open ? ' eproto-bar__real--open' : ''}`}
            style={{ left: real.offset * perDay, width: Math.max(real.days * perDay, 3) }}
          />
        )}
        <span className="eproto-bar__text">{data.text}</span>
      </div>
    );
  };
}
