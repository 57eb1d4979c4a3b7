import { describe, expect, it } from 'vitest';
import { countOf, countWith, pluralForm } from './plural.ts';
import { quantityOf, unitFor } from './inventory.ts';

describe('plural forms in pt-BR', () => {
  it('agrees the noun with the count, zero in the plural', () => {
    expect(countOf(1, 'agendamento', 'agendamentos')).toBe('1 agendamento');
    expect(countOf(3, 'agendamento', 'agendamentos')).toBe('3 agendamentos');
    expect(countOf(0, 'entrega', 'entregas')).toBe('0 entregas');
    expect(countWith(1234, ['item', 'itens'])).toBe('1.234 itens');
    expect(pluralForm(1.5, 'quilo', 'quilos')).toBe('quilo');
  });

  it('writes stock units as words that agree, abbreviations unchanged', () => {
    expect(`3 de ${quantityOf(5, 'rolo')}`).toBe('3 de 5 rolos');
    expect(quantityOf(1, 'rolo')).toBe('1 rolo');
    expect(quantityOf(2, 'par')).toBe('2 pares');
    expect(quantityOf(1200, 'm')).toBe('1.200 m');
    expect(unitFor(4, 'un')).toBe('un');
  });
});
