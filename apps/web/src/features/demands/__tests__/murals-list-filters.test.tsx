import '../../../test/setup-dom.ts';

import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../test/render.tsx';
import { MuralsListFilters } from '../components/murals-list-filters.tsx';
import { readListState } from '../utils/list-params.ts';

// How many times the pickers' chunk was asked for (the module is evaluated once per file).
const fields = vi.hoisted(() => ({ loads: 0 }));
vi.mock('../components/murals-filter-fields.tsx', async (actual) => {
  fields.loads += 1;
  return actual();
});

/** A 390 px phone: "(max-width: 62em)" matches, so the pickers fold under "Filtros". */
beforeEach(() => {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }) as unknown as MediaQueryList,
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderFilters(search: string) {
  const state = readListState(new URLSearchParams(search));
  renderUi(
    <MuralsListFilters
      state={state}
      search=""
      onSearch={() => undefined}
      onChange={() => undefined}
      onClear={() => undefined}
      boards={[]}
      contracts={[]}
      meId={8}
    />,
  );
}

/** Lets idle callbacks (a timeout in jsdom, which has no requestIdleCallback) and imports run. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

describe('MuralsListFilters on a phone (issue 33)', () => {
  // Test order matters: the chunk, once loaded, stays loaded for the rest of the file.
  it('asks for the folded pickers at the first tap on "Filtros", not when idle', async () => {
    renderFilters('');
    await settle();
    await settle();
    expect(fields.loads).toBe(0);
    expect(screen.queryByRole('combobox', { name: 'Ordenar por' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    expect(await screen.findByRole('combobox', { name: 'Ordenar por' })).toBeTruthy();
    expect(fields.loads).toBe(1);
  });

  it('mounts them when idle when the URL already sets one of them', async () => {
    renderFilters('etapa=concluido');
    expect(screen.queryByRole('combobox', { name: 'Ordenar por', hidden: true })).toBeNull();
    await settle();
    // Mounted folded (Collapse keeps them in the page, hidden), without a tap.
    expect(await screen.findByRole('combobox', { name: 'Ordenar por', hidden: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filtros' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });
});
