import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../../test/render.tsx';
import { FichasTab } from '../fichas-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const JOAO = {
  id: 7,
  nome: 'João Conceição',
  email: 'joao@x.test',
  role: 'Técnico',
  type: 'equipe',
};
const ANA = { id: 8, nome: 'Ana Souza', email: 'ana@x.test', role: 'Coordenador', type: 'gestao' };

function Url() {
  return <output data-testid="url">{useLocation().search}</output>;
}

describe('EPI fichas: "Buscar colaborador" is the server list search', () => {
  it('sends the typed text as ?q= and shows only what the server found', async () => {
    const asked: Array<string | null> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input) => {
        const u = new URL(urlOf(input), 'http://x');
        const q = u.searchParams.get('q');
        if (u.pathname.endsWith('/tatico/pessoas')) asked.push(q);
        // The server ignores accents and case: "joao" finds João. Filtered here only by what
        // the server would answer, so a filter of the web's own would have nothing to do.
        return Promise.resolve(jsonResponse({ items: q ? [JOAO] : [ANA, JOAO] }));
      }),
    );
    renderUi(
      <>
        <FichasTab />
        <Url />
      </>,
      { route: '/tatico/epi?aba=fichas' },
    );
    expect(await screen.findByText('Ana Souza')).toBeTruthy();
    expect(asked).toEqual([null]);
    // The field team first.
    const names = screen.getAllByRole('link').map((a) => a.textContent ?? '');
    expect(names[0]).toContain('João Conceição');

    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar colaborador' }), {
      target: { value: ' JOAO ' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('url').textContent).toBe('?aba=fichas&busca=JOAO'),
    );
    await waitFor(() => expect(asked.at(-1)).toBe('JOAO'));
    await waitFor(() => expect(screen.queryByText('Ana Souza')).toBeNull());
    expect(screen.getByText('João Conceição')).toBeTruthy();
  });

  it('says nobody was found when the server finds no one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ items: [] }))),
    );
    renderUi(<FichasTab />, { route: '/tatico/epi?aba=fichas&busca=zzz' });
    expect(await screen.findByText('Ninguém encontrado')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Buscar colaborador' });
    expect((box as HTMLInputElement).value).toBe('zzz');
    expect(box.getAttribute('maxlength')).toBe('80');
  });
});
