import '../../../test/setup-dom.ts';

import type { GanttMuralResponse, GanttTask } from '@eproto/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import { planningKeys } from '../api/keys.ts';
import { GanttBoard } from '../components/gantt-board.tsx';
import MuralGanttTab from '../components/mural-gantt-tab.tsx';
import type { GanttChartProps } from '../gantt/gantt-chart.tsx';
import { toIsoDate, toLocalDate } from '../gantt/gantt-dates.ts';
import { flatRows } from '../gantt/gantt-rows.ts';

// SVAR does not render in jsdom; the stand-in shows the axis and the bars the board asks for.
vi.mock('../gantt/gantt-chart.tsx', () => ({
  default: (p: GanttChartProps) => (
    <div
      data-testid="chart"
      data-start={p.start ? toIsoDate(p.start) : ''}
      data-end={p.end ? toIsoDate(p.end) : ''}
      data-bars={p.rows.map((r) => r.task?.start).join(',')}
    />
  ),
}));

const task = (id: number, day: string): GanttTask => ({
  id,
  mural_id: 7,
  mural_titulo: 'Troca de luminárias',
  titulo: `Poste ${id}`,
  stage: 'a_fazer',
  prioridade: 'media',
  responsavel_id: null,
  responsavel_nome: null,
  responsavel_avatar: null,
  start: day,
  end: day,
  inicio_previsto: day,
  fim_previsto: day,
  inicio_real: null,
  fim_real: null,
  atrasada: false,
  critical: true,
  editable: true,
  links: { web: `/eproto/protocols/${id}`, api: '' },
  mural_version: '2026-03-01T12:00:00.000Z',
});

// The first render loads the lazy chart module: slow on a busy machine.
const chart = async () => (await screen.findByTestId('chart', {}, { timeout: 10_000 })).dataset;
const until = (check: () => Promise<void>) => waitFor(check, { timeout: 10_000 });

const held = (tasks: GanttTask[]): GanttMuralResponse =>
  ({
    mural: { id: 7, titulo: 'Troca de luminárias' },
    tasks,
    links: [],
    critical_days: 1,
    sem_datas: 0,
  }) as unknown as GanttMuralResponse;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = urlOf(input);
      if (url.includes('/baselines')) return Promise.resolve(jsonResponse([]));
      if (url.includes('/dias-nao-uteis')) {
        return Promise.resolve(jsonResponse({ local: 'Brasil', dias: [] }));
      }
      return Promise.resolve(jsonResponse(held([task(1, '2026-03-10')])));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("a demand's Gantt keeps its axis while its bars move", () => {
  it('a bar moved later moves on the axis: the first day stays, a day before the first bar', async () => {
    const { client } = renderUi(
      <MuralGanttTab muralId={7} contratoId={null} diasUteis={false} canEdit canPlan />,
    );
    await until(async () => expect((await chart()).bars).toBe('2026-03-10'));
    expect((await chart()).start).toBe('2026-03-09');
    // The tab's cache patched from /changes (or read again): the one bar now starts on the 13th.
    const moved = held([task(1, '2026-03-13')]);
    await act(async () => {
      client.setQueryData(planningKeys.muralGantt(7), moved);
    });
    await until(async () => expect((await chart()).bars).toBe('2026-03-13'));
    expect((await chart()).start).toBe('2026-03-09');
    // The end is left to the chart: it follows the bars.
    expect((await chart()).end).toBe('');
  });

  it('a bar moved before the first day widens the axis to it', async () => {
    const { client } = renderUi(
      <MuralGanttTab muralId={7} contratoId={null} diasUteis={false} canEdit canPlan />,
    );
    await until(async () => expect((await chart()).start).toBe('2026-03-09'));
    const earlier = held([task(1, '2026-03-04'), task(2, '2026-03-12')]);
    await act(async () => {
      client.setQueryData(planningKeys.muralGantt(7), earlier);
    });
    await until(async () => expect((await chart()).start).toBe('2026-03-03'));
  });

  it('the margin before the first bar is one cell of the zoom', async () => {
    const rows = flatRows([task(1, '2026-03-10')]);
    const { rerender } = renderUi(
      <GanttBoard rows={rows} arrows={[]} zoom="semana" height="300px" />,
    );
    expect((await chart()).start).toBe('2026-03-03');
    rerender(<GanttBoard rows={rows} arrows={[]} zoom="mes" height="300px" />);
    await until(async () => expect((await chart()).start).toBe('2026-02-10'));
  });

  it('a period given (the team timeline) is the axis as it is', async () => {
    const rows = flatRows([task(1, '2026-03-10')]);
    const start = toLocalDate('2026-03-01');
    const end = toLocalDate('2026-03-28');
    renderUi(
      <GanttBoard rows={rows} arrows={[]} zoom="dia" start={start} end={end} height="300px" />,
    );
    expect((await chart()).start).toBe('2026-03-01');
    expect((await chart()).end).toBe('2026-03-28');
  });
});
