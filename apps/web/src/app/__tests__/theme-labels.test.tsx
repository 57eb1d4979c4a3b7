import '../../test/setup-dom.ts';

import { PasswordInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import '../../lib/dates.ts';
import { renderUi } from '../../test/render.tsx';

describe('Mantine labels in Portuguese (theme defaults)', () => {
  it('names the password toggle in Portuguese', () => {
    renderUi(<PasswordInput label="Senha" />);
    expect(screen.getByRole('button', { name: 'Mostrar ou ocultar a senha' })).toBeTruthy();
    expect(screen.queryByLabelText('Toggle password visibility')).toBeNull();
  });

  it('names the calendar header and days in Portuguese, weeks from Monday', () => {
    renderUi(<DatePicker defaultDate="2026-11-10" />);
    expect(screen.getByRole('button', { name: 'Mês anterior' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Próximo mês' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Escolher o mês' }).textContent).toBe(
      'novembro 2026',
    );
    expect(screen.getByRole('button', { name: '26 novembro 2026' })).toBeTruthy();
    const weekdays = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(weekdays[0]).toMatch(/^seg/i);
  });
});
