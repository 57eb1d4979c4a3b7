import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import { ThreadAttachments } from '../thread-attachments.tsx';
import type { WorkItemRef } from '../work-item-ref.ts';

vi.mock('../../../lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const task: WorkItemRef = {
  kind: 'protocols',
  id: 7,
  muralId: 3,
  uploadPath: 'attachments',
  noun: 'tarefa',
  can: { message: true, upload: true, deleteAnyAttachment: false },
};
const file = (id: number, uploadedBy: number, name: string) => ({
  id,
  protocol_id: 7,
  display_name: name,
  file_name: `${name}.pdf`,
  mime_type: 'application/pdf',
  size: 2048,
  uploaded_by: uploadedBy,
  uploaded_by_nome: 'Alguém',
  created_at: '2026-11-26T10:00:00.000Z',
  download_url: `/api/eproto/protocols/7/attachments/${id}/download`,
});

describe('ThreadAttachments of a task', () => {
  it('deletes one’s own file with a required reason, like a demand’s', async () => {
    const deleted: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = urlOf(input);
      if (init?.method === 'DELETE') {
        deleted.push({ url, body: JSON.parse(init.body as string) });
        return jsonResponse({ ok: true });
      }
      if (url.endsWith('/eproto/protocols/7/attachments')) {
        return jsonResponse([file(3, 1, 'Laudo'), file(4, 2, 'Foto de outro')]);
      }
      return jsonResponse([]);
    });
    const client = testQueryClient();
    client.setQueryData(['session'], { id: 1, nome: 'Eu Mesmo' });
    renderUi(<ThreadAttachments item={task} />, { client });

    await screen.findByRole('link', { name: 'Laudo' });
    // only one's own upload can be deleted without deleteAnyAttachment
    expect(screen.queryByRole('button', { name: 'Excluir Foto de outro' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Laudo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir anexo' });
    expect(within(dialog).getByText(/histórico da tarefa/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir anexo' }));
    expect(await within(dialog).findByText(/Informe o motivo/)).toBeTruthy();
    expect(deleted).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo da exclusão/ }), {
      target: { value: 'Arquivo errado' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir anexo' }));
    await waitFor(() =>
      expect(deleted).toEqual([
        { url: '/api/eproto/protocols/7/attachments/3', body: { reason: 'Arquivo errado' } },
      ]),
    );
  });
});
