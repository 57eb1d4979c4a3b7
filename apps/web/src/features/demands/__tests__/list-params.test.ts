import { describe, expect, it } from 'vitest';

import {
  DEFAULT_SORT,
  hasFilters,
  readListState,
  toggleSort,
  toSummaryQuery,
  writeListState,
} from '../utils/list-params.ts';

describe('list params', () => {
  it('reads defaults from an empty URL', () => {
    const s = readListState(new URLSearchParams());
    expect(s).toMatchObject({ q: '', boardId: null, stages: [], sort: DEFAULT_SORT, page: 1 });
    expect(hasFilters(s)).toBe(false);
    expect(writeListState(s).toString()).toBe('');
  });

  it('round-trips every filter through the URL', () => {
    const p = new URLSearchParams(
      'q=gerador&quadro=2&contrato=3&etapa=a_fazer,concluido&prioridade=alta&responsavel=9&prazo=semana&ordem=-fim_previsto&pagina=4',
    );
    const s = readListState(p);
    expect(s).toEqual({
      q: 'gerador',
      boardId: 2,
      contractId: 3,
      stages: ['a_fazer', 'concluido'],
      prioridades: ['alta'],
      responsavelId: 9,
      prazo: 'semana',
      sort: '-fim_previsto',
      page: 4,
    });
    expect(readListState(writeListState(s))).toEqual(s);
  });

  it('ignores values the server would refuse', () => {
    const s = readListState(
      new URLSearchParams('etapa=xx,a_fazer&prazo=ontem&ordem=senha&pagina=-2&quadro=abc'),
    );
    expect(s).toMatchObject({ stages: ['a_fazer'], prazo: null, sort: DEFAULT_SORT, page: 1 });
    expect(s.boardId).toBeNull();
  });

  it('builds the summary query with comma lists and no empty fields', () => {
    const s = readListState(new URLSearchParams('etapa=a_fazer,em_revisao&q=%20%20'));
    expect(toSummaryQuery(s)).toEqual({
      page: 1,
      perPage: 25,
      sort: DEFAULT_SORT,
      stage: ['a_fazer', 'em_revisao'],
    });
  });

  it('toggles a column between ascending and descending', () => {
    expect(toggleSort('-updated_at', 'titulo')).toBe('titulo');
    expect(toggleSort('titulo', 'titulo')).toBe('-titulo');
    expect(toggleSort('-titulo', 'titulo')).toBe('titulo');
  });
});
