import type { GanttTask } from '@eproto/domain';

import { daysBetween } from './gantt-dates.ts';
import type { GanttRow } from './gantt-rows.ts';

interface BarProps {
  data: GanttRow & { $x?: number; $w?: number };
}

/** How the phone layout places bar labels (see `labelSide`). */
export interface BarLayout {
  /** Phone: every label is written on its own line above its bar. */
  compact: boolean;
  /** Width of the whole time area in px (0 while unknown). */
  areaWidth: number;
}

/** Rough width of a 12 px label, enough to tell whether it would run past the chart's end. */
const labelWidth = (text: string) => text.length * 7 + 8;

/**
 * Where a label above a bar starts: at the bar's start, or, when it would run past the end of
 * the time area (where nothing can scroll it into view), ending at the bar's end instead.
 */
export function labelSide(x: number, w: number, text: string, areaWidth: number): 'start' | 'end' {
  if (areaWidth <= 0 || x + labelWidth(text) <= areaWidth) return 'start';
  return x + w - labelWidth(text) >= 0 ? 'end' : 'start';
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
 * are classes styled in gantt.css. On a phone (no grid) each label sits on its own line above a
 * thinner bar, so neither a row's name nor a task's is cut by the bars or the header.
 */
export function makeTaskBar(today: string, layout: BarLayout = { compact: false, areaWidth: 0 }) {
  const side = (data: BarProps['data']) =>
    layout.compact && labelSide(data.$x ?? 0, data.$w ?? 0, data.text, layout.areaWidth) === 'end'
      ? 'eproto-bar--label-end'
      : '';
  return function TaskBar({ data }: BarProps) {
    if (data.kind === 'group') {
      return (
        <div className={['eproto-bar', 'eproto-bar--group', side(data)].filter(Boolean).join(' ')}>
          <span className="eproto-bar__text">{data.text}</span>
        </div>
      );
    }
    const t = data.task!;
    const planned = daysBetween(t.start, t.end) + 1;
    const perDay = (data.$w ?? 0) / planned;
    const real = realSpan(t, today);
    const base = data.baseline;
    // A label that does not fit is written beside the bar instead of being cut to "C…".
    const narrow = !layout.compact && (data.$w ?? 0) < Math.min(220, data.text.length * 7 + 18);
    const cls = [
      narrow ? 'eproto-bar--narrow' : '',
      side(data),
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
        {base && (
          <span
            className="eproto-bar__base"
            data-testid={`base-${t.id}`}
            style={{
              left: daysBetween(t.start, base.inicio_base) * perDay,
              width: Math.max((daysBetween(base.inicio_base, base.fim_base) + 1) * perDay, 3),
            }}
          />
        )}
        <span className="eproto-bar__text">{data.text}</span>
      </div>
    );
  };
}
