import '../../../test/setup-dom.ts';

import type { MuralSummary, Stage } from '@eproto/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../test/render.tsx';
import { muralSummary } from '../../../test/mural-summary.ts';
import { KanbanBoard } from '../components/kanban-board.tsx';
import { KanbanFiltersBar } from '../components/kanban-filters-bar.tsx';
import { EMPTY_FILTERS } from '../utils/kanban-filters.ts';

// A 390 px phone from before the modules run (kanban-filters-bar.tsx reads it as it loads):
// every "(max-width: …)" query matches.
vi.hoisted(() => {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }) as unknown as MediaQueryList,
  });
});

// How many times the pickers' chunk was asked for (the module is evaluated once per file).
const fields = vi.hoisted(() => ({ loads: 0 }));
vi.mock('../components/kanban-filter-fields.tsx', async (actual) => {
  fields.loads += 1;
  return actual();
});

const column = (stage: Stage, n: number): MuralSummary[] =>
  Array.from({ length: n }, (_, i) => muralSummary({ id: i + 1, stage }));

describe('the kanban on a phone (issue 33)', () => {
  it('renders one column from the first commit, and reads no layout while committing', () => {
    const columns = {
      a_fazer: column('a_fazer', 3),
      em_andamento: column('em_andamento', 2),
      em_revisao: [],
      concluido: [],
    };
    const shown: number[] = [];
    // Layout reads while the board commits: each forced a layout of the whole page before its
    // first paint (the column's size, the board's top). The ResizeObserver reports them after.
    const rects = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    const heights = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get');
    renderUi(
      <Profiler
        id="board"
        onRender={() => shown.push(document.querySelectorAll('section[data-stage]').length)}
      >
        <KanbanBoard columns={columns} counts={undefined} onMove={() => undefined} />
      </Profiler>,
    );
    expect(rects).not.toHaveBeenCalled();
    expect(heights).not.toHaveBeenCalled();
    rects.mockRestore();
    heights.mockRestore();
    expect(shown[0]).toBe(1);
    expect(shown.at(-1)).toBe(1);
    expect(screen.getByRole('tablist', { name: 'Etapa exibida' })).toBeTruthy();
  });

  it('asks for the folded pickers at the first tap on "Filtros", and renders none before', async () => {
    renderUi(
      <KanbanFiltersBar
        value={EMPTY_FILTERS}
        onChange={() => undefined}
        people={[{ id: 3, nome: 'Ana Souza' }]}
        contracts={[]}
      />,
    );
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(fields.loads).toBe(0);
    expect(screen.queryByRole('combobox', { name: 'Responsável', hidden: true })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    expect(await screen.findByRole('combobox', { name: 'Responsável' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Prazo', hidden: true })).toBeTruthy();
    expect(fields.loads).toBe(1);
  });
});
