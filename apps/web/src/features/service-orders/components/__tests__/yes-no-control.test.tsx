import '../../../../test/setup-dom.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderUi } from '../../../../test/render.tsx';
import { YesNoControl } from '../yes-no-control.tsx';

describe('YesNoControl', () => {
  it('read-only, still shows which answer was given in its colour', () => {
    renderUi(
      <YesNoControl label="Filtros limpos" value="nao" onChange={() => undefined} disabled />,
    );
    const chosen = screen.getByRole('radio', { name: 'Não' });
    expect(chosen.getAttribute('aria-checked')).toBe('true');
    expect(chosen.style.backgroundColor).toBe('var(--mantine-color-red-filled)');
    // The others stay plain disabled buttons.
    expect(screen.getByRole('radio', { name: 'Sim' }).style.backgroundColor).toBe('');
  });
});
