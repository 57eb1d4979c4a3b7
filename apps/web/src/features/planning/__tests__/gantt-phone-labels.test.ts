import { describe, expect, it } from 'vitest';

import { labelSide } from '../gantt/task-bar.tsx';

describe('labelSide (phone labels above the bars)', () => {
  const text = 'Relatório final de entrega'; // ~190 px at 12 px

  it('starts at the bar when the label fits before the end of the time area', () => {
    expect(labelSide(100, 40, text, 1000)).toBe('start');
  });

  it('ends at the bar’s end when it would run past the end of the time area', () => {
    expect(labelSide(900, 76, text, 976)).toBe('end');
  });

  it('stays at the start when ending at the bar would push it off the left edge', () => {
    expect(labelSide(20, 30, text, 100)).toBe('start');
  });

  it('starts at the bar while the width of the area is not known yet', () => {
    expect(labelSide(900, 76, text, 0)).toBe('start');
  });
});
