import { describe, expect, it, vi } from 'vitest';

// Minha agenda ("Minhas OS abertas") and Meus EPIs (the APR card) load this module and show no
// amount: its currency formatter, made at load, was ~100 ms of a 4x slower phone's start (the
// first Intl object of the page; issue 33).
describe('os-format', () => {
  it('makes no Intl object when loaded, one at the first amount', async () => {
    vi.resetModules();
    const made: string[] = [];
    const { NumberFormat } = Intl;
    Object.assign(Intl, {
      NumberFormat: new Proxy(NumberFormat, {
        construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
          made.push('NumberFormat');
          return Reflect.construct(target, args);
        },
      }),
    });
    try {
      const fresh = await import('../os-format.ts');
      expect(made).toEqual([]);
      expect(fresh.formatBrl(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
      expect(fresh.formatBrl(0.1).replace(/\s/g, ' ')).toBe('R$ 0,10');
      expect(made).toEqual(['NumberFormat']);
    } finally {
      Object.assign(Intl, { NumberFormat });
    }
  });
});
