import '../../../test/setup-dom.ts';

import { CHANGES_HEADER, RT_EVENTS, type ReviewItem } from '@eproto/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { applyChange } from '../../../lib/changes/change-effects.ts';
import { onLocalChanges } from '../../../lib/changes/local-changes.ts';
import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import { REVIEW_COUNT_KEY } from '../api/get-review-count.ts';
import ReviewsPage from '../pages/reviews-page.tsx';

// jsdom has no document.fonts; Mantine's autosize Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

const item = (id: number, titulo: string): ReviewItem => ({
  id,
  protocol_id: id,
  titulo,
  prioridade: 'media',
  mural_id: 10,
  mural_titulo: 'Troca de disjuntores',
  contract_id: 1,
  contract_nome: 'Hospital São Lucas',
  responsavel: null,
  inicio_previsto: '2026-03-02',
  fim_previsto: '2026-03-06',
  since: '2026-03-06T12:00:00.000Z',
});

function serve(approve: () => Promise<Response>) {
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (url.includes('/eproto/contracts/access')) {
      return Promise.resolve(jsonResponse({ all: true, contracts: [] }));
    }
    if (url.includes('/approve') && init?.method === 'PATCH') return approve();
    if (url.includes('/eproto/reviews')) {
      const res = jsonResponse([item(1, 'Laudo elétrico'), item(2, 'Vistoria final')]);
      res.headers.set('x-total-count', '2');
      return Promise.resolve(res);
    }
    return Promise.resolve(jsonResponse({}));
  });
}

describe('ReviewsPage', () => {
  it('drops the menu badge and the item the moment Aprovar is clicked', async () => {
    let answer: (r: Response) => void = () => undefined;
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const client = testQueryClient();
    client.setQueryData(REVIEW_COUNT_KEY, 5);
    // The app applies a write's X-Changes through the change map (app/realtime).
    const stop = onLocalChanges((changes) => changes.forEach((c) => applyChange(client, c)));
    renderUi(<ReviewsPage />, { client });
    const button = await screen.findByRole('button', { name: 'Aprovar Laudo elétrico' });
    fireEvent.click(button);
    await waitFor(() => expect(client.getQueryData(REVIEW_COUNT_KEY)).toBe(4));
    expect(screen.queryByRole('button', { name: 'Aprovar Laudo elétrico' })).toBeNull();
    const approved = jsonResponse({ id: 1, titulo: 'Laudo elétrico' });
    approved.headers.set(
      CHANGES_HEADER,
      JSON.stringify([{ type: RT_EVENTS.reviewsChanged, data: { mural_id: 10 } }]),
    );
    answer(approved);
    // After the answer its X-Changes read the queue again (the badge and list follow the server).
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([u]) => urlOf(u).includes('/eproto/reviews?')).length,
      ).toBeGreaterThan(1),
    );
    stop();
  });

  it('puts the badge and the item back when the approval fails', async () => {
    serve(() =>
      Promise.resolve(
        jsonResponse({ error: 'Esta tarefa não está aguardando revisão.', code: 'CONFLICT' }, 409),
      ),
    );
    const client = testQueryClient();
    client.setQueryData(REVIEW_COUNT_KEY, 5);
    renderUi(<ReviewsPage />, { client });
    fireEvent.click(await screen.findByRole('button', { name: 'Aprovar Vistoria final' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => urlOf(u).includes('/approve'))).toBe(true),
    );
    await waitFor(() => expect(client.getQueryData(REVIEW_COUNT_KEY)).toBe(5));
    expect(await screen.findByRole('button', { name: 'Aprovar Vistoria final' })).toBeTruthy();
  });

  it('asks for a reason before rejecting', async () => {
    serve(() => Promise.resolve(jsonResponse({})));
    renderUi(<ReviewsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rejeitar Laudo elétrico' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    expect(await screen.findByText(/Informe o motivo da rejeição/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => urlOf(u).includes('/reject'))).toBe(false);
  });

  it('says so when nothing waits for review', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).includes('/contracts/access')
          ? jsonResponse({ all: true, contracts: [] })
          : jsonResponse([]),
      ),
    );
    renderUi(<ReviewsPage />);
    expect(await screen.findByText('Nenhuma revisão pendente')).toBeTruthy();
  });
});
