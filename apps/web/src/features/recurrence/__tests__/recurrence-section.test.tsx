import '../../../test/setup-dom.ts';

import type { Recurrence } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import { RecurrenceSection } from '../components/recurrence-section.tsx';

const fetchMock = vi.fn<typeof fetch>();
const mural = {
  id: 9,
  titulo: 'Inspeção semanal',
  inicio_previsto: '2026-03-02',
  fim_previsto: '2026-03-02',
  permissions: { edit: true },
};

const series: Recurrence = {
  id: 5,
  mural_id: 9,
  titulo: 'Inspeção semanal',
  board_id: 1,
  board_nome: 'Hospital',
  frequencia: 'semanal',
  intervalo: 1,
  dias_semana: [1, 4],
  dia_mes: null,
  data_inicio: '2026-03-02',
  ate: null,
  ocorrencias: null,
  status: 'ativa',
  instances_count: 1,
  current_mural_id: 9,
  current_seq: 1,
  current_data: '2026-03-02',
  proxima_data: '2026-03-05',
  proximas_datas: ['2026-03-05', '2026-03-09'],
  mural_seq: 1,
  created_by: 1,
  created_by_nome: 'Fernanda',
  created_at: '2026-03-01T10:00:00.000Z',
  concluded_at: null,
  concluded_by: null,
  can_manage: true,
  can_advance: true,
};

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('recurrence section', () => {
  it('offers "Tornar recorrente" when the demand has no series (404)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Esta demanda não é recorrente.' }, 404));
    renderUi(<RecurrenceSection mural={mural} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tornar recorrente' }));
    expect(await screen.findByText('Toda semana: seg')).toBeTruthy();
    expect(screen.getByText('09/03/2026')).toBeTruthy();
  });

  it('shows nothing to someone who cannot edit a demand without a series', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'x' }, 404));
    const { container } = renderUi(
      <RecurrenceSection mural={{ ...mural, permissions: { edit: false } }} />,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('.mantine-Skeleton-root')).toBeNull());
    expect(screen.queryByText('Recorrência')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tornar recorrente' })).toBeNull();
  });

  it('shows the rule and next dates, and concludes and advances after confirming', async () => {
    fetchMock.mockImplementation((input, init) => {
      if (init?.method === 'POST') {
        return Promise.resolve(
          jsonResponse({
            concluded_mural_id: 9,
            next: null,
            series: { ...series, status: 'concluida' },
          }),
        );
      }
      return Promise.resolve(jsonResponse(series));
    });
    renderUi(<RecurrenceSection mural={mural} />);
    expect(await screen.findByText('Toda semana: seg e qui')).toBeTruthy();
    expect(screen.getByText('05/03/2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Concluir e avançar' }));
    const confirm = await screen.findAllByRole('button', { name: 'Concluir e avançar' });
    fireEvent.click(confirm.at(-1)!);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input, init]) =>
            init?.method === 'POST' &&
            urlOf(input).endsWith('/eproto/recurrence/v2/murals/9/conclude-and-advance'),
        ),
      ).toBe(true),
    );
  });
});
