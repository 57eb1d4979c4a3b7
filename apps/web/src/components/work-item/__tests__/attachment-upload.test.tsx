import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../test/render.tsx';
import { AttachmentUpload } from '../attachment-upload.tsx';
import type { WorkItemRef } from '../work-item-ref.ts';

// The upload's "Nome de exibição" runs the domain's attachmentUploadFields through
// react-hook-form: nothing is sent while it is wrong.

const uploads = vi.hoisted(() => [] as { path: string; fields: Record<string, unknown> }[]);
vi.mock('../../../lib/upload.ts', () => ({
  uploadWithProgress: (path: string, form: FormData) => {
    uploads.push({ path, fields: Object.fromEntries(form.entries()) });
    return Promise.resolve({ id: 1, display_name: 'Laudo' });
  },
}));
vi.mock('../../../lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
afterEach(() => {
  uploads.length = 0;
  vi.clearAllMocks();
});

const task: WorkItemRef = {
  kind: 'protocols',
  id: 7,
  muralId: 3,
  uploadPath: 'attachments',
  noun: 'tarefa',
  can: { message: true, upload: true, deleteAnyAttachment: false },
};

describe('AttachmentUpload', () => {
  it("a name with an invalid character shows the domain's message and sends nothing", async () => {
    const user = userEvent.setup();
    const { container } = renderUi(<AttachmentUpload item={task} />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF'], 'laudo.pdf', { type: 'application/pdf' }));
    const name = await screen.findByRole('textbox', { name: /^Nome de exibição/ });

    await user.click(name);
    await user.paste('Laudo\u0000final');
    await user.click(screen.getByRole('button', { name: 'Enviar arquivo' }));
    expect(await screen.findByText('Texto com caractere inválido.')).toBeTruthy();
    expect(uploads).toEqual([]);

    await user.clear(name);
    await user.type(name, ' Laudo final ');
    await user.click(screen.getByRole('button', { name: 'Enviar arquivo' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.path).toBe('/eproto/protocols/7/attachments');
    expect(uploads[0]!.fields.display_name).toBe('Laudo final');
  });
});
