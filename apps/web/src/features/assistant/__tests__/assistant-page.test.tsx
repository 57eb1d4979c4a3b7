import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type {
  AssistantConversation,
  AssistantMessage,
  AssistantStatus,
  AssistantStreamEvent,
} from '@eproto/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import AssistantPage from '../pages/assistant-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

const STATUS: AssistantStatus = {
  mode: 'offline',
  model: null,
  examples: ['Quais demandas estão atrasadas?', 'O que tenho para hoje?'],
  offline_topics: ['Revisões pendentes'],
};
const CONVERSATION: AssistantConversation = {
  id: 7,
  titulo: 'Quais demandas estão atrasadas?',
  created_at: '2026-03-11T12:00:00.000Z',
  updated_at: '2026-03-11T12:00:00.000Z',
};
const msg = (over: Partial<AssistantMessage>): AssistantMessage => ({
  id: 1,
  conversation_id: 7,
  role: 'assistant',
  content: '',
  sources: [],
  action: null,
  status: 'ok',
  offline: true,
  created_at: '2026-03-11T12:00:00.000Z',
  ...over,
});

/** A streamed NDJSON answer whose lines the test pushes one at a time. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': 'application/x-ndjson' } }),
    push: (e: AssistantStreamEvent) => controller.enqueue(encoder.encode(`${JSON.stringify(e)}\n`)),
    close: () => controller.close(),
  };
}

function routes(extra: (url: string, init?: RequestInit) => Response | Promise<Response> | null) {
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    const handled = extra(url, init);
    if (handled) return Promise.resolve(handled);
    if (url === '/api/ai/status') return Promise.resolve(jsonResponse(STATUS));
    if (url === '/api/ai/conversations') return Promise.resolve(jsonResponse([]));
    return Promise.resolve(jsonResponse({ error: 'não esperado' }, 500));
  });
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('AssistantPage', () => {
  it('a new conversation shows offline mode and example questions; a chip asks it and the answer streams in', async () => {
    const stream = controlledStream();
    routes((url) => (url === '/api/ai/chat' ? stream.response : null));
    renderUi(<AssistantPage />, { route: '/ai/assistente' });

    expect(await screen.findByText('modo offline')).toBeTruthy();
    expect(screen.getByText('Modo offline')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Quais demandas estão atrasadas?' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/ai/chat', expect.anything()));
    const init = fetchMock.mock.calls.find(([u]) => urlOf(u) === '/api/ai/chat')![1]!;
    expect(JSON.parse(init.body as string)).toEqual({ content: 'Quais demandas estão atrasadas?' });
    expect((init.headers as Record<string, string>)['x-requested-with']).toBe('eproto');

    const question = msg({ id: 1, role: 'user', content: 'Quais demandas estão atrasadas?' });
    stream.push({ type: 'start', conversation: CONVERSATION, user_message: question });
    stream.push({ type: 'delta', text: '**2 demandas atrasadas:**\n' });
    // The first piece shows before the answer is complete, with the stop button.
    expect(await screen.findByText('2 demandas atrasadas:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Parar resposta' })).toBeTruthy();

    stream.push({ type: 'delta', text: '- [#5 Troca do quadro](/eproto/murals/5)' });
    const answer = msg({
      id: 2,
      content: '**2 demandas atrasadas:**\n- [#5 Troca do quadro](/eproto/murals/5)',
      sources: [{ kind: 'demanda', id: 5, label: '#5 Troca do quadro', href: '/eproto/murals/5' }],
    });
    stream.push({ type: 'done', conversation: CONVERSATION, message: answer });
    stream.close();

    const region = screen.getByRole('region', { name: 'Assistente' });
    await waitFor(() =>
      expect(within(region).getAllByRole('link', { name: /#5 Troca do quadro/ })).toHaveLength(2),
    );
    const [inText] = within(region).getAllByRole('link', { name: /#5 Troca do quadro/ });
    expect(inText!.getAttribute('href')).toBe('/eproto/murals/5');
    expect(within(region).getByText('Itens usados')).toBeTruthy();
    expect(
      within(region).getByText('Quais demandas estão atrasadas?', { selector: 'div' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Parar resposta' })).toBeNull();
  });

  it('a list still on its way when the first question is answered does not hide the new conversation', async () => {
    const stream = controlledStream();
    let answerList!: (r: Response) => void;
    let lateListRead = false;
    const lateList = new Promise<Response>((resolve) => (answerList = resolve)).then((r) => {
      lateListRead = true;
      return r;
    });
    routes((url) => {
      if (url === '/api/ai/chat') return stream.response;
      if (url === '/api/ai/conversations') return lateList; // fetched before the question
      return null;
    });
    renderUi(<AssistantPage />, { route: '/ai/assistente' });
    fireEvent.click(await screen.findByRole('button', { name: 'Quais demandas estão atrasadas?' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/ai/chat', expect.anything()));
    const question = msg({ id: 1, role: 'user', content: 'Quais demandas estão atrasadas?' });
    stream.push({ type: 'start', conversation: CONVERSATION, user_message: question });
    stream.push({
      type: 'done',
      conversation: CONVERSATION,
      message: msg({ id: 2, content: 'Nenhuma demanda atrasada.' }),
    });
    stream.close();
    expect(await screen.findByText('Nenhuma demanda atrasada.')).toBeTruthy();
    // the list asked for on opening the page comes back only now, from before the question
    answerList(jsonResponse([]));
    await waitFor(() => expect(lateListRead).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    const nav = screen.getByRole('navigation', { name: 'Conversas com o assistente' });
    expect(within(nav).getByText('Quais demandas estão atrasadas?')).toBeTruthy();
    expect(screen.queryByText('Nenhuma conversa ainda')).toBeNull();
  });

  it('a refused question (429) shows the Portuguese reason in the chat and gives the text back', async () => {
    const limit =
      'Você enviou muitas perguntas em pouco tempo (limite de 20 por minuto). Aguarde um minuto e tente novamente.';
    routes((url) =>
      url === '/api/ai/chat' ? jsonResponse({ error: limit, code: 'RATE_LIMITED' }, 429) : null,
    );
    renderUi(<AssistantPage />, { route: '/ai/assistente' });
    const box = await screen.findByRole('textbox', { name: 'Pergunta ao assistente' });
    fireEvent.change(box, { target: { value: 'o que tenho para hoje?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe(limit);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('o que tenho para hoje?'));
  });

  it('renders model text safely and runs a proposed action only on Confirmar', async () => {
    const proposal = msg({
      id: 3,
      offline: false,
      content: 'Veja <img src=x onerror=alert(1)> e [isto](javascript:alert(1)).',
      action: {
        tool: 'criar_tarefa',
        resumo: 'Criar a tarefa "Trocar disjuntor" na demanda #5.',
        detalhes: [{ label: 'Tarefa', value: 'Trocar disjuntor' }],
        status: 'pendente',
        resultado: null,
      },
    });
    const decided = { ...proposal, action: { ...proposal.action!, status: 'confirmada' as const } };
    const result = msg({
      id: 4,
      content: 'Tarefa [#9 Trocar disjuntor](/eproto/protocols/9) criada.',
    });
    let stored = [proposal];
    routes((url, init) => {
      if (url === '/api/ai/conversations/7') {
        return jsonResponse({ conversation: CONVERSATION, messages: stored });
      }
      if (url === '/api/ai/messages/3/action') {
        expect(JSON.parse(init!.body as string)).toEqual({ decision: 'confirmar' });
        stored = [decided, result];
        return jsonResponse({ message: decided, result });
      }
      return null;
    });
    const { container } = renderUi(<AssistantPage />, { route: '/ai/assistente?c=7' });
    expect(await screen.findByText(/Veja <img src=x onerror=alert\(1\)> e isto/)).toBeTruthy();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    expect(screen.getByText('Aguardando confirmação')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => urlOf(u).includes('/action'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Confirmada')).toBeTruthy();
    const link = await screen.findByRole('link', { name: '#9 Trocar disjuntor' });
    expect(link.getAttribute('href')).toBe('/eproto/protocols/9');
  });
});
