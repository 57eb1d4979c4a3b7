import '../../../test/setup-dom.ts';

import type { Role } from '@eproto/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi } from '../../../test/render.tsx';
import { InviteForm } from '../components/invite-form.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse([])));
});
afterEach(() => vi.clearAllMocks());

async function offeredRoles(actorRole: Role) {
  renderUi(<InviteForm actorRole={actorRole} />);
  fireEvent.click(screen.getByRole('combobox', { name: /^Papel/ }));
  const listbox = await screen.findByRole('listbox');
  return within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent);
}

describe('invitation role picker', () => {
  it('offers an administrador no ti, director or CFO title', async () => {
    expect(await offeredRoles('administrador')).toEqual([
      'Administrador',
      'Financeiro',
      'Coordenador',
      'Gerente',
      'Equipe',
      'Equipe de Campo',
    ]);
  });

  it('offers ti the privileged titles too', async () => {
    const offered = await offeredRoles('ti');
    for (const title of ['TI', 'Diretoria', 'Diretor Financeiro', 'CFO', 'CEO']) {
      expect(offered).toContain(title);
    }
  });
});
