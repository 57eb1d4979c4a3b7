import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { ProtocolFormModal } from '../components/protocol-form-modal.tsx';

// "Nova tarefa" runs the domain's protocolCreateBody through react-hook-form.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const POST = '/api/eproto/protocols';
const lists = { '/api/eproto/murals/summary': [], '/api/eproto/murals/4/mentionables': [] };

describe('Nova tarefa', () => {
  it("an end before the start: the domain's message under Fim previsto, nothing sent", async () => {
    const api = stubApi(lists);
    const user = userEvent.setup();
    renderUi(<ProtocolFormModal opened task={null} muralId={4} onClose={() => {}} />);

    await user.type(screen.getByRole('textbox', { name: /^Título/ }), 'Trocar filtros');
    await user.type(screen.getByRole('textbox', { name: 'Início previsto' }), '10/12/2026');
    await user.type(screen.getByRole('textbox', { name: 'Fim previsto' }), '01/12/2026');
    await user.click(screen.getByRole('button', { name: 'Criar tarefa' }));

    expect(
      await screen.findByText('O fim previsto deve ser igual ou posterior ao início previsto.'),
    ).toBeTruthy();
    expect(api.bodies('POST', POST)).toEqual([]);
  });

  it('no title: the domain asks for 3 letters; typed key by key, the task is sent', async () => {
    const api = stubApi({
      ...lists,
      [`POST ${POST}`]: { id: 11, mural_id: 4, titulo: 'Trocar filtros' },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<ProtocolFormModal opened task={null} muralId={4} onClose={onClose} />);

    await user.click(screen.getByRole('button', { name: 'Criar tarefa' }));
    expect(await screen.findByText('O título deve ter pelo menos 3 caracteres.')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: /^Título/ }), 'Trocar filtros');
    await user.type(screen.getByRole('textbox', { name: 'Fim previsto' }), '05/01/2027');
    await user.type(screen.getByRole('textbox', { name: 'Horas estimadas' }), '2,5');
    await user.click(screen.getByRole('button', { name: 'Criar tarefa' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies('POST', POST)).toEqual([
      {
        mural_id: 4,
        titulo: 'Trocar filtros',
        descricao: null,
        responsavel_id: null,
        prioridade: 'media',
        stage: 'a_fazer',
        inicio_previsto: null,
        fim_previsto: '2027-01-05',
        horas_estimadas: 2.5,
      },
    ]);
  });
});
