import { describe, expect, it } from 'vitest';

import { formatBrNumber, parseBrDate, parseBrNumber } from './br-input.ts';

describe('parseBrDate', () => {
  it.each([
    ['10/12/2026', '2026-12-10'],
    ['25/12/2026', '2026-12-25'],
    ['05/01/2027', '2027-01-05'],
    ['26/11/2026', '2026-11-26'],
    ['10122026', '2026-12-10'],
    ['10/12/26', '2026-12-10'],
    ['5/3/2026', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    ['05.03.2026', '2026-03-05'],
    [' 2026-12-10 ', '2026-12-10'],
    ['29/02/2028', '2028-02-29'],
    ['050326', '2026-03-05'],
    ['311226', '2026-12-31'],
  ])('reads %s as %s (day first)', (typed, iso) => {
    expect(parseBrDate(typed)).toEqual({ ok: true, value: iso });
  });

  it('reads an empty field as no date', () => {
    expect(parseBrDate('  ')).toEqual({ ok: true, value: null });
  });

  it.each(['31/02/2027', '29/02/2027', '32/01/2026', '10/13/2026', '00/10/2026'])(
    'refuses the impossible date %s with a Portuguese message',
    (typed) => {
      const r = parseBrDate(typed);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBe(`A data ${typed} não existe. Confira o dia e o mês.`);
    },
  );

  it.each(['31/12/9999', '01/01/1899', '31129999', '01/01/0000'])(
    'blames the year of %s, not the day and month',
    (typed) => {
      const r = parseBrDate(typed);
      const year = typed.replace(/\D/g, '').slice(4);
      expect(r).toEqual({
        ok: false,
        error: `O ano ${year} não é aceito: use um ano entre 1900 e 2999.`,
      });
    },
  );

  it('refuses an impossible six-digit date by its day and month', () => {
    expect(parseBrDate('310226')).toEqual({
      ok: false,
      error: 'A data 310226 não existe. Confira o dia e o mês.',
    });
  });

  it.each(['10/12', '10/12/2', '1012202', '10122', 'amanhã', '10/12/20266'])(
    'refuses the incomplete or malformed %s',
    (typed) => {
      const r = parseBrDate(typed);
      expect(r).toEqual({ ok: false, error: 'Data inválida. Use dd/mm/aaaa, como 10/12/2026.' });
    },
  );
});

describe('parseBrNumber', () => {
  it.each([
    ['45,5', 45.5],
    ['250,50', 250.5],
    ['1.500,00', 1500],
    ['1.234,50', 1234.5],
    ['300', 300],
    ['289,90', 289.9],
    ['150,00', 150],
    ['R$ 1.234,50', 1234.5],
    ['R$\u00a0250,50', 250.5],
    ['1.500', 1500],
    ['1.234.567', 1234567],
    ['1234,5', 1234.5],
    [',5', 0.5],
    ['45,', 45],
    ['-0', 0],
  ])('reads %s as %d', (typed, value) => {
    expect(parseBrNumber(typed)).toEqual({ ok: true, value });
  });

  it('reads coordinates with six decimals, comma or point', () => {
    expect(parseBrNumber('-23,5505', { decimals: 6 })).toEqual({ ok: true, value: -23.5505 });
    expect(parseBrNumber('-46,633308', { decimals: 6 })).toEqual({ ok: true, value: -46.633308 });
    expect(parseBrNumber('-23.5505', { decimals: 6 })).toEqual({ ok: true, value: -23.5505 });
  });

  it('reads an empty field as no number', () => {
    expect(parseBrNumber('')).toEqual({ ok: true, value: null });
    expect(parseBrNumber('R$ ')).toEqual({ ok: true, value: null });
  });

  it.each([
    ['abc', 'Número inválido. Use vírgula para decimais, como 45,5.'],
    ['1,2,3', 'Número inválido. Use vírgula para decimais, como 45,5.'],
    ['12.34,5', 'Número inválido. Use vírgula para decimais, como 45,5.'],
    ['-', 'Número inválido. Use vírgula para decimais, como 45,5.'],
    ['250,505', 'Use no máximo 2 casas decimais.'],
  ])('refuses %s', (typed, error) => {
    expect(parseBrNumber(typed)).toEqual({ ok: false, error });
  });

  it('refuses decimals in whole-number fields and values out of range', () => {
    expect(parseBrNumber('45,5', { decimals: 0 })).toEqual({
      ok: false,
      error: 'Informe um número inteiro, sem casas decimais.',
    });
    expect(parseBrNumber('0', { decimals: 0, min: 1 })).toEqual({
      ok: false,
      error: 'O valor mínimo é 1.',
    });
    expect(parseBrNumber('-91', { decimals: 6, min: -90, max: 90 })).toEqual({
      ok: false,
      error: 'O valor mínimo é -90.',
    });
    expect(parseBrNumber('1.000.001', { max: 1_000_000 })).toEqual({
      ok: false,
      error: 'O valor máximo é 1.000.000.',
    });
  });
});

describe('formatBrNumber', () => {
  it('writes numbers the Brazilian way', () => {
    expect(formatBrNumber(1234.5, { fixed: true })).toBe('1.234,50');
    expect(formatBrNumber(45.5)).toBe('45,5');
    expect(formatBrNumber(-23.5505, { decimals: 6 })).toBe('-23,5505');
    expect(formatBrNumber(300)).toBe('300');
  });
});
