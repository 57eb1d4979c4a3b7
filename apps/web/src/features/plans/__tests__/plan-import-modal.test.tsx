import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlanPreview, PlanTaskPreview } from '@eproto/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../test/render.tsx';
import { PlanImportModal } from '../components/plan-import-modal.tsx';

// The plan file runs through react-hook-form and zod: nothing chosen, or a file that is neither
// .xlsx nor .xml, says so under the field and goes to no preview; the server's bad lines are
// listed as it answers them (the uploads, XHRs, are replaced here).
const TASK: PlanTaskPreview = {
  linha: 2,
  ref: 1,
  titulo: 'Vistoria do telhado',
  inicio_previsto: '2027-03-02',
  fim_previsto: '2027-03-04',
  horas_estimadas: null,
  responsavel: null,
  predecessoras: [],
  stage: 'a_fazer',
  adiada_dias: 0,
};
const preview = vi.fn((_input: unknown) =>
  Promise.resolve<PlanPreview>({
    formato: 'xlsx',
    dias_uteis: false,
    tarefas: [TASK],
    dependencias: 0,
    erros: [],
  }),
);
const importPlan = vi.fn((_input: unknown) => Promise.resolve({ importadas: 1, dependencias: 0 }));
vi.mock('../api/preview-plan.ts', () => ({
  usePreviewPlan: () => ({ mutateAsync: preview, isPending: false }),
}));
vi.mock('../api/import-plan.ts', () => ({
  planImportErrors: () => null,
  useImportPlan: () => ({ mutateAsync: importPlan, isPending: false }),
}));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
afterEach(() => vi.clearAllMocks());

describe('Importar plano', () => {
  it('refuses no file and a .csv before any preview; previews and sends the .xlsx', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onClose = vi.fn();
    renderUi(<PlanImportModal muralId={9} opened onClose={onClose} />);
    const send = await screen.findByRole('button', { name: 'Importar' });

    await user.click(send);
    expect(await screen.findByText('Escolha o arquivo do plano (.xlsx ou .xml).')).toBeTruthy();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['a;b'], 'plano.csv', { type: 'text/csv' }));
    expect(
      await screen.findByText(
        'Envie o plano em .xlsx (Excel, use o modelo) ou .xml do MS Project.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('plano.csv')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Importar' })).toHaveProperty('disabled', true);
    expect(preview).not.toHaveBeenCalled();

    const xlsx = new File(['PK'], 'plano.xlsx');
    await user.upload(input, xlsx);
    await waitFor(() => expect(preview).toHaveBeenCalledWith({ muralId: 9, file: xlsx }));
    expect(screen.queryByText(/Envie o plano em/)).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Importar 1 tarefa' }));
    await waitFor(() => expect(importPlan).toHaveBeenCalledWith({ muralId: 9, file: xlsx }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("lists the server's bad lines, line and reason, and keeps Importar off", async () => {
    preview.mockResolvedValueOnce({
      formato: 'xlsx',
      dias_uteis: false,
      tarefas: [TASK],
      dependencias: 0,
      erros: [{ linha: 3, motivo: 'Início: data inválida (use dd/mm/aaaa).' }],
    });
    const user = userEvent.setup({ applyAccept: false });
    renderUi(<PlanImportModal muralId={9} opened onClose={vi.fn()} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['<Project/>'], 'plano.xml', { type: 'text/xml' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('1 linha precisa de correção');
    expect(alert.textContent).toContain('Linha 3: Início: data inválida (use dd/mm/aaaa).');
    expect(screen.getByRole('button', { name: 'Importar' })).toHaveProperty('disabled', true);
    expect(importPlan).not.toHaveBeenCalled();
  });
});
