import '../../../test/setup-dom.ts';

import { MANAGE_PRIVILEGED_DENIED, type AdminUser } from '@eproto/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SESSION_KEY } from '../../../lib/session-key.ts';
import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import UsersPage from '../pages/users-page.tsx';

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
  anonymizedAt: null,
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

  it('an administrador sees edit and deactivation of a ti account disabled, with the reason', async () => {
    renderAs('Administrador');
    await screen.findAllByText('Rafael TI');
    fireEvent.click(screen.getAllByRole('button', { name: 'Ações para Rafael TI' })[0]!);
    const edit = await screen.findByRole('menuitem', { name: 'Editar nome e papel' });
    const off = screen.getByRole('menuitem', { name: 'Desativar' });
    for (const item of [edit, off]) {
      expect(item).toHaveProperty('disabled', true);
      expect(item.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(item.getAttribute('aria-describedby')!)?.textContent).toBe(
        MANAGE_PRIVILEGED_DENIED,
      );
    }
    fireEvent.click(edit);
    expect(screen.queryByRole('dialog', { name: 'Editar usuário' })).toBeNull();
  });

  it('an administrador sees reactivation of an inactive CFO disabled; ti may reactivate', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        jsonResponse({
          items: [person(3, 'Clara CFO', 'CFO', false)],
          total: 1,
          page: 1,
          perPage: 20,
        }),
      ),
    );
    const view = renderAs('Administrador');
    await screen.findAllByText('Clara CFO');
    fireEvent.click(screen.getAllByRole('button', { name: 'Ações para Clara CFO' })[0]!);
    expect(await screen.findByRole('menuitem', { name: 'Reativar' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText(MANAGE_PRIVILEGED_DENIED)).toBeTruthy();
    view.unmount();

    renderAs('TI');
    await screen.findAllByText('Clara CFO');
    fireEvent.click(screen.getAllByRole('button', { name: 'Ações para Clara CFO' })[0]!);
    expect(await screen.findByRole('menuitem', { name: 'Reativar' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.queryByText(MANAGE_PRIVILEGED_DENIED)).toBeNull();
  });

  it('an administrador may deactivate an equipe account, no reason shown', async () => {
    renderAs('Administrador');
    await screen.findAllByText('Ana Souza');
    fireEvent.click(screen.getAllByRole('button', { name: 'Ações para Ana Souza' })[0]!);
    expect(await screen.findByRole('menuitem', { name: 'Desativar' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.queryByText(MANAGE_PRIVILEGED_DENIED)).toBeNull();
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
});
