import { describe, expect, it } from 'vitest';
import { isLate } from './stages.ts';

describe('isLate', () => {
  it('is late only when not concluded and due before today', () => {
    expect(isLate('em_andamento', '2026-11-25', '2026-11-26')).toBe(true);
    expect(isLate('em_andamento', '2026-11-26', '2026-11-26')).toBe(false);
    expect(isLate('concluido', '2026-11-01', '2026-11-26')).toBe(false);
    expect(isLate('a_fazer', null, '2026-11-26')).toBe(false);
  });
});
