import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../../test/render.tsx';
import { OsSstReleases } from '../os-sst-releases.tsx';
import { SstReleaseModal } from '../sst-release-modal.tsx';

const REASONS = [
  'João Pereira: NR-35 vencida em 12/10/2026',
  'Ana Souza: ASO não apto para a atividade',
];

function open(mayRelease: boolean) {
  const onRelease = vi.fn();
  const onClose = vi.fn();
  renderUi(
    <SstReleaseModal
      opened
      reasons={REASONS}
      mayRelease={mayRelease}
      onClose={onClose}
      onRelease={onRelease}
    />,
  );
  return { onRelease, onClose };
}

describe('SstReleaseModal (SST conflict of an OS team)', () => {
  it('lists every reason', () => {
    open(false);
    const list = screen.getByTestId('sst-reasons');
    expect(list.textContent).toContain('João Pereira: NR-35 vencida em 12/10/2026');
    expect(list.textContent).toContain('Ana Souza: ASO não apto para a atividade');
  });

  it('a coordenador cannot release: no reason field, only "Voltar"', async () => {
    const { onClose } = open(false);
    expect(screen.queryByRole('textbox', { name: /Justificativa/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Liberar e salvar' })).toBeNull();
    expect(screen.getByText(/Só gerente ou diretoria podem liberar/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('a gerente must write a reason of 10+ characters; the trimmed reason is released', async () => {
    const { onRelease } = open(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Liberar e salvar' }));
    expect(await screen.findByText('Informe a justificativa da liberação.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Justificativa/ }), 'Curto');
    await user.click(screen.getByRole('button', { name: 'Liberar e salvar' }));
    expect(
      await screen.findByText('Escreva a justificativa da liberação com pelo menos 10 caracteres.'),
    ).toBeTruthy();
    expect(onRelease).not.toHaveBeenCalled();
    await user.clear(screen.getByRole('textbox', { name: /Justificativa/ }));
    await user.type(
      screen.getByRole('textbox', { name: /Justificativa/ }),
      '  Reciclagem amanhã; trabalho só no solo.  ',
    );
    await user.click(screen.getByRole('button', { name: 'Liberar e salvar' }));
    expect(onRelease).toHaveBeenCalledWith('Reciclagem amanhã; trabalho só no solo.');
  });
});

describe('OsSstReleases (release shown on the OS)', () => {
  it('shows who released, when, why and what was missing', () => {
    renderUi(
      <OsSstReleases
        os={{
          historico: [
            {
              id: 9,
              tipo: 'sst_liberacao',
              status: null,
              autor: { id: 3, nome: 'Fernanda Lima' },
              em: '2026-11-26T13:05:00.000Z',
              device_time: null,
              latitude: null,
              longitude: null,
              precisao_m: null,
              distancia_m: null,
              motivo: 'Reciclagem NR-35 amanhã; trabalho só no solo.',
              texto: REASONS.join('; '),
            },
          ],
        }}
      />,
    );
    const box = screen.getByTestId('os-sst-releases');
    expect(box.textContent).toContain('Liberada sem requisito de SST');
    expect(box.textContent).toContain('Fernanda Lima em 26/11/2026');
    expect(box.textContent).toContain('“Reciclagem NR-35 amanhã; trabalho só no solo.”');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(REASONS);
  });

  it('renders nothing without a release', () => {
    const { container } = renderUi(<OsSstReleases os={{ historico: [] }} />);
    expect(container.querySelector('[data-testid="os-sst-releases"]')).toBeNull();
  });
});
