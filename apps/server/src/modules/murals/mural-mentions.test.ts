import { describe, expect, it } from 'vitest';
import { findMentions } from './mural-mentions.ts';

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
