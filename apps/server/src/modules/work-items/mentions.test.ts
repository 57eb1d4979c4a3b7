import { describe, expect, it } from 'vitest';
import { findMentions, resolveMentions } from './mentions.ts';

const people = [
  { id: 1, nome: 'Ana' },
  { id: 2, nome: 'Ana Souza' },
  { id: 3, nome: 'João Pereira' },
];

describe('findMentions', () => {
  it('matches "@Nome Completo" ignoring accents and case, longest name first', () => {
    expect(findMentions('@ana souza e @JOAO PEREIRA, vejam', people).sort()).toEqual([2, 3]);
    expect(findMentions('Oi @Ana, tudo bem?', people)).toEqual([1]);
  });

  it('needs the name to end at a non-letter and the @ sign', () => {
    expect(findMentions('@Anabela chegou', people)).toEqual([]);
    expect(findMentions('Ana Souza sem arroba', people)).toEqual([]);
  });
});

describe('resolveMentions', () => {
  const inside = [
    { id: 1, nome: 'Ana Souza' },
    { id: 2, nome: 'João Pereira' },
    { id: 3, nome: 'Ana Lima' },
  ];
  const everyone = [...inside, { id: 4, nome: 'Carlos Mendes' }, { id: 5, nome: 'Bruno Reis' }];
  const resolve = (texto: string, picked: number[] = []) =>
    resolveMentions({ texto, picked, authorId: 2, mentionables: inside, everyone });

  it('notifies full names and picked ids of people who see the item, never the author', () => {
    expect(resolve('@Ana Souza e @João Pereira', [3])).toEqual({ notified: [1, 3], outside: [] });
  });

  it('reads "@Primeiro" only when one person has that first name', () => {
    expect(resolve('@joao e @Bruno').notified).toEqual([]);
    expect(resolve('@Ana, veja').notified).toEqual([]);
    expect(resolve('@Carlos, veja')).toEqual({ notified: [], outside: [everyone[3]] });
  });

  it('names people outside the item instead of dropping them, and ignores picked outsiders', () => {
    expect(resolve('@Carlos Mendes @Bruno Reis', [4])).toEqual({
      notified: [],
      outside: [everyone[3], everyone[4]],
    });
    expect(resolve('sem menção', [4])).toEqual({ notified: [], outside: [] });
  });
});
