import { describe, expect, it, vi } from 'vitest';
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

  it('agrees like Intl.PluralRules pt-BR, and writes digits like its NumberFormat', () => {
    const rules = new Intl.PluralRules('pt-BR');
    const format = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
    const values = [
      ...Array.from({ length: 1_300 }, (_, i) => i - 100),
      ...[0.001, 0.5, 0.999, 1.0001, 1.5, 1.999, 2.5, -0.5, -1.5, 999.5, 1_000.25],
      ...[12_345, 1_000_000, 2 ** 31, -(2 ** 31), NaN, Infinity, -Infinity],
    ];
    for (const n of values) {
      const expected = n === 0 || rules.select(n) !== 'one' ? 'other' : 'one';
      expect([n, pluralForm(n, 'one', 'other')]).toEqual([n, expected]);
      expect([n, countOf(n, 'x', 'x')]).toEqual([n, `${format.format(n)} x`]);
    }
  });

  it('makes no Intl object when loaded, nor for a count under 1,000', async () => {
    vi.resetModules();
    const made: string[] = [];
    const counted = <C extends new (...args: never[]) => object>(name: string, original: C): C =>
      new Proxy(original, {
        construct(target, args) {
          made.push(name);
          return Reflect.construct(target, args);
        },
      });
    const { PluralRules, NumberFormat } = Intl;
    Object.assign(Intl, {
      PluralRules: counted('PluralRules', PluralRules),
      NumberFormat: counted('NumberFormat', NumberFormat),
    });
    try {
      const fresh = await import('./plural.ts');
      expect(fresh.countOf(3, 'rolo', 'rolos')).toBe('3 rolos');
      expect(fresh.countOf(1.5, 'quilo', 'quilos')).toBe('1,5 quilo');
      expect(made).toEqual(['NumberFormat']); // only for the fraction
      expect(fresh.countOf(1_234, 'rolo', 'rolos')).toBe('1.234 rolos');
      expect(made).toEqual(['NumberFormat']); // made once
    } finally {
      Object.assign(Intl, { PluralRules, NumberFormat });
    }
  });
});
