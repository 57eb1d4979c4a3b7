import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { Protocol } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { DependenciesPanel } from '../components/dependencies-panel.tsx';

// "Adicionar dependência" runs the domain's dependencyCreateBody through react-hook-form: no
// task, a fraction of a day or a lag past a year show the domain's message and post nothing.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const task = {
  id: 9,
  mural_id: 2,
  permissions: { edit_dependencies: true },
} as unknown as Protocol;
const picker = () =>
  screen.getAllByLabelText('Adicionar predecessora').find((el) => el.tagName === 'INPUT')!;
const POST = '/api/eproto/tasks/9/dependencies';
const ref = (id: number, titulo: string) => ({
  id,
  titulo,
  stage: 'a_fazer',
  inicio_previsto: null,
  fim_previsto: null,
});

describe('Adicionar dependência', () => {
  it('refuses no task, "1,5" and 400 days, keeps what was typed, then posts 5 + 2', async () => {
    const api = stubApi({
      'GET /api/eproto/protocols/9/dependencies': [],
      'GET /api/eproto/protocols': [{ id: 5, titulo: 'Fundação', mural_titulo: 'Obra A' }],
      [`POST ${POST}`]: {
        id: 1,
        protocol_id: 9,
        predecessor_id: 5,
        lag_days: 2,
        predecessor: ref(5, 'Fundação'),
        successor: ref(9, 'Estrutura'),
        created_at: '2026-11-30T12:00:00.000Z',
        cascaded: [],
      },
    });
    const user = userEvent.setup();
    renderUi(<DependenciesPanel task={task} />);
    const send = await screen.findByRole('button', { name: 'Adicionar dependência' });
    const lag = screen.getByRole('textbox', { name: /^Intervalo \(dias\)/ });

    await user.click(send);
    expect(await screen.findByText('Escolha a tarefa anterior.')).toBeTruthy();

    await user.click(picker());
    await user.click(await screen.findByRole('option', { name: 'Fundação — Obra A' }));
    await user.clear(lag);
    await user.type(lag, '1,5');
    await user.click(send);
    // the field says why on blur; the form's check keeps it from being sent
    expect(await screen.findByText('Informe um número inteiro, sem casas decimais.')).toBeTruthy();
    expect((lag as HTMLInputElement).value).toBe('1,5');

    await user.clear(lag);
    await user.type(lag, '400');
    await user.click(send);
    expect(await screen.findByText('O intervalo deve ser de no máximo 365 dias.')).toBeTruthy();
    expect(api.bodies('POST', POST)).toEqual([]);

    await user.clear(lag);
    await user.type(lag, '2');
    await user.click(send);
    await waitFor(() =>
      expect(api.bodies('POST', POST)).toEqual([{ predecessor_id: 5, lag_days: 2 }]),
    );
    // the form is blank again for the next link
    await waitFor(() => expect((lag as HTMLInputElement).value).toBe('0'));
  });

  it("shows the server's refusal (a cycle) under the task", async () => {
    stubApi({
      'GET /api/eproto/protocols/9/dependencies': [],
      'GET /api/eproto/protocols': [{ id: 5, titulo: 'Fundação', mural_titulo: 'Obra A' }],
    });
    const fetchMock = vi.mocked(fetch);
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      init?.method === 'POST'
        ? Promise.resolve(
            new Response(
              JSON.stringify({ error: 'A dependência criaria um ciclo.', code: 'VALIDATION' }),
              { status: 400, headers: { 'content-type': 'application/json' } },
            ),
          )
        : base(input, init),
    );
    const user = userEvent.setup();
    renderUi(<DependenciesPanel task={task} />);
    const send = await screen.findByRole('button', { name: 'Adicionar dependência' });
    await user.click(picker());
    await user.click(await screen.findByRole('option', { name: 'Fundação — Obra A' }));
    await user.click(send);
    expect(await screen.findByText('A dependência criaria um ciclo.')).toBeTruthy();
  });
});
