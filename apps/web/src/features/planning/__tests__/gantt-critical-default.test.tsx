import '../../../test/setup-dom.ts';

import type { GanttMuralResponse, GanttTask } from '@eproto/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import { GanttBoard } from '../components/gantt-board.tsx';
import MuralGanttTab from '../components/mural-gantt-tab.tsx';
import type { GanttChartProps } from '../gantt/gantt-chart.tsx';
import { flatRows } from '../gantt/gantt-rows.ts';

// SVAR does not render in jsdom; the stand-in shows what the board asks the chart to paint.
vi.mock('../gantt/gantt-chart.tsx', () => ({
  default: (p: GanttChartProps) => (
    <div data-testid="chart" data-critical={String(p.showCritical)} />
  ),
}));

const task: GanttTask = {
  id: 1,
  mural_id: 7,
  mural_titulo: 'Demanda A',
  titulo: 'Vistoria',
  stage: 'a_fazer',
  prioridade: 'media',
  responsavel_id: null,
  responsavel_nome: null,
  responsavel_avatar: null,
  start: '2026-03-02',
  end: '2026-03-04',
  inicio_previsto: '2026-03-02',
  fim_previsto: '2026-03-04',
  inicio_real: null,
  fim_real: null,
  atrasada: false,
  critical: true,
  editable: true,
  links: { web: '/eproto/protocols/1', api: '' },
  mural_version: '2026-03-01T12:00:00.000Z',
};

const critical = () =>
  screen.getByRole<HTMLInputElement>('switch', { name: 'Caminho crítico' }).checked;
const painted = async () => (await screen.findByTestId('chart')).dataset.critical;

afterEach(() => vi.unstubAllGlobals());

describe('"Caminho crítico" default', () => {
  it('starts off on the team timeline (/eproto/gantt) and can be switched on', async () => {
    // the board asks the days off of its period (a failed fetch would leave the app offline)
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ local: 'Brasil', dias: [] }))),
    );
    renderUi(<GanttBoard rows={flatRows([task])} arrows={[]} zoom="dia" height="300px" />);
    expect(critical()).toBe(false);
    expect(await painted()).toBe('false');
    fireEvent.click(screen.getByRole('switch', { name: 'Caminho crítico' }));
    expect(critical()).toBe(true);
    expect(await painted()).toBe('true');
  });

  it("starts on in a demand's Gantt tab", async () => {
    const body: GanttMuralResponse = {
      tasks: [task],
      links: [],
      critical_days: 3,
      sem_datas: 0,
    } as unknown as GanttMuralResponse;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        return Promise.resolve(jsonResponse(urlOf(input).includes('/baselines') ? [] : body));
      }),
    );
    renderUi(<MuralGanttTab muralId={7} contratoId={null} diasUteis={false} canEdit canPlan />);
    expect(await painted()).toBe('true');
    expect(critical()).toBe(true);
  });
});
