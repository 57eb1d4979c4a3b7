import '../../../../test/setup-dom.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderUi } from '../../../../test/render.tsx';
import { ChecklistItemField } from '../checklist-item-field.tsx';
import { YesNoControl } from '../yes-no-control.tsx';

describe('read-only checklist answers', () => {
  it('a disabled number keeps its value legible (not faded)', () => {
    renderUi(
      <ChecklistItemField
        item={{
          id: 1,
          tipo: 'numero',
          titulo: 'Temperatura de insuflamento',
          obrigatorio: true,
          ajuda: null,
          unidade: '°C',
          minimo: 5,
          maximo: 25,
          opcoes: [],
          fotos_minimas: null,
        }}
        value={15}
        onChange={() => undefined}
        disabled
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Temperatura de insuflamento' });
    expect((input as HTMLInputElement).value).toBe('15');
    // Not faded: the plain field's wrapper says so and its CSS keeps opacity 1 and the text
    // colour (components/plain-input.module.css, [data-legible]).
    expect(input.closest('[data-legible]')).not.toBeNull();
  });
});

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
