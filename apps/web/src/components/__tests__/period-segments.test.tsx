import '../../test/setup-dom.ts';

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderUi } from '../../test/render.tsx';
import { PeriodSegments } from '../period-segments.tsx';

const SPANS = [
  { value: 'hoje', label: 'Hoje' },
  { value: 'semana', label: 'Próximos 7 dias' },
] as const;

function Harness() {
  const [span, setSpan] = useState<'hoje' | 'semana'>('hoje');
  return (
    <>
      <PeriodSegments label="Período" data={SPANS} value={span} onChange={setSpan} />
      <output>{span}</output>
    </>
  );
}

describe('PeriodSegments', () => {
  it('is a named group of radios; tapping a segment selects it and marks it', async () => {
    renderUi(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Período' });
    const today = screen.getByRole<HTMLInputElement>('radio', { name: 'Hoje' });
    const week = screen.getByRole<HTMLInputElement>('radio', { name: 'Próximos 7 dias' });
    expect(group.contains(week)).toBe(true);
    expect(today.checked).toBe(true);
    expect(week.checked).toBe(false);

    await userEvent.click(screen.getByText('Próximos 7 dias'));
    expect(week.checked).toBe(true);
    expect(today.checked).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('semana');
    // The selected segment is the one drawn raised (CSS on data-active).
    expect(week.closest('label')?.hasAttribute('data-active')).toBe(true);
    expect(today.closest('label')?.hasAttribute('data-active')).toBe(false);
  });
});
