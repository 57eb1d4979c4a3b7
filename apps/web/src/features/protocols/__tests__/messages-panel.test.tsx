import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { Protocol, UserRef } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import { MessagesPanel } from '../components/messages-panel.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const person = (id: number, nome: string): UserRef => ({
  id,
  nome,
  email: `${id}@x.y`,
  type: 'equipe',
  rawType: 'Equipe de Campo',
  avatar: null,
});
const task = { id: 7, mural_id: 3, permissions: { message: true } } as unknown as Protocol;

describe('MessagesPanel', () => {
  it('mentions with "@" as in a demand: the picked person goes with the message', async () => {
    const posted: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = urlOf(input);
      if (url.endsWith('/eproto/protocols/7/messages') && init?.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        return jsonResponse({ id: 1, protocol_id: 7, texto: 'x', mentions: [5] }, 201);
      }
      if (url.endsWith('/eproto/protocols/7/messages')) return jsonResponse([]);
      if (url.endsWith('/eproto/murals/3/mentionables')) {
        return jsonResponse([person(1, 'Eu Mesmo'), person(5, 'Ana Souza')]);
      }
      return jsonResponse({}, 404);
    });
    const client = testQueryClient();
    client.setQueryData(['session'], { id: 1, nome: 'Eu Mesmo' });
    renderUi(<MessagesPanel task={task} />, { client });

    const box = await screen.findByRole('textbox', { name: 'Mensagem' });
    const type = (value: string) =>
      fireEvent.change(box, { target: { value, selectionStart: value.length } });
    type('Olá @an');
    const option = await screen.findByRole('option', { name: /Ana Souza/ });
    expect(screen.queryByRole('option', { name: /Eu Mesmo/ })).toBeNull(); // not oneself
    fireEvent.mouseDown(option);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('Olá @Ana Souza '));
    type('Olá @Ana Souza pode revisar?');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ texto: 'Olá @Ana Souza pode revisar?', mentions: [5] });
  });
});
