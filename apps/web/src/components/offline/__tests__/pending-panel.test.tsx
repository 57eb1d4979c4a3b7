import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { OutboxItem } from '../../../lib/offline/outbox-types.ts';
import { renderUi } from '../../../test/render.tsx';
import { PendingPanel } from '../pending-panel.tsx';

const OS = 'OS-2026-000012';
let seq = 0;
function write(label: string, patch: Partial<OutboxItem> = {}): OutboxItem {
  seq += 1;
  return {
    key: `k${seq}`,
    seq,
    userId: 7,
    kind: 'os.step',
    label,
    meta: { osId: 12 },
    deviceTime: new Date().toISOString(),
    state: 'pending',
    attempts: 0,
    invalidate: [],
    method: 'POST',
    path: '/tatico/os/12/fotos',
    ...patch,
  };
}
const photo = (n: number, patch: Partial<OutboxItem> = {}) =>
  write(`Foto da ${OS} (${n} de 3)`, {
    group: { id: 'os:12:fotos', noun: ['foto', 'fotos'], of: OS },
    form: {
      fields: {},
      files: [{ field: 'file', name: 'f.jpg', blob: new Blob([new Uint8Array(1024)]) }],
    },
    ...patch,
  });

describe('PendingPanel', () => {
  it('shows the photos of one OS as one row, opened to see each with its own state', async () => {
    const items = [write(`Check-in na ${OS}`), photo(1, { state: 'sending' }), photo(2), photo(3)];
    renderUi(<PendingPanel items={items} opened onClose={() => undefined} />);

    expect(screen.getByText('Pendentes (4)')).toBeTruthy();
    expect(screen.getByText(/4 ações guardadas no aparelho/)).toBeTruthy();
    expect(screen.getAllByTestId('outbox-pending-item')).toHaveLength(1);
    const group = screen.getByTestId('outbox-pending-group');
    expect(within(group).getByText(`3 fotos · ${OS}`)).toBeTruthy();
    expect(group.textContent).toContain('3 arquivos, 3');
    expect(within(group).getByText('enviando 1 de 3')).toBeTruthy();

    await userEvent.click(within(group).getByRole('button', { name: /Mostrar 3/ }));
    // Opening renders the members on a later commit (Collapse keeps them in an Activity).
    await waitFor(() =>
      expect(within(group).getByRole('button', { name: /Ocultar/ })).toBeTruthy(),
    );
    const each = await within(group).findAllByTestId('outbox-group-item');
    expect(each.map((e) => e.getAttribute('data-state'))).toEqual([
      'sending',
      'pending',
      'pending',
    ]);
    expect(within(each[0]!).getByText(`Foto da ${OS} (1 de 3)`)).toBeTruthy();
    expect(within(each[0]!).getByRole('progressbar')).toBeTruthy();
    expect(within(each[2]!).getByText('aguardando conexão')).toBeTruthy();
  });

  it("refused writes stay one by one with the server's reason, even when they belong to a group", () => {
    const refusal = { status: 409, message: 'OS cancelada: não pode mais ser alterada.' };
    const items = [
      photo(1, { state: 'attention', refusal }),
      photo(2, { state: 'attention', refusal }),
      photo(3),
    ];
    renderUi(<PendingPanel items={items} opened onClose={() => undefined} />);
    const refused = screen.getAllByTestId('outbox-attention-item');
    expect(refused).toHaveLength(2);
    expect(refused[0]!.textContent).toContain(`Foto da ${OS} (1 de 3)`);
    expect(refused[1]!.textContent).toContain(refusal.message);
    // The one still waiting is alone in its group: shown as itself.
    expect(screen.queryByTestId('outbox-pending-group')).toBeNull();
    expect(screen.getByTestId('outbox-pending-item').textContent).toContain('(3 de 3)');
  });
});
