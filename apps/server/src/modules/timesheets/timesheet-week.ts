import {
  weekDays,
  type TimesheetEntry,
  type TimesheetLine,
  type TimesheetWeek,
} from '@eproto/domain';
import type { OsDayMinutes } from '../service-orders/service-order-hours.repo.ts';
import type { EntryRow } from './timesheets.repo.ts';

type Contract = { id: number; codigo: string; nome: string } | null;

const contractOf = (r: EntryRow): Contract =>
  r.contractId !== null && r.contractCodigo !== null
    ? { id: r.contractId, codigo: r.contractCodigo, nome: r.contractNome ?? '' }
    : null;

/** What a manual entry is on, in words and as an id. */
export function entryRef(r: EntryRow): { refId: number; rotulo: string } {
  if (r.tipo === 'tarefa') {
    return { refId: r.protocolId ?? 0, rotulo: r.tarefa ?? 'Tarefa excluída' };
  }
  if (r.tipo === 'os') return { refId: r.serviceOrderId ?? 0, rotulo: r.osCodigo ?? 'OS excluída' };
  return {
    refId: r.contractId ?? 0,
    rotulo: r.contractCodigo ? `${r.contractCodigo} — ${r.contractNome}` : 'Contrato',
  };
}

/** A manual entry as the API answers it. */
export function toEntry(r: EntryRow): TimesheetEntry {
  const ref = entryRef(r);
  return {
    id: r.id,
    data: r.data,
    minutos: r.minutos,
    horas: Math.round((r.minutos / 60) * 100) / 100,
    tipo: r.tipo,
    ref_id: ref.refId,
    rotulo: ref.rotulo,
    contrato: contractOf(r),
    nota: r.nota,
  };
}

/** The grid of a week: one line per OS worked and per task/OS/contract of manual entries. */
export function weekGrid(
  monday: string,
  os: OsDayMinutes[],
  entries: EntryRow[],
): Pick<TimesheetWeek, 'dias' | 'linhas' | 'lancamentos' | 'totais' | 'total'> {
  const dias = weekDays(monday);
  const lines = new Map<string, TimesheetLine>();
  const add = (
    key: string,
    make: () => Omit<TimesheetLine, 'minutos' | 'total'>,
    day: string,
    min: number,
  ) => {
    const i = dias.indexOf(day);
    if (i < 0) return;
    let line = lines.get(key);
    if (!line) {
      line = { ...make(), minutos: [0, 0, 0, 0, 0, 0, 0], total: 0 };
      lines.set(key, line);
    }
    line.minutos[i]! += min;
    line.total += min;
  };
  for (const r of os) {
    add(
      `os:${r.os_id}`,
      () => ({
        origem: 'os',
        tipo: 'os',
        ref_id: r.os_id,
        rotulo: `${r.codigo} · ${r.tipo}`,
        contrato: { id: r.contract_id, codigo: r.contract_codigo, nome: r.contract_nome },
      }),
      r.dia,
      r.minutos,
    );
  }
  for (const r of entries) {
    const ref = entryRef(r);
    add(
      `manual:${r.tipo}:${ref.refId}`,
      () => ({
        origem: 'manual',
        tipo: r.tipo,
        ref_id: ref.refId,
        rotulo: ref.rotulo,
        contrato: contractOf(r),
      }),
      r.data,
      r.minutos,
    );
  }
  const linhas = [...lines.values()];
  const totais = dias.map((_, i) => linhas.reduce((s, l) => s + l.minutos[i]!, 0));
  return {
    dias,
    linhas,
    lancamentos: entries.map(toEntry),
    totais,
    total: totais.reduce((a, b) => a + b, 0),
  };
}
