import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { HISTORY_PAGE_SIZE } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import { ThreadHistory } from '../thread-history.tsx';
import type { WorkItemRef } from '../work-item-ref.ts';

vi.mock('../../../lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const demand: WorkItemRef = {
  kind: 'murals',
  id: 3,
  muralId: 3,
  uploadPath: 'attachments/upload',
  noun: 'demanda',
  can: { message: false, upload: false, deleteAnyAttachment: false },
};
const note = (id: number) => ({
  id,
  mural_id: 3,
  action: 'nota',
  author_id: 1,
  author_nome: 'Fernanda Lima',
  before: null,
  after: null,
  texto: `Anotação ${id}`,
  created_at: '2026-11-20T12:00:00.000Z',
});

describe('ThreadHistory', () => {
  it('loads older entries with "Carregar mais", from the last one shown', async () => {
    const asked: string[] = [];
    // Ids 200..151 on the first page, then 150..148: the last page is short.
    const first = Array.from({ length: HISTORY_PAGE_SIZE }, (_, i) => note(200 - i));
    fetchMock.mockImplementation(async (input) => {
      const url = urlOf(input);
      if (!url.includes('/history')) return jsonResponse([]);
      asked.push(url);
      return jsonResponse(url.includes('before=151') ? [note(150), note(149), note(148)] : first);
    });
    renderUi(<ThreadHistory item={demand} label={(a) => a} />, { client: testQueryClient() });

    await screen.findByText('Anotação 151');
    expect(screen.queryByText('Anotação 150')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));

    await screen.findByText('Anotação 148');
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain(`/api/eproto/murals/3/history?limit=${HISTORY_PAGE_SIZE}`);
    expect(asked[1]).toContain('before=151');
    // 53 entries, each once; a short page means nothing older is left.
    expect(screen.getAllByText(/^Anotação \d+$/)).toHaveLength(HISTORY_PAGE_SIZE + 3);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull());
  });
});
