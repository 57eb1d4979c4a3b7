import '../../../test/setup-dom.ts';

import type { GanttTask, TeamBaselineDetail } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderUi, urlOf } from '../../../test/render.tsx';
import { TeamBaselineControls, TeamBaselineDemands } from '../components/team-baseline.tsx';
import { groupedRows, withTeamBaseline } from '../gantt/gantt-rows.ts';

const task = (id: number, muralId: number, muralTitulo: string, start: string, end: string) =>
  ({
    id,
    mural_id: muralId,
    mural_titulo: muralTitulo,
    titulo: `Tarefa ${id}`,
    stage: 'a_fazer',
    prioridade: 'media',
    responsavel_id: 5,
    responsavel_nome: 'Edu Técnico',
    responsavel_avatar: null,
    start,
    end,
    inicio_previsto: start,
    fim_previsto: end,
    inicio_real: null,
    fim_real: null,
    atrasada: false,
    critical: false,
    editable: true,
    links: { web: `/eproto/protocols/${id}`, api: '' },
  }) as GanttTask;

const baseline: TeamBaselineDetail = {
  id: 9,
  coordenador_id: 3,
  nome: 'Plano de fevereiro',
  created_at: '2027-01-29T12:00:00.000Z',
  created_by_nome: 'Carla Coordenadora',
  tarefas: 2,
  demandas: 2,
  tasks: [
    {
      protocol_id: 1,
      mural_id: 10,
      titulo: 'Tarefa 1',
      dias_uteis: true,
      inicio_base: '2027-02-01',
      fim_base: '2027-02-05',
      inicio_atual: '2027-02-01',
      fim_atual: '2027-02-10',
      variacao_inicio: 0,
      variacao_fim: 1,
    },
    {
      protocol_id: 2,
      mural_id: 20,
      titulo: 'Tarefa 2',
      dias_uteis: false,
      inicio_base: '2027-03-01',
      fim_base: '2027-03-05',
      inicio_atual: '2027-03-01',
      fim_atual: '2027-03-03',
      variacao_inicio: 0,
      variacao_fim: -2,
    },
  ],
  por_demanda: [
    {
      mural_id: 10,
      titulo: 'Obra',
      dias_uteis: true,
      fim_base: '2027-02-12',
      fim_atual: '2027-02-18',
      variacao: 4,
    },
    {
      mural_id: 20,
      titulo: 'Pintura',
      dias_uteis: false,
      fim_base: '2027-03-05',
      fim_atual: '2027-03-03',
      variacao: -2,
    },
  ],
};

const tasks = [
  task(1, 10, 'Obra', '2027-02-01', '2027-02-10'),
  task(2, 20, 'Pintura', '2027-03-01', '2027-03-03'),
];

afterEach(() => vi.unstubAllGlobals());

describe('team Gantt baseline', () => {
  it('puts each saved task under its bar and each demand variance on its group row', () => {
    const byDemand = withTeamBaseline(groupedRows(tasks, 'demanda'), baseline);
    const row = (id: number | string) => byDemand.find((r) => r.id === id)!;
    expect(row(1).baseline).toMatchObject({ fim_base: '2027-02-05', dias_uteis: true });
    expect(row(2).baseline).toMatchObject({ variacao_fim: -2, dias_uteis: false });
    expect(row('grupo-d:10').groupVariance).toBe(4);
    expect(row('grupo-d:20').groupVariance).toBe(-2);
    // Grouped by person, the group row is a person's: no demand variance on it.
    const byPerson = withTeamBaseline(groupedRows(tasks, 'pessoa'), baseline);
    expect(byPerson.find((r) => r.kind === 'group')?.groupVariance).toBeUndefined();
    expect(withTeamBaseline(groupedRows(tasks, 'demanda'), undefined)[1]?.baseline).toBeUndefined();
  });

  it("says each demand's finish against the baseline, in its own kind of days", () => {
    renderUi(<TeamBaselineDemands baseline={baseline} />);
    expect(
      screen.getByText(/Linha de base "Plano de fevereiro": 2 demandas, 1 com atraso\./),
    ).toBeTruthy();
    expect(screen.getByTestId('variacao-demanda-10').textContent).toBe(
      'Obra: término 4 dias úteis de atraso (previsto 12/02/2027, agora 18/02/2027)',
    );
    expect(screen.getByTestId('variacao-demanda-20').textContent).toBe(
      'Pintura: término 2 dias adiantada (previsto 05/03/2027, agora 03/03/2027)',
    );
  });

  it("saves the team's plan under the typed name (the domain's rules) and shows it", async () => {
    const calls: Array<{ method: string; url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = urlOf(input);
        const method = init?.method ?? 'GET';
        calls.push({
          method,
          url,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
        });
        if (method === 'POST') {
          return Promise.resolve(jsonResponse({ ...baseline, id: 11, nome: 'Plano B' }, 201));
        }
        return Promise.resolve(jsonResponse([]));
      }),
    );
    const onSelect = vi.fn();
    renderUi(<TeamBaselineControls coordenadorId={3} selected={null} onSelect={onSelect} />);
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/eproto/team/baselines?coordenador_id=3'))).toBe(
        true,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Salvar linha de base' }));
    const name = await screen.findByRole('textbox', { name: /Nome/ });
    // The domain's baselineCreateBody: blank, or past 80 characters (pasted), sends nothing.
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe o nome da linha de base.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'P'.repeat(81) } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('O nome da linha de base: máximo de 80 caracteres.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(name, { target: { value: '  Plano B ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(11));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: expect.stringContaining('/eproto/team/baselines'),
      body: { coordenador_id: 3, nome: 'Plano B' },
    });
  });
});
