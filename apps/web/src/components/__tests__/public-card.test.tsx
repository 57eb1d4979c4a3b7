import '../../test/setup-dom.ts';
import '../../test/stub-fonts.ts';

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../../lib/api-error.ts';
import { renderUi } from '../../test/render.tsx';
import { PublicCard, PublicFact } from '../public-card.tsx';

// The one card of the pages opened without sign-in (QR label, report/PMOC verification, a
// reported problem's state): loader, "not found" for an unknown code, else the answer.

const query = (over: Partial<Parameters<typeof PublicCard<{ tag: string }>>[0]['query']>) => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  ...over,
});

function card(q: ReturnType<typeof query>) {
  return (
    <PublicCard title="Equipamento" query={q} notFound="Etiqueta não encontrada." testId="answer">
      {(a) => <PublicFact label="Tag" value={a.tag} />}
    </PublicCard>
  );
}

describe('PublicCard', () => {
  it('says "not found" for a 404 or 400 and the message otherwise', () => {
    const notFound = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'x' });
    const { unmount } = renderUi(card(query({ isError: true, error: notFound })));
    expect(screen.getByRole('heading', { name: 'Equipamento' })).toBeTruthy();
    expect(screen.getByTestId('answer').textContent).toBe('Etiqueta não encontrada.');
    unmount();

    const offline = new ApiError({ status: 0, code: 'NETWORK', message: 'Sem conexão.' });
    renderUi(card(query({ isError: true, error: offline })));
    expect(screen.getByTestId('answer').textContent).toBe('Sem conexão.');
  });

  it('shows the answer through children, an empty value as a dash', () => {
    const { unmount } = renderUi(card(query({ data: { tag: 'SPL-0042' } })));
    expect(screen.getByText('SPL-0042')).toBeTruthy();
    expect(screen.queryByTestId('answer')).toBeNull();
    unmount();

    renderUi(card(query({ data: { tag: '' } })));
    expect(screen.getByText('—')).toBeTruthy();
  });
});
