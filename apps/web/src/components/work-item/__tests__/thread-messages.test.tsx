import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { UserRef } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import { ThreadMessages } from '../thread-messages.tsx';
import type { WorkItemRef } from '../work-item-ref.ts';

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
const task: WorkItemRef = {
  kind: 'protocols',
  id: 7,
  muralId: 3,
  uploadPath: 'attachments',
  noun: 'tarefa',
  can: { message: true, upload: true, deleteAnyAttachment: false },
};

describe('ThreadMessages', () => {
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
    renderUi(<ThreadMessages item={task} />, { client });

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

describe('ThreadMessages of a service order (kind outside demands)', () => {
  it('reads and posts under /tatico/os/{id} and mentions the OS’s own people', async () => {
    const os: WorkItemRef = { ...task, kind: 'service-orders', id: 12, muralId: null, noun: 'OS' };
    const posted: unknown[] = [];
    const asked: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = urlOf(input);
      asked.push(url);
      if (url.endsWith('/api/tatico/os/12/messages') && init?.method === 'POST') {
        posted.push(JSON.parse(init.body as string));
        return jsonResponse(
          { id: 1, service_order_id: 12, texto: 'x', mentions: [5], not_notified: [] },
          201,
        );
      }
      if (url.endsWith('/api/tatico/os/12/messages')) return jsonResponse([]);
      if (url.endsWith('/api/tatico/os/12/mentionables')) {
        return jsonResponse([person(1, 'Eu Mesmo'), person(5, 'Rita Coordenadora')]);
      }
      return jsonResponse({}, 404);
    });
    const client = testQueryClient();
    client.setQueryData(['session'], { id: 1, nome: 'Eu Mesmo' });
    renderUi(<ThreadMessages item={os} />, { client });

    const box = await screen.findByRole('textbox', { name: 'Mensagem' });
    const type = (value: string) =>
      fireEvent.change(box, { target: { value, selectionStart: value.length } });
    type('@ri');
    fireEvent.mouseDown(await screen.findByRole('option', { name: /Rita Coordenadora/ }));
    type('@Rita Coordenadora sem gás');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ texto: '@Rita Coordenadora sem gás', mentions: [5] });
    expect(asked.some((u) => u.includes('/eproto/'))).toBe(false);
  });
});

describe('ThreadMessages: people written with "@" who do not see the item', () => {
  const demand: WorkItemRef = { ...task, kind: 'murals', id: 5, muralId: 5, noun: 'demanda' };
  const carlos = person(9, 'Carlos Mendes');

  function serve(canAdd: boolean, calls: { url: string; body: unknown }[]) {
    fetchMock.mockImplementation(async (input, init) => {
      const url = urlOf(input);
      if (init?.method === 'POST') calls.push({ url, body: JSON.parse(init.body as string) });
      if (url.endsWith('/eproto/murals/5/messages') && init?.method === 'POST') {
        return jsonResponse(
          {
            id: 11,
            mural_id: 5,
            texto: '@Carlos pode ajudar?',
            author_id: 1,
            author_nome: 'Eu Mesmo',
            author_avatar: null,
            mentions: [],
            created_at: '2026-11-26T10:00:00.000Z',
            not_notified: [carlos],
            can_add_participants: canAdd,
          },
          201,
        );
      }
      if (url.endsWith('/eproto/murals/5/messages/11/mentions')) {
        return jsonResponse({ id: 11, mural_id: 5, mentions: [9] });
      }
      if (url.endsWith('/eproto/murals/5/messages')) return jsonResponse([]);
      if (url.endsWith('/eproto/murals/5/mentionables')) return jsonResponse([person(1, 'Eu')]);
      return jsonResponse({}, 404);
    });
  }

  async function send() {
    const client = testQueryClient();
    client.setQueryData(['session'], { id: 1, nome: 'Eu Mesmo' });
    renderUi(<ThreadMessages item={demand} />, { client });
    const box = await screen.findByRole('textbox', { name: 'Mensagem' });
    fireEvent.change(box, { target: { value: '@Carlos pode ajudar?', selectionStart: 20 } });
    fireEvent.keyDown(box, { key: 'Enter' });
  }

  it('says who was not notified and adds them as participant, notifying them, on request', async () => {
    const calls: { url: string; body: unknown }[] = [];
    serve(true, calls);
    await send();
    expect(await screen.findByText('Carlos Mendes não foi avisado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar Carlos Mendes e avisar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/messages/11/mentions'))?.body).toEqual({
        user_id: 9,
      }),
    );
    await waitFor(() => expect(screen.queryByText('Carlos Mendes não foi avisado')).toBeNull());
  });

  it('only says so when the author may not add participants', async () => {
    serve(false, []);
    await send();
    expect(await screen.findByText('Carlos Mendes não foi avisado')).toBeTruthy();
    expect(screen.getByText(/Peça a quem gerencia os participantes/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Adicionar Carlos/ })).toBeNull();
  });
});
