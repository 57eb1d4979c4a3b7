import { countOf } from '@eproto/domain';

/** Finish variance against a baseline: "+2" late, "−1" early, "0", "—" without dates now. */
export const varianceText = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0';

/** A variance in words: "2 dias úteis de atraso", "1 dia adiantada", "no prazo". */
export function varianceWords(v: number | null, diasUteis: boolean): string {
  if (v === null) return 'sem datas no plano atual';
  if (v === 0) return 'no prazo da linha de base';
  const n = Math.abs(v);
  const days = diasUteis ? countOf(n, 'dia útil', 'dias úteis') : countOf(n, 'dia', 'dias');
  return v > 0 ? `${days} de atraso` : `${days} adiantada`;
}
