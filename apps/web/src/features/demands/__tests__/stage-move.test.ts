import { describe, expect, it } from 'vitest';

import { applyStageMove, moveInList } from '../utils/stage-move.ts';

const TODAY = '2026-11-18';
const base = {
  id: 1,
  stage: 'a_fazer' as const,
  inicio_real: null,
  fim_real: null,
  fim_previsto: '2026-11-10',
  atrasada: true,
};

describe('applyStageMove', () => {
  it('em_andamento sets inicio_real when empty', () => {
    const m = applyStageMove(base, 'em_andamento', TODAY);
    expect(m).toMatchObject({ stage: 'em_andamento', inicio_real: TODAY, fim_real: null });
  });

  it('keeps an inicio_real already set', () => {
    const m = applyStageMove({ ...base, inicio_real: '2026-11-01' }, 'em_revisao', TODAY);
    expect(m.inicio_real).toBe('2026-11-01');
  });

  it('concluido sets fim_real and is no longer late', () => {
    const m = applyStageMove(base, 'concluido', TODAY);
    expect(m).toMatchObject({ stage: 'concluido', fim_real: TODAY, atrasada: false });
  });

  it('leaving concluido clears fim_real and may be late again', () => {
    const done = { ...base, stage: 'concluido' as const, fim_real: '2026-11-12', atrasada: false };
    const m = applyStageMove(done, 'em_andamento', TODAY);
    expect(m).toMatchObject({ fim_real: null, atrasada: true });
  });

  it('returns the same object when the stage does not change', () => {
    expect(applyStageMove(base, 'a_fazer', TODAY)).toBe(base);
  });

  it('moveInList changes only the moved item', () => {
    const other = { ...base, id: 2 };
    const out = moveInList([base, other], 1, 'em_andamento', TODAY);
    expect(out[0]?.stage).toBe('em_andamento');
    expect(out[1]).toBe(other);
  });
});
