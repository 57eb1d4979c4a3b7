import type { TeamLoadResponse, VehicleLoadResponse } from '@eproto/domain';

import { formatDays, formatHours, shortName } from './load-format.ts';

/** One week of a row: what is planned against what fits. */
export interface LoadCell {
  inicio: string;
  valor: number;
  capacidade: number;
  acima: boolean;
  /** "30 h de tarefas · 8 h de agenda · 8 h de OS" (people only). */
  detalhe?: string;
}

/** A person or a vehicle, as the chart and the table show them. */
export interface LoadRow {
  id: number;
  nome: string;
  /** The chart's axis label. */
  rotulo: string;
  /** Under the name: the person's calendar, the vehicle's model. */
  sub: string;
  semanas: LoadCell[];
}

/** How a row's values read: hours for people, days for vehicles. */
export interface LoadUnit {
  format: (v: number) => string;
  /** "Horas planejadas" / "Dias reservados". */
  valueLabel: string;
}

export const HOURS: LoadUnit = { format: formatHours, valueLabel: 'Horas planejadas' };
export const DAYS: LoadUnit = { format: formatDays, valueLabel: 'Dias reservados' };

/** The people of GET /team/load as rows. */
export function peopleRows(data: TeamLoadResponse): LoadRow[] {
  return data.pessoas.map((p) => ({
    id: p.id,
    nome: p.nome,
    rotulo: shortName(p.nome),
    sub:
      p.sem_estimativa > 0
        ? `${p.calendario} · ${p.sem_estimativa} ${p.sem_estimativa === 1 ? 'tarefa sem estimativa' : 'tarefas sem estimativa'}`
        : p.calendario,
    semanas: p.semanas.map((w) => ({
      inicio: w.inicio,
      valor: w.horas,
      capacidade: w.capacidade,
      acima: w.acima,
      detalhe: [
        `${formatHours(w.tarefas)} de tarefas`,
        `${formatHours(w.agenda)} de agenda`,
        `${formatHours(w.os)} de OS`,
      ].join(' · '),
    })),
  }));
}

/** The vehicles of GET /team/load/vehicles as rows. */
export function vehicleRows(data: VehicleLoadResponse): LoadRow[] {
  return data.veiculos.map((v) => ({
    id: v.id,
    nome: v.placa,
    rotulo: v.placa,
    sub: v.modelo,
    semanas: v.semanas.map((w) => ({
      inicio: w.inicio,
      valor: w.dias_reservados,
      capacidade: w.dias_uteis,
      acima: w.acima,
    })),
  }));
}
