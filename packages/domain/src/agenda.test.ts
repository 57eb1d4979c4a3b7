import { describe, expect, it } from 'vitest';
import {
  agendaEntryBody,
  agendaListQuery,
  agendaTransitionRefusal,
  findConflicts,
  overlaps,
  startOfDayInZone,
  type Booking,
} from './agenda.ts';

const at = (h: number, day = 10) =>
  `2026-03-${String(day).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00.000Z`;
const booking = (
  id: number,
  from: number,
  to: number,
  pessoas: number[],
  vehicle: number | null = null,
  status: Booking['status'] = 'agendado',
): Booking => ({
  id,
  inicio: at(from),
  fim: at(to),
  pessoas,
  vehicle_id: vehicle,
  status,
});

describe('overlaps', () => {
  it('treats entries as half-open intervals', () => {
    expect(overlaps({ inicio: at(8), fim: at(12) }, { inicio: at(11), fim: at(13) })).toBe(true);
    expect(overlaps({ inicio: at(8), fim: at(12) }, { inicio: at(12), fim: at(13) })).toBe(false);
    expect(overlaps({ inicio: at(8), fim: at(18) }, { inicio: at(9), fim: at(10) })).toBe(true);
  });
});

describe('findConflicts (double booking)', () => {
  const others = [
    booking(1, 8, 12, [10, 11], 5),
    booking(2, 13, 17, [12]),
    booking(3, 8, 12, [13], null, 'cancelado'),
  ];
  it('finds a person booked at the same time', () => {
    const c = findConflicts(booking(9, 10, 14, [11]), others);
    expect(c).toEqual([{ tipo: 'pessoa', ref_id: 11, entry_id: 1, inicio: at(8), fim: at(12) }]);
  });
  it('finds the vehicle booked at the same time', () => {
    expect(findConflicts(booking(9, 9, 10, [99], 5), others)).toEqual([
      expect.objectContaining({ tipo: 'veiculo', ref_id: 5, entry_id: 1 }),
    ]);
  });
  it('ignores cancelled entries, the entry itself and back-to-back times', () => {
    expect(findConflicts(booking(9, 8, 12, [13]), others)).toEqual([]);
    expect(findConflicts(booking(1, 8, 12, [10, 11], 5), others)).toEqual([]);
    expect(findConflicts(booking(9, 12, 13, [10, 12], 5), others)).toEqual([]);
    expect(findConflicts({ ...booking(9, 8, 12, [10]), status: 'cancelado' }, others)).toEqual([]);
  });
});

describe('agendaTransitionRefusal', () => {
  it('lets equipe start and finish only', () => {
    expect(agendaTransitionRefusal('agendado', 'em_execucao', false)).toBeNull();
    expect(agendaTransitionRefusal('em_execucao', 'concluido', false)).toBeNull();
    expect(agendaTransitionRefusal('agendado', 'cancelado', false)).toMatch(
      /só pode iniciar ou concluir/,
    );
    expect(agendaTransitionRefusal('agendado', 'cancelado', true)).toBeNull();
  });
  it('refuses impossible moves for everyone', () => {
    expect(agendaTransitionRefusal('agendado', 'concluido', true)).toBe(
      'Um agendamento agendado não pode passar para concluído.',
    );
    expect(agendaTransitionRefusal('concluido', 'agendado', true)).not.toBeNull();
  });
});

describe('startOfDayInZone', () => {
  it('gives midnight of São Paulo in UTC', () => {
    expect(startOfDayInZone('2026-03-10', 'America/Sao_Paulo').toISOString()).toBe(
      '2026-03-10T03:00:00.000Z',
    );
    expect(startOfDayInZone('2026-03-10', 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
  });
});

describe('schemas', () => {
  const ok = {
    inicio: at(8),
    fim: at(12),
    local: 'Subestação Norte',
    contract_id: 1,
    pessoas: [3, 3, 4],
    descricao: 'Inspeção',
  };
  it('dedupes people and defaults optional fields', () => {
    expect(agendaEntryBody.parse(ok)).toMatchObject({
      pessoas: [3, 4],
      vehicle_id: null,
      mural_id: null,
      confirmar_conflitos: false,
    });
  });
  it('refuses end before start, no people and half coordinates', () => {
    expect(agendaEntryBody.safeParse({ ...ok, fim: at(7) }).error?.issues[0]?.message).toBe(
      'O fim deve ser depois do início.',
    );
    expect(agendaEntryBody.safeParse({ ...ok, pessoas: [] }).success).toBe(false);
    expect(agendaEntryBody.safeParse({ ...ok, latitude: -23.5 }).success).toBe(false);
    expect(agendaEntryBody.safeParse({ ...ok, latitude: -23.5, longitude: -46.6 }).success).toBe(
      true,
    );
    expect(agendaEntryBody.safeParse({ ...ok, latitude: -123, longitude: -46.6 }).success).toBe(
      false,
    );
  });
  it('limits list ranges', () => {
    expect(agendaListQuery.safeParse({ de: '2026-03-01', ate: '2026-03-31' }).success).toBe(true);
    expect(agendaListQuery.safeParse({ de: '2026-03-10', ate: '2026-03-01' }).success).toBe(false);
    expect(agendaListQuery.safeParse({ de: '2026-01-01', ate: '2026-06-01' }).success).toBe(false);
  });
});
