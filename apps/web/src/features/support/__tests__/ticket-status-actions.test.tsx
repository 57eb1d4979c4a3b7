import '../../../test/setup-dom.ts';

import type { TicketStatus } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import { TicketStatusActions } from '../components/ticket-status-actions.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

const labels = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('TicketStatusActions', () => {
  it.each<[TicketStatus, string[]]>([
    ['aberto', ['Iniciar atendimento', 'Marcar como resolvido']],
    ['em_atendimento', ['Marcar como resolvido', 'Voltar para aberto']],
    ['resolvido', ['Reabrir chamado']],
  ])('%s offers %j', (status, expected) => {
    renderUi(<TicketStatusActions id={7} status={status} />);
    expect(labels()).toEqual(expected);
  });

  it('sends the chosen status', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 7, status: 'em_atendimento' }));
    renderUi(<TicketStatusActions id={7} status="aberto" />);
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar atendimento' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(urlOf(input)).toBe('/api/support/tickets/7/status');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(init?.body as string)).toEqual({ status: 'em_atendimento' });
  });
});
