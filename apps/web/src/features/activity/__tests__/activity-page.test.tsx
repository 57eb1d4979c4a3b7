import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { ACTIVITY_PAGE_SIZE, type ActivityEntry } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import ActivityPage from '../pages/activity-page.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const entry = (id: number): ActivityEntry => ({
  id,
  createdAt: '2026-11-20T12:00:00.000Z',
  userId: 7,
  userNome: `Pessoa ${id}`,
  email: `p${id}@empresa.com.br`,
  action: 'login',
  label: 'Login',
  objectType: null,
  objectId: null,
  objectName: null,
  ip: '10.0.0.1',
});

/** Answers /activity with `answer(url)` and the user filter's search with nobody. */
function serve(answer: (url: string) => Response | Promise<Response>) {
  const asked: string[] = [];
  fetchMock.mockImplementation(async (input) => {
    const url = urlOf(input);
    if (!url.includes('/api/activity')) return jsonResponse({ items: [], total: 0 });
    asked.push(url);
    return answer(url);
  });
  return asked;
}

// Ids 300..251 on the first page (next: before=251), then 250..248, the last page.
const firstPage = {
  items: Array.from({ length: ACTIVITY_PAGE_SIZE }, (_, i) => entry(300 - i)),
  nextBefore: 251,
};
const lastPage = { items: [entry(250), entry(249), entry(248)], nextBefore: null };

describe('ActivityPage', () => {
  it('loads older entries with "Carregar mais" from the cursor the server gave', async () => {
    const asked = serve((url) => jsonResponse(url.includes('before=251') ? lastPage : firstPage));
    renderUi(<ActivityPage />);

    await screen.findByText('Pessoa 251');
    expect(screen.getByText('50 registros carregados')).toBeTruthy();
    expect(screen.queryByText('Pessoa 250')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));

    await screen.findByText('Pessoa 248');
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain(`/api/activity?limit=${ACTIVITY_PAGE_SIZE}`);
    expect(asked[0]).not.toContain('before=');
    expect(asked[1]).toContain('before=251');
    expect(screen.getAllByText(/^Pessoa \d+$/)).toHaveLength(ACTIVITY_PAGE_SIZE + 3);
    expect(screen.getByText('Todos os 53 registros')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    // No page numbers any more.
    expect(screen.queryByRole('button', { name: '2' })).toBeNull();
  });

  it('keeps the rows shown when "Carregar mais" fails, and retries', async () => {
    let fail = true;
    serve((url) => {
      if (!url.includes('before=')) return jsonResponse(firstPage);
      return fail
        ? jsonResponse({ error: 'Serviço indisponível no momento.' }, 503)
        : jsonResponse(lastPage);
    });
    renderUi(<ActivityPage />);
    await screen.findByText('Pessoa 251');
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));

    await screen.findByText('Não foi possível carregar mais');
    expect(screen.getByText('Pessoa 300')).toBeTruthy();
    expect(screen.queryByText('Erro ao carregar')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByText('Pessoa 248');
    await waitFor(() => expect(screen.queryByText('Não foi possível carregar mais')).toBeNull());
  });

  it('shows the empty state and the error of the first page in Portuguese', async () => {
    serve(() => jsonResponse({ items: [], nextBefore: null }));
    const { unmount } = renderUi(<ActivityPage />);
    await screen.findByText('Nenhuma atividade encontrada para estes filtros.');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    unmount();

    serve(() => jsonResponse({ error: 'Serviço indisponível no momento.' }, 503));
    renderUi(<ActivityPage />);
    await screen.findByText('Erro ao carregar');
    expect(screen.getByText('Serviço indisponível no momento.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});
