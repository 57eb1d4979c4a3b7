import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { OS_CANCELLED_REFUSAL } from '@eproto/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { outbox } from '../../../../lib/offline/outbox.ts';
import type { OutboxItem } from '../../../../lib/offline/outbox-types.ts';
import { renderUi } from '../../../../test/render.tsx';
import { NO_PENDING } from '../../api/os-pending-view.ts';
import { OsPendingSteps } from '../os-pending-steps.tsx';

afterEach(() => vi.restoreAllMocks());

const write = (key: string, label: string, patch: Partial<OutboxItem> = {}): OutboxItem => ({
  key,
  seq: 1,
  userId: 9,
  kind: 'os.step',
  label,
  meta: { osId: 41, tipo: 'etapa' },
  deviceTime: '2026-11-26T13:07:00.000Z',
  state: 'pending',
  attempts: 0,
  invalidate: [],
  method: 'POST',
  path: '/tatico/os/41/etapas',
  ...patch,
});

describe('OsPendingSteps', () => {
  it('shows nothing when nothing of the OS waits', () => {
    renderUi(<OsPendingSteps pending={NO_PENDING} codigo="OS-2026-000041" />);
    expect(screen.queryByTestId('os-pending-steps')).toBeNull();
  });

  it('lists waiting steps with the phone time and says a queued conclusion is done but waiting', () => {
    renderUi(
      <OsPendingSteps
        codigo="OS-2026-000041"
        pending={{
          ...NO_PENDING,
          concluded: true,
          waiting: [
            write('a', 'Check-in na OS-2026-000041'),
            write('b', 'Conclusão e assinatura da OS-2026-000041'),
          ],
        }}
      />,
    );
    expect(screen.getByText('Guardado no aparelho (2)')).toBeTruthy();
    expect(screen.getByText(/Check-in na OS-2026-000041/).textContent).toMatch(/^\d{2}:07 · /);
    expect(screen.getByText('Concluída — aguardando conexão')).toBeTruthy();
  });

  it("refused steps show the server's reason once, the steps and what to do; the buttons act on them all", async () => {
    const discard = vi.spyOn(outbox, 'discard').mockResolvedValue();
    const retry = vi.spyOn(outbox, 'retry').mockResolvedValue();
    renderUi(
      <OsPendingSteps
        codigo="OS-2026-000041"
        pending={{
          ...NO_PENDING,
          attention: [
            write('x', 'Check-in na OS-2026-000041', {
              state: 'attention',
              refusal: { status: 409, message: OS_CANCELLED_REFUSAL },
            }),
            write('y', 'Foto da OS-2026-000041', {
              state: 'attention',
              refusal: { status: 409, message: OS_CANCELLED_REFUSAL },
            }),
            write('z', 'Material na OS-2026-000041: 9 un de Cabo', {
              state: 'attention',
              refusal: { status: 400, message: 'Estoque insuficiente: disponível 2.' },
            }),
          ],
        }}
      />,
    );
    const [cancelled, stock] = screen.getAllByTestId('os-attention-step');
    expect(cancelled!.textContent).toContain('Precisa de atenção (2)');
    expect(cancelled!.textContent).toContain(OS_CANCELLED_REFUSAL);
    expect(cancelled!.textContent).toContain('Check-in na OS-2026-000041');
    expect(cancelled!.textContent).toContain('Foto da OS-2026-000041');
    expect(cancelled!.textContent).toContain('A OS mudou enquanto você estava sem conexão');
    expect(stock!.textContent).toContain('Estoque insuficiente: disponível 2.');
    expect(stock!.textContent).toContain('estoque insuficiente ou itens obrigatórios');
    await userEvent.click(screen.getAllByRole('button', { name: 'Tentar de novo' })[1]!);
    expect(retry.mock.calls).toEqual([['z']]);
    await userEvent.click(screen.getByRole('button', { name: 'Descartar as 2' }));
    expect(discard.mock.calls).toEqual([['x'], ['y']]);
  });
});
