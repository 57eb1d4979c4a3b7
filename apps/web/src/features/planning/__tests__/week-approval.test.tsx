import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { TimesheetWeek } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { WeekApproval } from '../timesheets/week-approval.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// "Reabrir semana" checks the reason with the domain's timesheetReopenBody.

const week = {
  pessoa: { id: 14, nome: 'Edu Técnico' },
  semana: '2026-11-23',
  total: 480,
  status: 'aprovada',
  aprovacao: { por: { id: 3, nome: 'Carla' }, em: '2026-11-28T18:00:00.000Z', minutos: 480 },
  reabertura: null,
  pode_aprovar: true,
} as unknown as TimesheetWeek;

describe('WeekApproval', () => {
  it("a two-letter reason shows the domain's message and reopens nothing; a reason goes trimmed", async () => {
    const api = stubApi({ 'POST /api/eproto/horas/semanas/reabrir': week });
    const user = userEvent.setup({ delay: null });
    renderUi(<WeekApproval week={week} />);
    await user.click(screen.getByRole('button', { name: 'Reabrir semana' }));
    const motivo = await screen.findByRole('textbox', { name: /^Motivo/ });
    await user.type(motivo, 'ok');
    await user.click(screen.getByRole('button', { name: 'Reabrir' }));
    expect(await screen.findByText('O motivo: mínimo de 3 caracteres.')).toBeTruthy();
    expect(api.bodies('POST', '/api/eproto/horas/semanas/reabrir')).toEqual([]);

    await user.clear(motivo);
    await user.type(motivo, ' Faltou a OS de sexta ');
    await user.click(screen.getByRole('button', { name: 'Reabrir' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/eproto/horas/semanas/reabrir')).toEqual([
        { user_id: 14, semana: '2026-11-23', motivo: 'Faltou a OS de sexta' },
      ]),
    );
  });
});
