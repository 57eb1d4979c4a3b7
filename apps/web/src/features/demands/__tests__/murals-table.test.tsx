import '../../../test/setup-dom.ts';

import { screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';

import { renderUi } from '../../../test/render.tsx';
import { muralSummary } from '../../../test/mural-summary.ts';
import { MuralsTable } from '../components/murals-table.tsx';

const murals = Array.from({ length: 25 }, (_, i) =>
  muralSummary({ id: i + 1, titulo: `Demanda número ${i + 1}` }),
);

describe('MuralsTable on a phone', () => {
  it('renders the first screen of cards with the list, the rest in a deferred render (issue 33)', async () => {
    // Cards on screen at each commit.
    const counts: number[] = [];
    renderUi(
      <Profiler
        id="list"
        onRender={() => counts.push(document.querySelectorAll('.mantine-Card-root').length)}
      >
        <MuralsTable murals={murals} sort="-updated_at" onSort={() => undefined} />
      </Profiler>,
    );
    expect(await screen.findByText('Demanda número 25')).toBeTruthy();
    expect(counts[0]).toBe(6);
    expect(counts.at(-1)).toBe(25);
  });
});
