import type { MuralHistory } from '@eproto/domain';
import { describe, expect, it } from 'vitest';

import { historyChanges } from '../../../components/work-item/history-format.ts';
import { matchPeople, mentionQueryAt, mentionSegments } from '../../../lib/mentions.ts';

function entry(over: Partial<MuralHistory>): MuralHistory {
  return {
    id: 1,
    mural_id: 1,
    action: 'editada',
    author_id: 1,
    author_nome: 'Ana',
    before: null,
    after: null,
    texto: null,
    created_at: '2026-11-18T10:00:00Z',
    ...over,
  };
}

const names = { people: new Map([[7, 'João Pereira']]), boards: new Map([[2, 'Manutenção']]) };

describe('historyChanges', () => {
  it('shows before and after in Portuguese (labels, names, dd/mm/aaaa)', () => {
    const h = entry({
      before: { stage: 'a_fazer', responsavel_id: null, fim_previsto: '2026-11-20', titulo: 'X' },
      after: { stage: 'em_andamento', responsavel_id: 7, fim_previsto: '2026-12-01', titulo: 'X' },
    });
    expect(historyChanges(h, names)).toEqual([
      { field: 'stage', label: 'Etapa', before: 'A fazer', after: 'Em andamento' },
      { field: 'responsavel_id', label: 'Responsável', before: '—', after: 'João Pereira' },
      { field: 'fim_previsto', label: 'Fim previsto', before: '20/11/2026', after: '01/12/2026' },
    ]);
  });

  it('turns one-sided fields into facts (file and reason of a deletion)', () => {
    const h = entry({
      action: 'anexo_removido',
      before: { attachment_id: 3, display_name: 'Laudo', file_name: 'laudo.pdf', size: 10 },
      after: { reason: 'Enviado por engano' },
    });
    expect(historyChanges(h, names)).toEqual([
      { field: 'display_name', label: 'Arquivo', before: null, after: 'Laudo' },
      { field: 'reason', label: 'Motivo', before: null, after: 'Enviado por engano' },
    ]);
  });

  it('names unknown people and boards by id', () => {
    const h = entry({ before: { board_id: 2 }, after: { board_id: 5 } });
    expect(historyChanges(h, names)[0]).toMatchObject({ before: 'Manutenção', after: 'Quadro #5' });
  });
});

describe('mentions', () => {
  it('finds the "@query" before the caret', () => {
    expect(mentionQueryAt('Oi @jo', 6)).toEqual({ start: 3, query: 'jo' });
    expect(mentionQueryAt('email@x', 7)).toBeNull();
    expect(mentionQueryAt('sem arroba', 10)).toBeNull();
  });

  it('matches any word of a name, ignoring accents', () => {
    const people = [{ nome: 'João Pereira' }, { nome: 'Ana Souza' }];
    expect(matchPeople(people, 'joa')).toEqual([{ nome: 'João Pereira' }]);
    expect(matchPeople(people, 'souza')).toEqual([{ nome: 'Ana Souza' }]);
    expect(matchPeople(people, '')).toHaveLength(2);
  });

  it('splits known mentions for highlighting', () => {
    expect(mentionSegments('@João Pereira pode seguir', ['João Pereira'])).toEqual([
      { text: '@João Pereira', mention: true },
      { text: ' pode seguir', mention: false },
    ]);
    expect(mentionSegments('@Fulano oi', ['João Pereira'])).toEqual([
      { text: '@Fulano oi', mention: false },
    ]);
  });
});
