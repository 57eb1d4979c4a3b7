import { describe, expect, it } from 'vitest';
import { stageDateChanges } from './stage-dates.ts';

const T = '2026-03-10';

describe('stageDateChanges', () => {
  it('sets inicio_real when work starts and it is empty', () => {
    expect(
      stageDateChanges({ stage: 'a_fazer', inicio_real: null, fim_real: null }, 'em_andamento', T),
    ).toEqual({
      inicio_real: T,
    });
    expect(
      stageDateChanges(
        { stage: 'a_fazer', inicio_real: '2026-03-01', fim_real: null },
        'em_andamento',
        T,
      ),
    ).toEqual({});
  });

  it('sets fim_real (and a missing inicio_real) when concluded', () => {
    expect(
      stageDateChanges({ stage: 'a_fazer', inicio_real: null, fim_real: null }, 'concluido', T),
    ).toEqual({
      inicio_real: T,
      fim_real: T,
    });
    expect(
      stageDateChanges(
        { stage: 'em_revisao', inicio_real: '2026-03-01', fim_real: null },
        'concluido',
        T,
      ),
    ).toEqual({ fim_real: T });
  });

  it('clears fim_real when a concluded item is reopened', () => {
    expect(
      stageDateChanges(
        { stage: 'concluido', inicio_real: '2026-03-01', fim_real: '2026-03-05' },
        'em_andamento',
        T,
      ),
    ).toEqual({ fim_real: null });
    expect(
      stageDateChanges(
        { stage: 'concluido', inicio_real: '2026-03-01', fim_real: '2026-03-05' },
        'a_fazer',
        T,
      ),
    ).toEqual({ fim_real: null });
  });
});
