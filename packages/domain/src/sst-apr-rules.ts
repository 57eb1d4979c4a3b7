// APR and PT constants, labels and pure rules, with no zod: the APR a technician signs on a
// phone (Meus EPIs, the OS page) shows them without downloading the schemas (sst-apr.ts
// re-exports them; as epi-rules.ts).
import { todayIn } from './dates.ts';
import type { Apr } from './sst-apr.ts';

export const APR_STATUSES = ['rascunho', 'em_assinatura', 'assinada'] as const;
export type AprStatus = (typeof APR_STATUSES)[number];
export const APR_STATUS_LABELS: Record<AprStatus, string> = {
  rascunho: 'Rascunho',
  em_assinatura: 'Em assinatura',
  assinada: 'Assinada',
};

export const PT_TYPES = ['altura', 'espaco_confinado', 'eletricidade'] as const;
export type PtType = (typeof PT_TYPES)[number];
export const PT_TYPE_LABELS: Record<PtType, string> = {
  altura: 'Trabalho em altura',
  espaco_confinado: 'Espaço confinado',
  eletricidade: 'Eletricidade',
};

export const PT_STATUSES = ['emitida', 'aprovada', 'encerrada', 'recusada', 'expirada'] as const;
export type PtStatus = (typeof PT_STATUSES)[number];
export const PT_STATUS_LABELS: Record<PtStatus, string> = {
  emitida: 'Emitida',
  aprovada: 'Aprovada',
  encerrada: 'Encerrada',
  recusada: 'Recusada',
  expirada: 'Expirada',
};

/** States a PT never leaves: kept read-only as the archive. */
export const PT_ARCHIVED: readonly PtStatus[] = ['encerrada', 'recusada', 'expirada'];

export const PT_ACTIONS = ['editar', 'aprovar', 'recusar', 'encerrar'] as const;
export type PtAction = (typeof PT_ACTIONS)[number];

/** The text a team member agrees to when signing an APR on the phone. */
export const APR_SIGN_TEXT =
  'Li e concordo com esta análise de risco: conheço as etapas, os perigos e as medidas de controle, e uso os EPIs indicados.';

/** Why a shift cannot be a PT's (null when it can): end after start, both on one local day. */
export function ptShiftRefusal(inicio: string, fim: string, timeZone: string): string | null {
  const a = new Date(inicio);
  const b = new Date(fim);
  if (b.getTime() <= a.getTime()) return 'O fim do turno deve ser depois do início.';
  if (todayIn(timeZone, a) !== todayIn(timeZone, b) || b.getTime() - a.getTime() > 86_400_000)
    return 'A PT vale para um turno só: início e fim no mesmo dia.';
  return null;
}

/** True when the instant falls inside the PT's shift. */
export function ptCovers(p: { inicio: string; fim: string }, at: Date): boolean {
  const t = at.getTime();
  return t >= Date.parse(p.inicio) && t <= Date.parse(p.fim);
}

/** Where the APR's work happens: its own place, else its OS's site, else its entry's place. */
export function aprPlace(apr: Pick<Apr, 'local' | 'os' | 'agendamento'>): string | null {
  return apr.local ?? apr.os?.local ?? apr.agendamento?.local ?? null;
}

/** When the APR's work is planned: its OS's period, else its agenda entry's. */
export function aprPeriod(
  apr: Pick<Apr, 'os' | 'agendamento'>,
): { inicio: string; fim: string } | null {
  if (apr.os) return { inicio: apr.os.previsto_inicio, fim: apr.os.previsto_fim };
  if (apr.agendamento) return { inicio: apr.agendamento.inicio, fim: apr.agendamento.fim };
  return null;
}
