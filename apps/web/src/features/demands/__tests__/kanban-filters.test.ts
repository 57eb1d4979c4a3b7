import type { MuralSummary } from '@eproto/domain';
import { describe, expect, it } from 'vitest';

import {
  activeFilterCount,
  columnsOf,
  EMPTY_FILTERS,
  matchesFilters,
  responsaveisOf,
  weekBounds,
} from '../utils/kanban-filters.ts';
import { muralSummary } from '../../../test/mural-summary.ts';

const TODAY = '2026-11-18'; // a Wednesday

function mural(over: Partial<MuralSummary>): MuralSummary {
  return muralSummary({
    titulo: 'Troca de disjuntores',
    board_nome: 'Manutenção',
    contract_id: 10,
    contract_nome: 'Hospital São Lucas',
    responsavel_id: 7,
    responsavel_nome: 'João Pereira',
    ...over,
  });
}

describe('weekBounds', () => {
  it('runs Monday to Sunday', () => {
    expect(weekBounds(TODAY)).toEqual(['2026-11-16', '2026-11-22']);
    expect(weekBounds('2026-11-22')).toEqual(['2026-11-16', '2026-11-22']);
    expect(weekBounds('2026-11-16')).toEqual(['2026-11-16', '2026-11-22']);
  });
});

describe('matchesFilters', () => {
  it('passes everything with no filters', () => {
    expect(matchesFilters(mural({}), EMPTY_FILTERS, TODAY)).toBe(true);
  });

  it('filters by responsável, including "sem responsável"', () => {
    const f = { ...EMPTY_FILTERS, responsavel: 7 };
    expect(matchesFilters(mural({ responsavel_id: 7 }), f, TODAY)).toBe(true);
    expect(matchesFilters(mural({ responsavel_id: 8 }), f, TODAY)).toBe(false);
    const none = { ...EMPTY_FILTERS, responsavel: 'none' as const };
    expect(matchesFilters(mural({ responsavel_id: null }), none, TODAY)).toBe(true);
    expect(matchesFilters(mural({ responsavel_id: 7 }), none, TODAY)).toBe(false);
  });

  it('filters by contract and priorities', () => {
    expect(
      matchesFilters(mural({ contract_id: 10 }), { ...EMPTY_FILTERS, contractId: 11 }, TODAY),
    ).toBe(false);
    const f = { ...EMPTY_FILTERS, prioridades: ['alta' as const, 'urgente' as const] };
    expect(matchesFilters(mural({ prioridade: 'urgente' }), f, TODAY)).toBe(true);
    expect(matchesFilters(mural({ prioridade: 'baixa' }), f, TODAY)).toBe(false);
  });

  it('atrasadas: open demands due before today', () => {
    const f = { ...EMPTY_FILTERS, prazo: 'atrasadas' as const };
    expect(matchesFilters(mural({ fim_previsto: '2026-11-17' }), f, TODAY)).toBe(true);
    expect(matchesFilters(mural({ fim_previsto: TODAY }), f, TODAY)).toBe(false);
    expect(
      matchesFilters(mural({ fim_previsto: '2026-11-01', stage: 'concluido' }), f, TODAY),
    ).toBe(false);
    expect(matchesFilters(mural({ fim_previsto: null }), f, TODAY)).toBe(false);
  });

  it('esta semana: open demands due between Monday and Sunday', () => {
    const f = { ...EMPTY_FILTERS, prazo: 'semana' as const };
    expect(matchesFilters(mural({ fim_previsto: '2026-11-16' }), f, TODAY)).toBe(true);
    expect(matchesFilters(mural({ fim_previsto: '2026-11-22' }), f, TODAY)).toBe(true);
    expect(matchesFilters(mural({ fim_previsto: '2026-11-23' }), f, TODAY)).toBe(false);
    expect(matchesFilters(mural({ fim_previsto: '2026-11-15' }), f, TODAY)).toBe(false);
    expect(
      matchesFilters(mural({ fim_previsto: '2026-11-20', stage: 'concluido' }), f, TODAY),
    ).toBe(false);
  });

  it('searches title, people, contract and #id ignoring accents and case', () => {
    const m = mural({ id: 42, titulo: 'Manutenção do gerador' });
    const q = (text: string) => matchesFilters(m, { ...EMPTY_FILTERS, q: text }, TODAY);
    expect(q('MANUTENCAO gerador')).toBe(true);
    expect(q('joão')).toBe(true);
    expect(q('sao lucas')).toBe(true);
    expect(q('#42')).toBe(true);
    expect(q('caldeira')).toBe(false);
  });
});

describe('columnsOf', () => {
  it('groups by stage, most urgent first, then nearest due date', () => {
    const list = [
      mural({ id: 1, prioridade: 'baixa', fim_previsto: '2026-11-19' }),
      mural({ id: 2, prioridade: 'urgente', fim_previsto: '2026-12-01' }),
      mural({ id: 3, prioridade: 'urgente', fim_previsto: '2026-11-20' }),
      mural({ id: 4, prioridade: 'urgente', fim_previsto: null }),
      mural({ id: 5, stage: 'concluido' }),
    ];
    const cols = columnsOf(list, EMPTY_FILTERS, TODAY);
    expect(cols.a_fazer.map((m) => m.id)).toEqual([3, 2, 4, 1]);
    expect(cols.concluido.map((m) => m.id)).toEqual([5]);
    expect(cols.em_andamento).toEqual([]);
  });

  it('leaves filtered-out demands out of every column', () => {
    const list = [mural({ id: 1, prioridade: 'alta' }), mural({ id: 2, prioridade: 'baixa' })];
    const cols = columnsOf(list, { ...EMPTY_FILTERS, prioridades: ['alta'] }, TODAY);
    expect(cols.a_fazer.map((m) => m.id)).toEqual([1]);
  });
});

describe('helpers', () => {
  it('counts active filters', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, q: '  ', prazo: 'semana', contractId: 3 })).toBe(
      2,
    );
  });

  it('lists each responsável once, by name', () => {
    const people = responsaveisOf([
      mural({ responsavel_id: 2, responsavel_nome: 'Zilda' }),
      mural({ responsavel_id: 1, responsavel_nome: 'Ana' }),
      mural({ responsavel_id: 2, responsavel_nome: 'Zilda' }),
      mural({ responsavel_id: null, responsavel_nome: null }),
    ]);
    expect(people).toEqual([
      { id: 1, nome: 'Ana' },
      { id: 2, nome: 'Zilda' },
    ]);
  });
});
