import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import type { InventoryItem, OsDetail } from '@eproto/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import { osFixture } from '../../test/os-fixture.ts';
import { OsMaterialsTab } from '../os-materials-tab.tsx';
import { OsReportCard } from '../os-report-card.tsx';

// The OS's material, report e-mail and addendum forms run the domain's bodies (osMaterialBody,
// osSendReportBody, osAddendumBody) through react-hook-form: a wrong value shows its message
// and nothing is sent. Materials go to the OS step mutation (the outbox), replaced here.
const mutateAsync = vi.fn((_step: unknown) => Promise.resolve({ status: 'sent' }));
vi.mock('../../api/os-step.ts', () => ({
  useOsStepMutation: () => ({ mutateAsync, isPending: false }),
}));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const cabo = {
  id: 3,
  codigo: 'CAB-25',
  nome: 'Cabo flexível',
  natureza: 'consumivel',
  unidade: 'm',
  quantidade: 40,
} as InventoryItem;

describe('Registrar material usado', () => {
  it('no material, a quantity of 0 or above the stock are refused; 12 goes', async () => {
    stubApi({ 'GET /api/tatico/materiais': { items: [cabo] } });
    const user = userEvent.setup();
    renderUi(<OsMaterialsTab os={osFixture()} editable />);
    const send = screen.getByRole('button', { name: 'Registrar material' });

    await user.click(send);
    expect(await screen.findByText('Informe o item do inventário.')).toBeTruthy();

    const picker = screen
      .getAllByLabelText('Material ou ferramenta')
      .find((el) => el.tagName === 'INPUT')!;
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: /CAB-25 — Cabo flexível/ }));
    const qty = screen.getByRole('textbox', { name: 'Quantidade (m)' });
    await user.clear(qty);
    await user.type(qty, '0');
    await user.click(send);
    expect(await screen.findByText('A quantidade deve ser maior que zero.')).toBeTruthy();
    await user.clear(qty);
    await user.type(qty, '41');
    await user.click(send);
    expect(await screen.findByText('Estoque insuficiente: há 40 m de Cabo flexível.')).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();

    await user.clear(qty);
    await user.type(qty, '12');
    await user.type(screen.getByRole('textbox', { name: 'Observação (opcional)' }), ' Poste 3 ');
    await user.click(send);
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect(mutateAsync.mock.calls[0]![0]).toEqual({
      tipo: 'material',
      body: { item_id: 3, quantidade: 12, observacao: 'Poste 3' },
    });
  });
});

describe('report forms of a sealed OS', () => {
  const sealed = osFixture({
    status: 'concluida',
    cliente_email: null,
    selo: {
      selada_em: '2026-11-26T14:00:00.000Z',
      sha256: 'ab'.repeat(32),
      verificacao_codigo: 'K7Q2-M9XD-4TPA',
      verificacao_path: '/verificar/K7Q2-M9XD-4TPA',
    } as unknown as OsDetail['selo'],
    permissoes: { executar: true, gerenciar: true, adendo: true, enviar_relatorio: true },
  });

  it('a wrong e-mail and a two-letter addendum are refused and nothing is posted', async () => {
    const api = stubApi({ [`POST /api/tatico/os/${sealed.id}/enviar-relatorio`]: {} });
    const user = userEvent.setup();
    renderUi(<OsReportCard os={sealed} role="gerente" />);

    await user.click(screen.getByRole('button', { name: 'Enviar ao cliente' }));
    await user.type(await screen.findByRole('textbox', { name: /^E-mail do cliente/ }), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Enviar link do relatório' }));
    expect(await screen.findByText('E-mail inválido.')).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Adicionar adendo' }));
    await user.type(await screen.findByRole('textbox', { name: /^Texto do adendo/ }), 'ok');
    await user.click(screen.getByRole('button', { name: 'Registrar adendo' }));
    expect(await screen.findByText('O texto do adendo: mínimo de 3 caracteres.')).toBeTruthy();
    expect(api.bodies('POST', `/api/tatico/os/${sealed.id}/enviar-relatorio`)).toEqual([]);
    expect(api.bodies('POST', `/api/tatico/os/${sealed.id}/adendos`)).toEqual([]);
  });

  it('an empty e-mail sends to the OS customer (null)', async () => {
    const path = `/api/tatico/os/${sealed.id}/enviar-relatorio`;
    const api = stubApi({ [`POST ${path}`]: { enviado_para: 'cliente@x.com' } });
    const user = userEvent.setup();
    renderUi(<OsReportCard os={sealed} role="gerente" />);
    await user.click(screen.getByRole('button', { name: 'Enviar ao cliente' }));
    await screen.findByRole('textbox', { name: /^E-mail do cliente/ });
    await user.click(screen.getByRole('button', { name: 'Enviar link do relatório' }));
    await waitFor(() => expect(api.bodies('POST', path)).toEqual([{ email: null }]));
  });
});
