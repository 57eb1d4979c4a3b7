import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import AgendaPage from '../agenda-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function session(type: string) {
  stubApi({ '/api/users/me': { id: 1, nome: 'Pessoa', email: 'p@x.com', type } });
}

// The entry's drawer and its "Criar OS" box are two chunks: downloaded only at the first tap on
// an entry, they came one after the other and the box was 7 s late under load (e2e watch list).
describe('agenda page: what an opened entry needs downloads ahead, for gestores', () => {
  it("a coordenador's page asks for the entry actions' code once idle", async () => {
    session('coordenador');
    const preload = vi.fn(() => Promise.resolve());
    renderUi(<AgendaPage preloadEntryActions={preload} />, { route: '/tatico/agenda' });
    await waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
  });

  it("equipe's page (Minha agenda, no Criar OS) asks for nothing", async () => {
    session('equipe');
    const preload = vi.fn(() => Promise.resolve());
    renderUi(<AgendaPage preloadEntryActions={preload} />, { route: '/tatico/agenda' });
    expect(await screen.findByText(/agenda/i)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(preload).not.toHaveBeenCalled();
  });
});
