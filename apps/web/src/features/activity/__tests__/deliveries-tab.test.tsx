import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { Envio } from '@eproto/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toastSuccess } from '../../../lib/toast.ts';
import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import ActivityPage from '../pages/activity-page.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  vi.mocked(toastSuccess).mockReset();
});

const FAILED_ID = '0b7e4a36-6a55-4a3f-9d4c-2f0a5b1d7c11';
const failed: Envio = {
  id: FAILED_ID,
  tipo: 'email',
  estado: 'falhou',
  destino: 'gerente@empresa.com.br',
  assunto: 'Prazo da demanda vence amanhã',
  tentativas: 3,
  erro: 'connect ECONNREFUSED 127.0.0.1:2525',
  criado_em: '2026-11-20T12:00:00.000Z',
  atualizado_em: '2026-11-20T12:05:00.000Z',
};
const sentPush: Envio = {
  id: '5c1d2e3f-0000-4000-8000-000000000002',
  tipo: 'push',
  estado: 'enviado',
  destino: 'Gisele Prado',
  assunto: 'Nova tarefa atribuída',
  tentativas: 1,
  erro: null,
  criado_em: '2026-11-20T11:00:00.000Z',
  atualizado_em: '2026-11-20T11:00:02.000Z',
};

/** Answers the deliveries API (list and reenviar) and anything else with an empty list. */
function serve() {
  const asked: { method: string; url: string }[] = [];
  let resent = false;
  fetchMock.mockImplementation(async (input, init) => {
    const url = urlOf(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (!url.includes('/api/deliveries')) return jsonResponse({ items: [], nextBefore: null });
    asked.push({ method, url });
    if (url.includes('/reenviar')) {
      resent = true;
      return jsonResponse({ ok: true });
    }
    const now = resent ? { ...failed, estado: 'na_fila' as const, erro: null } : failed;
    const all = [now, sentPush];
    const params = new URL(url, 'http://x').searchParams;
    const items = all.filter(
      (e) =>
        (!params.get('estado') || e.estado === params.get('estado')) &&
        (!params.get('tipo') || e.tipo === params.get('tipo')),
    );
    // Keyset pages of one: the first page ends at the failed e-mail, the next one is the push.
    if (params.get('estado') || params.get('tipo'))
      return jsonResponse({ items, nextBefore: null });
    return params.get('before') === FAILED_ID
      ? jsonResponse({ items: items.slice(1), nextBefore: null })
      : jsonResponse({ items: items.slice(0, 1), nextBefore: FAILED_ID });
  });
  return asked;
}

describe('ActivityPage, tab Envios', () => {
  it('lists e-mails and pushes with state, attempts and error, filtered through the URL', async () => {
    const asked = serve();
    renderUi(<ActivityPage />, { route: '/users/activity' });

    fireEvent.click(await screen.findByRole('tab', { name: 'Envios' }));
    const row = (await screen.findByText('gerente@empresa.com.br')).closest('tr')!;
    expect(screen.getByText('1 envio carregado')).toBeTruthy();
    expect(screen.queryByText('Gisele Prado')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await screen.findByText('Gisele Prado');
    expect(asked.at(-1)!.url).toContain(`before=${FAILED_ID}`);
    expect(screen.getByText('Todos os 2 envios')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    expect(within(row).getByText('E-mail')).toBeTruthy();
    expect(within(row).getByText('Prazo da demanda vence amanhã')).toBeTruthy();
    expect(within(row).getByText('Falhou')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy();
    const pushRow = screen.getByText('Gisele Prado').closest('tr')!;
    expect(within(pushRow).getByText('Push')).toBeTruthy();
    expect(within(pushRow).getByText('Enviado')).toBeTruthy();
    // Only the failed one can be resent.
    expect(within(pushRow).queryByRole('button', { name: /Reenviar/ })).toBeNull();
    // The log's export buttons belong to the tab "Atividade".
    expect(screen.queryByRole('button', { name: 'Exportar CSV' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Falharam' }));
    await waitFor(() => expect(screen.queryByText('Gisele Prado')).toBeNull());
    expect(asked.at(-1)!.url).toContain('/api/deliveries?estado=falhou');
    fireEvent.click(screen.getByRole('radio', { name: 'Pushes' }));
    await screen.findByText('Nenhum envio encontrado para estes filtros.');
    expect(asked.at(-1)!.url).toMatch(/estado=falhou.*tipo=push|tipo=push.*estado=falhou/);
  });

  it('opens on ?aba=envios with its filters and resends a failed e-mail', async () => {
    const asked = serve();
    renderUi(<ActivityPage />, { route: '/users/activity?aba=envios&estado=falhou' });

    await screen.findByText('gerente@empresa.com.br');
    expect(asked[0]!.url).toContain('estado=falhou');
    fireEvent.click(
      screen.getByRole('button', { name: 'Reenviar e-mail para gerente@empresa.com.br' }),
    );

    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith(
        'E-mail para gerente@empresa.com.br colocado de novo na fila.',
      ),
    );
    const post = asked.find((a) => a.method === 'POST')!;
    expect(post.url).toContain(`/api/deliveries/${FAILED_ID}/reenviar`);
    // The list is read again: the e-mail is back on the queue, no longer in "Falharam".
    await screen.findByText('Nenhum envio encontrado para estes filtros.');
    expect(asked.filter((a) => a.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the empty state and the error in Portuguese', async () => {
    fetchMock.mockImplementation(async (input) =>
      urlOf(input).includes('/api/deliveries')
        ? jsonResponse({ error: 'Serviço indisponível no momento.' }, 503)
        : jsonResponse({ items: [], nextBefore: null }),
    );
    const { unmount } = renderUi(<ActivityPage />, { route: '/users/activity?aba=envios' });
    await screen.findByText('Erro ao carregar');
    expect(screen.getByText('Serviço indisponível no momento.')).toBeTruthy();
    unmount();

    fetchMock.mockImplementation(async () => jsonResponse({ items: [], nextBefore: null }));
    renderUi(<ActivityPage />, { route: '/users/activity?aba=envios' });
    await screen.findByText('Nenhum e-mail ou push na fila ainda.');
  });
});
