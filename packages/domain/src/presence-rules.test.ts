import { describe, expect, it } from 'vitest';
import { parsePresenceData } from './presence-rules.ts';

const ana = {
  mural_id: 7,
  board_id: 3,
  user_id: 21,
  nome: 'Ana Souza',
  avatar: null,
  acao: 'editando',
  ativo: true,
};

describe('parsePresenceData', () => {
  it('reads a presence event, with or without board and avatar', () => {
    expect(parsePresenceData(ana)).toEqual(ana);
    const other = { ...ana, board_id: null, avatar: '/a.png', acao: 'movendo', ativo: false };
    expect(parsePresenceData(other)).toEqual(other);
  });

  it('drops extra fields and refuses anything else', () => {
    expect(parsePresenceData({ ...ana, extra: 1 })).toEqual(ana);
    for (const bad of [
      null,
      'x',
      { ...ana, mural_id: '7' },
      { ...ana, mural_id: 1.5 },
      { ...ana, user_id: undefined },
      { ...ana, board_id: undefined },
      { ...ana, nome: 'a'.repeat(201) },
      { ...ana, avatar: 3 },
      { ...ana, acao: 'olhando' },
      { ...ana, ativo: 'sim' },
    ]) {
      expect(parsePresenceData(bad)).toBeNull();
    }
  });
});
