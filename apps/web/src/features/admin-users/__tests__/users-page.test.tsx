import '../../../test/setup-dom.ts';

import type { AdminUser } from '@eproto/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SESSION_KEY } from '../../../lib/session-key.ts';
import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import UsersPage from '../pages/users-page.tsx';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

const person = (id: number, nome: string, rawType: string, active = true): AdminUser => ({
  id,
  email: `${nome.toLowerCase().replace(/\s/g, '.')}@eproto.test`,
  nome,
  type: rawType.toLowerCase(),
  rawType,
  avatar: null,
  active,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  contracts: [{ id: 3, codigo: 'CT-01', nome: 'Contrato Um' }],
  cpf: null,
  matricula: null,
  funcao: null,
  admissao: null,
});

function renderAs(rawType: string) {
  const client = testQueryClient();
  client.setQueryData(SESSION_KEY, {
    id: 99,
    email: 'eu@x.y',
    nome: 'Eu',
    type: rawType.toLowerCase(),
    rawType,
    avatar: null,
  });
  return renderUi(<UsersPage />, { client, route: '/users' });
}

describe('/users', () => {
  beforeEach(() => {
    fetchMock.mockImplementation((input) => {
      const url = new URL(urlOf(input), 'http://x');
      const items = [person(1, 'Ana Souza', 'Equipe de Campo'), person(2, 'Rafael TI', 'TI')];
      return Promise.resolve(
        jsonResponse({ items, total: 2, page: Number(url.searchParams.get('page')), perPage: 20 }),
      );
    });
  });

  it('lists people with role, contracts, status and last sign-in, active ones by default', async () => {
    renderAs('Administrador');
    await screen.findAllByText('Ana Souza');
    expect(screen.getAllByText('Equipe de Campo').length).toBeGreaterThan(0);
    expect(screen.getAllByText('CT-01').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Nunca entrou').length).toBeGreaterThan(0);
    expect(screen.getByText('2 usuários')).toBeTruthy();
    const first = new URL(urlOf(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(first.pathname).toBe('/api/users');
    expect(first.searchParams.get('status')).toBe('ativos');
  });

  it('searches by name, e-mail or role after a pause', async () => {
    renderAs('TI');
    await screen.findAllByText('Ana Souza');
    fireEvent.change(screen.getByLabelText('Buscar usuários'), { target: { value: 'ana' } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u]) => new URL(urlOf(u), 'http://x').searchParams.get('search') === 'ana',
        ),
      ).toBe(true),
    );
  });

  it('an administrador editing a ti account cannot change the role', async () => {
    renderAs('Administrador');
    await screen.findAllByText('Rafael TI');
    fireEvent.click(screen.getAllByRole('button', { name: 'Ações para Rafael TI' })[0]!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Editar nome e papel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuário' });
    expect(
      within(dialog).getByText('Somente a TI ou a diretoria podem alterar o papel desta conta.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Papel' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  const optionsOfRolePicker = async (actor: string, target: string) => {
    renderAs(actor);
    await screen.findAllByText(target);
    fireEvent.click(screen.getAllByRole('button', { name: `Ações para ${target}` })[0]!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Editar nome e papel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuário' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Papel' }));
    const listbox = await screen.findByRole('listbox');
    return within(listbox)
      .getAllByRole('option')
      .map((o) => o.textContent);
  };

  it('offers an administrador no ti, director or CFO title in the role picker', async () => {
    const offered = await optionsOfRolePicker('Administrador', 'Ana Souza');
    expect(offered).toEqual([
      'Administrador',
      'Financeiro',
      'Coordenador',
      'Gerente',
      'Equipe',
      'Equipe de Campo',
    ]);
  });

  it('offers ti every title, directors and CFO included', async () => {
    const offered = await optionsOfRolePicker('TI', 'Ana Souza');
    for (const title of ['TI', 'Diretoria', 'Diretor Financeiro', 'CFO', 'CEO', 'Equipe']) {
      expect(offered).toContain(title);
    }
  });

  it('offers no deactivation of a ti account to an administrador', async () => {
    renderAs('Administrador');
    await screen.findAllByText('Rafael TI');
    fireEvent.click(screen.getAllByRole('button', { name: 'Ações para Rafael TI' })[0]!);
    await screen.findByRole('menuitem', { name: 'Editar nome e papel' });
    expect(screen.queryByRole('menuitem', { name: 'Desativar' })).toBeNull();
  });
});
