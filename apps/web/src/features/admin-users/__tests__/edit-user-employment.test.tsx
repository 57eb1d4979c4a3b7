import '../../../test/setup-dom.ts';

import type { AdminUser } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi } from '../../../test/render.tsx';
import { EditUserModal } from '../components/edit-user-modal.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

const ana: AdminUser = {
  id: 8,
  email: 'ana@eproto.test',
  nome: 'Ana Souza',
  type: 'equipe',
  rawType: 'Equipe de Campo',
  avatar: null,
  active: true,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  contracts: [],
  cpf: null,
  matricula: null,
  funcao: null,
  admissao: null,
  anonymizedAt: null,
};

const patches = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([, init]) => JSON.parse(init?.body as string) as unknown);

describe('Editar usuário: registro funcional', () => {
  it('sends the typed CPF (digits), matrícula, função and admissão typed as dd/mm/aaaa', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(ana)));
    const user = userEvent.setup();
    renderUi(<EditUserModal user={ana} actorId={1} actorRole="ti" onClose={() => {}} />);
    await user.type(await screen.findByLabelText('CPF'), '529.982.247-26');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('CPF inválido: confira os 11 dígitos.')).toBeTruthy();
    expect(patches()).toEqual([]);
    await user.clear(screen.getByLabelText('CPF'));
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Matrícula'), 'CAMPO-0112');
    await user.type(screen.getByLabelText('Função'), 'Eletricista');
    await user.type(screen.getByLabelText('Admissão'), '06/03/2023');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(patches()).toEqual([
        {
          cpf: '52998224725',
          matricula: 'CAMPO-0112',
          funcao: 'Eletricista',
          admissao: '2023-03-06',
        },
      ]),
    );
  });

  it("a one-letter name shows the domain's message; nothing changed sends nothing and closes", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(ana)));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<EditUserModal user={ana} actorId={1} actorRole="ti" onClose={onClose} />);
    const nome = await screen.findByRole('textbox', { name: /^Nome/ });
    await user.clear(nome);
    await user.type(nome, ' A ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe o nome completo.')).toBeTruthy();
    expect(patches()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    await user.clear(nome);
    await user.type(nome, 'Ana Souza ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches()).toEqual([]);
  });
});
