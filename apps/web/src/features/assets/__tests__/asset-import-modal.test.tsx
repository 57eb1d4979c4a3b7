import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../test/api-capture.ts';
import { renderUi } from '../../../test/render.tsx';
import { AssetImportModal } from '../components/asset-import-modal.tsx';

// The import's choice (contract and spreadsheet) runs through react-hook-form and zod: nothing
// chosen, or a file that is not .xlsx, says so under its field and uploads nothing (the upload,
// an XHR, is replaced here).
const mutateAsync = vi.fn((_input: unknown) => Promise.resolve({ importados: 2 }));
vi.mock('../api/import-assets.ts', () => ({
  ASSET_TEMPLATE_URL: '/api/tatico/ativos/importacao/modelo',
  importErrors: () => null,
  useImportAssets: () => ({ mutateAsync, isPending: false, reset: vi.fn() }),
}));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Importar ativos de planilha', () => {
  it('refuses no contract, no file and a .csv; sends the contract and the .xlsx', async () => {
    stubApi({
      'GET /api/tatico/contratos': [{ id: 7, codigo: 'CT-007', nome: 'Hospital', status: 'ativo' }],
    });
    const user = userEvent.setup({ applyAccept: false });
    const onClose = vi.fn();
    renderUi(<AssetImportModal opened onClose={onClose} />);
    const send = await screen.findByRole('button', { name: 'Importar' });

    await user.click(send);
    expect(await screen.findByText('Informe o contrato.')).toBeTruthy();
    expect(screen.getByText('Escolha a planilha (.xlsx).')).toBeTruthy();

    const picker = screen.getAllByLabelText(/^Contrato/).find((el) => el.tagName === 'INPUT')!;
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'CT-007 — Hospital' }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['tag;tipo'], 'ativos.csv', { type: 'text/csv' }));
    await user.click(send);
    expect(await screen.findByText('Envie a planilha (.xlsx).')).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();

    const xlsx = new File(['PK'], 'ativos.xlsx');
    await user.upload(input, xlsx);
    await user.click(send);
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect(mutateAsync.mock.calls[0]![0]).toEqual({ contractId: 7, file: xlsx });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
