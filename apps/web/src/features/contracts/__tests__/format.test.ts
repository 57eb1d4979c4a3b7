import { describe, expect, it } from 'vitest';

import { formatMoney, formatMoneyShort, formatTerm, progressOf } from '../utils/format.ts';

describe('contract formatting', () => {
  it('writes reais in pt-BR', () => {
    expect(formatMoney(1234.5)).toBe('R$ 1.234,50');
    expect(formatMoney(null)).toBe('—');
  });

  it('writes a chart axis in short reais, one line each', () => {
    const short = (v: number) => formatMoneyShort(v).replace(/\u00a0/g, '_');
    expect(short(0)).toBe('R$_0');
    expect(short(450)).toBe('R$_450');
    expect(short(6000)).toBe('R$_6_mil');
    expect(short(1500)).toBe('R$_1,5_mil');
    expect(short(260000)).toBe('R$_260_mil');
    expect(short(1_234_567)).toBe('R$_1,2_mi');
  });

  it('writes the term in dd/mm/aaaa', () => {
    expect(formatTerm({ inicio: '2026-02-01', fim: '2027-01-31' })).toBe('01/02/2026 a 31/01/2027');
    expect(formatTerm({ inicio: '2026-02-01', fim: null })).toBe('desde 01/02/2026');
    expect(formatTerm({ inicio: null, fim: null })).toBe('—');
  });

  it('computes the concluded share', () => {
    expect(progressOf({ demandas: 0, concluidas: 0 })).toBe(0);
    expect(progressOf({ demandas: 3, concluidas: 1 })).toBe(33);
  });
});
