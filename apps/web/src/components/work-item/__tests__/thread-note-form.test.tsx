import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { ThreadNoteForm } from '../thread-note-form.tsx';
import type { WorkItemRef } from '../work-item-ref.ts';

// "Anotar" of a history runs the domain's historyNoteBody through react-hook-form.

vi.mock('../../../lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const demand: WorkItemRef = {
  kind: 'murals',
  id: 5,
  muralId: 5,
  uploadPath: 'attachments/upload',
  noun: 'demanda',
  can: { message: true, upload: true, deleteAnyAttachment: false },
};

describe('ThreadNoteForm', () => {
  it("a blank note shows the domain's message and writes nothing; a note goes trimmed", async () => {
    const api = stubApi({ 'POST /api/eproto/murals/5/history': [] });
    const user = userEvent.setup();
    renderUi(<ThreadNoteForm item={demand} />);
    const box = screen.getByRole('textbox', { name: 'Anotação' });

    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Anotar' }));
    expect(await screen.findByText('Escreva a anotação.')).toBeTruthy();
    expect(api.bodies('POST', '/api/eproto/murals/5/history')).toEqual([]);

    await user.clear(box);
    await user.type(box, ' Cliente pediu visita na sexta. ');
    await user.click(screen.getByRole('button', { name: 'Anotar' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/eproto/murals/5/history')).toEqual([
        { texto: 'Cliente pediu visita na sexta.' },
      ]),
    );
    await waitFor(() => expect(box).toHaveProperty('value', ''));
  });
});
