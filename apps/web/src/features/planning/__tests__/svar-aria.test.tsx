import '../../../test/setup-dom.ts';

import { render, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';

import { useSvarAriaFix } from '../gantt/svar-aria.ts';

function Chart() {
  const ref = useRef<HTMLDivElement>(null);
  useSvarAriaFix(ref);
  return (
    <div ref={ref} data-testid="chart">
      <div role="grid">
        <div role="row" aria-rowindex={0} aria-expanded="false">
          Tarefa 1
        </div>
      </div>
      <div role="presentation" aria-label="grip" />
    </div>
  );
}

describe('useSvarAriaFix', () => {
  it('drops the rejected attributes on mount and on rows SVAR adds or rewrites while scrolling', async () => {
    const { getByTestId } = render(<Chart />);
    const chart = getByTestId('chart');
    expect(chart.querySelector('[aria-rowindex],[aria-expanded],[aria-label]')).toBeNull();

    const grid = chart.querySelector('[role="grid"]')!;
    const added = document.createElement('div');
    added.setAttribute('role', 'row');
    added.setAttribute('aria-rowindex', '1');
    added.innerHTML = '<span role="presentation" aria-label="x"></span>';
    grid.appendChild(added);
    const reused = grid.querySelector('[role="row"]')!;
    reused.setAttribute('aria-rowindex', '7');

    await waitFor(() =>
      expect(chart.querySelector('[aria-rowindex],[aria-expanded],[aria-label]')).toBeNull(),
    );
    expect(grid.querySelectorAll('[role="row"]')).toHaveLength(2);
  });
});
