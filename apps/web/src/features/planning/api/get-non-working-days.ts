import type { NonWorkingDay, NonWorkingDaysResponse } from '@eproto/domain';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { api } from '../../../lib/api-client.ts';

/** A day nobody works and why (names joined when a holiday and a day off fall together). */
export interface DayOffInfo {
  nome: string;
  origem: NonWorkingDay['origem'];
}

/** GET /calendario/dias-nao-uteis for one calendar year (the API answers at most 400 days). */
export function getNonWorkingDays(year: number, contratoId: number | null) {
  return api.get<NonWorkingDaysResponse>('/calendario/dias-nao-uteis', {
    params: {
      de: `${year}-01-01`,
      ate: `${year}-12-31`,
      ...(contratoId ? { contrato_id: contratoId } : {}),
    },
  });
}

export const nonWorkingKeys = {
  all: ['calendario', 'dias-nao-uteis'] as const,
  year: (year: number, contratoId: number | null) =>
    ['calendario', 'dias-nao-uteis', year, contratoId] as const,
};

/** Up to this many years are asked for (a plan longer than that is shaded at its start). */
const MAX_YEARS = 3;

/**
 * The holidays and company days off of `range` ('YYYY-MM-DD', inclusive) in a contract's
 * calendar (Brazil's and the company-wide days off without one), by date. Weekends are not in
 * it: every view shades them already. Asked a year at a time, so moving the period reuses them.
 */
export function useNonWorkingDays(
  range: { start: string; end: string } | null,
  contratoId: number | null = null,
): Map<string, DayOffInfo> {
  const years: number[] = [];
  if (range) {
    const first = Number(range.start.slice(0, 4));
    const last = Math.min(Number(range.end.slice(0, 4)), first + MAX_YEARS - 1);
    for (let y = first; y <= last; y++) years.push(y);
  }
  const results = useQueries({
    queries: years.map((year) => ({
      queryKey: nonWorkingKeys.year(year, contratoId),
      queryFn: () => getNonWorkingDays(year, contratoId),
      staleTime: 10 * 60_000,
    })),
  });
  const stamp = results.map((r) => r.dataUpdatedAt).join(',');
  return useMemo(() => {
    const out = new Map<string, DayOffInfo>();
    for (const r of results) {
      for (const d of r.data?.dias ?? []) {
        const known = out.get(d.data);
        out.set(d.data, known ? { ...known, nome: `${known.nome} · ${d.nome}` } : d);
      }
    }
    return out;
    // the results array is new on every render; its data changes only with the stamp
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp]);
}

/** One year of a place's days off as the API answers it (the "Folgas e feriados" list). */
export function useNonWorkingDaysOfYear(year: number, contratoId: number | null) {
  return useQuery({
    queryKey: nonWorkingKeys.year(year, contratoId),
    queryFn: () => getNonWorkingDays(year, contratoId),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
}
