import { isDateOnly, MAX_PLANNING_RANGE_DAYS } from '@eproto/domain';
import { useSearchParams } from 'react-router';

import { addLocalDays, daysBetween, toIsoDate, toLocalDate } from './gantt-dates.ts';
import type { GanttGroupBy } from './gantt-rows.ts';
import type { GanttZoom } from './gantt-scales.ts';

export interface GanttParams {
  zoom: GanttZoom;
  group: GanttGroupBy;
  coordenadorId: number | null;
  start: string;
  end: string;
}

/** Default period: two weeks back to about two and a half months ahead. */
export function defaultPeriod(today = new Date()): { start: string; end: string } {
  return { start: toIsoDate(addLocalDays(today, -14)), end: toIsoDate(addLocalDays(today, 75)) };
}

/** The same period length moved one period back (-1) or forward (1). */
export function shiftPeriod(
  start: string,
  end: string,
  dir: -1 | 1,
): { start: string; end: string } {
  const len = daysBetween(start, end) + 1;
  return {
    start: toIsoDate(addLocalDays(toLocalDate(start), dir * len)),
    end: toIsoDate(addLocalDays(toLocalDate(end), dir * len)),
  };
}

/** Reads the Gantt settings from the URL (?zoom&grupo&coordenador&inicio&fim), with defaults. */
export function parseGanttParams(
  search: URLSearchParams,
  defaultCoordenador: number | null,
): GanttParams {
  const zoom = search.get('zoom');
  const group = search.get('grupo');
  const coord = search.get('coordenador');
  const start = search.get('inicio');
  const end = search.get('fim');
  const period =
    start &&
    end &&
    isDateOnly(start) &&
    isDateOnly(end) &&
    end >= start &&
    daysBetween(start, end) <= MAX_PLANNING_RANGE_DAYS
      ? { start, end }
      : defaultPeriod();
  return {
    zoom: zoom === 'dia' || zoom === 'mes' ? zoom : 'semana',
    group: group === 'demanda' ? 'demanda' : 'pessoa',
    coordenadorId:
      coord === 'todos' ? null : coord && /^\d+$/.test(coord) ? Number(coord) : defaultCoordenador,
    ...period,
  };
}

/** Gantt settings kept in the URL, so a view can be shared or reloaded as it was. */
export function useGanttParams(defaultCoordenador: number | null) {
  const [search, setSearch] = useSearchParams();
  const params = parseGanttParams(search, defaultCoordenador);
  const set = (patch: Partial<GanttParams>) => {
    const next = { ...params, ...patch };
    const out = new URLSearchParams();
    out.set('zoom', next.zoom);
    out.set('grupo', next.group);
    out.set('coordenador', next.coordenadorId === null ? 'todos' : String(next.coordenadorId));
    out.set('inicio', next.start);
    out.set('fim', next.end);
    setSearch(out, { replace: true });
  };
  return { ...params, set };
}
