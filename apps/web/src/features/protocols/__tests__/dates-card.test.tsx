import '../../../test/setup-dom.ts';

import type { Protocol } from '@eproto/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderUi } from '../../../test/render.tsx';
import { DatesCard } from '../components/dates-card.tsx';

const task = (over: Partial<Protocol>) =>
  ({
    inicio_previsto: '2026-11-22',
    fim_previsto: '2026-11-26',
    inicio_real: '2026-11-22',
    fim_real: null,
    horas_estimadas: 24,
    atrasada: false,
    ...over,
  }) as unknown as Protocol;

const row = (label: string) =>
  within(screen.getByRole('cell', { name: label }).closest('tr')!)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('DatesCard', () => {
  it('puts planned and real side by side, a row per date', () => {
    renderUi(<DatesCard task={task({})} />);
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      '',
      'Previsto',
      'Real',
    ]);
    expect(row('Início')).toEqual(['Início', '22/11/2026', '22/11/2026']);
    expect(row('Fim')).toEqual(['Fim', '26/11/2026', '—']);
    expect(row('Duração')).toEqual(['Duração', '5 dias', '—']);
    expect(screen.getByText('24 h estimadas')).toBeTruthy();
  });

  it('says how far the real end fell from the planned one', () => {
    renderUi(<DatesCard task={task({ fim_real: '2026-11-28' })} />);
    expect(row('Duração')).toEqual(['Duração', '5 dias', '7 dias']);
    expect(screen.getByText('Concluída 2 dias depois do previsto.')).toBeTruthy();
  });
});
