import '../../../../test/setup-dom.ts';

import type { AgendaEntry } from '@eproto/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderUi } from '../../../../test/render.tsx';
import { ConflictFlag } from '../agenda-badges.tsx';

const conflict = (tipo: 'veiculo' | 'manutencao') => ({
  tipo,
  ref_id: 3,
  nome: 'ABC1D23',
  entry_id: 9,
  inicio: '2026-12-10T11:00:00.000Z',
  fim: '2026-12-10T15:00:00.000Z',
});

describe('ConflictFlag', () => {
  it('names a vehicle in maintenance apart from a double booking', () => {
    const entry = { conflitos: [conflict('manutencao'), conflict('veiculo')] } as AgendaEntry;
    renderUi(<ConflictFlag entry={entry} />);
    // times are shown in the browser's zone; the test runner's may differ from Brazil's
    expect(screen.getByLabelText(/^Conflito de agenda/).getAttribute('aria-label')).toMatch(
      /^Conflito de agenda: Veículo ABC1D23 em manutenção \(10\/12\); Veículo ABC1D23 também em outro agendamento \(10\/12 \d\d:00–\d\d:00\)$/,
    );
  });
});

describe('ConflictFlag tooltip (loaded when first wanted)', () => {
  it('shows the same text in a tooltip once hovered, none before', async () => {
    const entry = { conflitos: [conflict('veiculo')] } as AgendaEntry;
    renderUi(<ConflictFlag entry={entry} />);
    // The flag is there at once, without the tooltip (floating-ui is not loaded to paint) ...
    expect(screen.getByLabelText(/^Conflito de agenda/)).toBeTruthy();
    expect(screen.queryByRole('tooltip')).toBeNull();
    // ... and hovering it loads the tooltip, which opens with the conflict in words.
    await userEvent.hover(screen.getByLabelText(/^Conflito de agenda/));
    const tooltip = await screen.findByRole('tooltip', {}, { timeout: 3000 });
    expect(tooltip.textContent).toMatch(/^Veículo ABC1D23 também em outro agendamento/);
  });
});
