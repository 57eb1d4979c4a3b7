import '../../../../test/setup-dom.ts';
import '../../../../test/stub-fonts.ts';

import type { Apr, Pt } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../../../../test/api-capture.ts';
import { renderUi } from '../../../../test/render.tsx';
import { AprFormModal } from '../apr-form-modal.tsx';
import { AprSignCard } from '../apr-sign-card.tsx';
import { PtDetailModal } from '../pt-detail-modal.tsx';
import { PtFormModal } from '../pt-form-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const APR: Apr = {
  id: 12,
  status: 'em_assinatura',
  atividade: 'Troca de telhas do galpão',
  local: 'Galpão 2',
  os: {
    id: 5,
    codigo: 'OS-2026-000005',
    local: 'Shopping Norte, casa de máquinas',
    previsto_inicio: '2026-11-26T11:00:00.000Z',
    previsto_fim: '2026-11-26T15:00:00.000Z',
  },
  agendamento: null,
  etapas: [{ etapa: 'Subir no telhado', perigos: 'Queda de altura', controles: 'Cinto ancorado' }],
  epis: [{ id: 1, nome: 'Cinto paraquedista', tamanho: 'M', ca_numero: '35529' }],
  equipe: [
    {
      id: 7,
      nome: 'Bruno Oliveira',
      assinado_em: null,
      latitude: null,
      longitude: null,
      precisao_m: null,
    },
  ],
  avisos_epi: [
    {
      pessoa: { id: 7, nome: 'Bruno Oliveira' },
      epi: 'Cinto paraquedista',
      texto:
        'Bruno Oliveira não recebeu Cinto paraquedista (sem entrega registrada na ficha de EPI).',
    },
  ],
  responsavel: { id: 2, nome: 'Marcos Ribeiro' },
  enviada_em: '2026-11-26T09:00:00.000Z',
  assinada_em: null,
  created_at: '2026-11-26T08:00:00.000Z',
  updated_at: '2026-11-26T09:00:00.000Z',
  pode_editar: false,
  pode_assinar: true,
};

describe('AprSignCard (phone signing)', () => {
  it('warns about the EPI not received and sends one "Li e concordo" tap', async () => {
    const api = stubApi({ 'POST /api/tatico/sst/aprs/12/assinar': { ...APR, status: 'assinada' } });
    const user = userEvent.setup();
    renderUi(<AprSignCard apr={APR} userId={7} />);
    expect(screen.getByText(/Cinto paraquedista: peça ao seu coordenador/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Li e concordo' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/tatico/sst/aprs/12/assinar')).toHaveLength(1),
    );
    expect(api.bodies('POST', '/api/tatico/sst/aprs/12/assinar')[0]).toEqual({
      concordo: true,
      latitude: null,
      longitude: null,
      precisao_m: null,
    });
  });

  it('shows the site and planned date of its OS when the APR has no place of its own', () => {
    stubApi();
    renderUi(<AprSignCard apr={{ ...APR, local: null }} userId={7} />);
    expect(
      screen.getByText(
        /^OS-2026-000005 — Shopping Norte, casa de máquinas — \S+, 26\/11 · \d\d:00 – \d\d:00$/,
      ),
    ).toBeTruthy();
  });

  it('shows when the person already signed, without the button', () => {
    stubApi();
    renderUi(
      <AprSignCard
        apr={{
          ...APR,
          pode_assinar: false,
          equipe: [{ ...APR.equipe[0]!, assinado_em: '2026-11-26T10:15:00.000Z' }],
        }}
        userId={7}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Li e concordo' })).toBeNull();
    expect(screen.getByText(/Você assinou em/)).toBeTruthy();
  });
});

describe('PtFormModal (Emitir PT)', () => {
  it('refuses a shift that ends before it starts and sends nothing', async () => {
    const api = stubApi({ '/api/tatico/sst/aprs': { items: [], total: 0 } });
    const user = userEvent.setup();
    renderUi(<PtFormModal pt={null} apr={APR} onClose={() => {}} />);
    await user.click(screen.getByRole('combobox', { name: /^Tipo de trabalho/ }));
    await user.click(await screen.findByRole('option', { name: 'Eletricidade' }));
    const fim = screen.getByLabelText(/^Fim do turno/);
    await user.clear(fim);
    await user.type(fim, '06:00');
    await user.type(
      screen.getByRole('textbox', { name: /^Medidas de segurança/ }),
      'Linha de vida',
    );
    await user.click(screen.getByRole('button', { name: 'Emitir PT' }));
    expect(await screen.findByText('O fim do turno deve ser depois do início.')).toBeTruthy();
    expect(api.bodies('POST', '/api/tatico/sst/pts')).toEqual([]);
  });

  it('sends the day typed as dd/mm/aaaa, the shift as instants and one measure per line', async () => {
    const api = stubApi({
      '/api/tatico/sst/aprs': { items: [], total: 0 },
      'POST /api/tatico/sst/pts': { id: 3 },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<PtFormModal pt={null} apr={APR} onClose={onClose} />);
    await user.click(screen.getByRole('combobox', { name: /^Tipo de trabalho/ }));
    await user.click(await screen.findByRole('option', { name: 'Trabalho em altura' }));
    const day = screen.getByRole('textbox', { name: /^Dia do turno/ });
    await user.clear(day);
    await user.type(day, '10/12/2026');
    await user.type(
      screen.getByRole('textbox', { name: /^Medidas de segurança/ }),
      'Linha de vida inspecionada{enter}Área isolada',
    );
    await user.click(screen.getByRole('button', { name: 'Emitir PT' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [body] = api.bodies('POST', '/api/tatico/sst/pts') as Record<string, unknown>[];
    expect(body).toMatchObject({
      tipo: 'altura',
      apr_id: 12,
      medidas: ['Linha de vida inspecionada', 'Área isolada'],
      observacoes: null,
    });
    expect(new Date(body!.inicio as string).getTime()).toBe(new Date(2026, 11, 10, 7, 0).getTime());
    expect(new Date(body!.fim as string).getTime()).toBe(new Date(2026, 11, 10, 17, 0).getTime());
  });
});

const PT: Pt = {
  id: 9,
  tipo: 'altura',
  status: 'emitida',
  apr: { id: 12, atividade: 'Troca de telhas do galpão', status: 'assinada' },
  os: { id: 5, codigo: 'OS-2026-000005' },
  local: 'Galpão 2',
  inicio: '2026-11-26T10:00:00.000Z',
  fim: '2026-11-26T20:00:00.000Z',
  medidas: ['Linha de vida inspecionada'],
  observacoes: null,
  equipe: [{ id: 7, nome: 'Bruno Oliveira' }],
  responsavel: { id: 2, nome: 'Marcos Ribeiro' },
  aprovador: null,
  decidida_em: null,
  comentario_decisao: null,
  encerrada_por: null,
  encerrada_em: null,
  observacao_encerramento: null,
  eventos: [
    {
      de: null,
      para: 'emitida',
      por: { id: 2, nome: 'Marcos Ribeiro' },
      em: '2026-11-26T09:40:00.000Z',
      comentario: null,
    },
  ],
  vigente: false,
  acoes: ['aprovar', 'recusar'],
  created_at: '2026-11-26T09:40:00.000Z',
};

describe('PtDetailModal (approve / refuse)', () => {
  it('refuses without a reason only after one is written, and sends it', async () => {
    const api = stubApi({
      '/api/tatico/sst/pts/9': PT,
      'POST /api/tatico/sst/pts/9/decisao': { ...PT, status: 'recusada' },
    });
    const user = userEvent.setup();
    renderUi(<PtDetailModal id={9} onClose={() => {}} onEdit={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Recusar' }));
    const confirm = screen.getByRole('button', { name: 'Confirmar recusa' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(
      screen.getByRole('textbox', { name: /^Motivo da recusa/ }),
      'Falta o plano de resgate.',
    );
    await user.click(confirm);
    await waitFor(() =>
      expect(api.bodies('POST', '/api/tatico/sst/pts/9/decisao')).toEqual([
        { decisao: 'recusar', comentario: 'Falta o plano de resgate.' },
      ]),
    );
  });

  it("a closing note past the domain's limit shows its message and closes nothing", async () => {
    const api = stubApi({
      '/api/tatico/sst/pts/9': { ...PT, status: 'aprovada', acoes: ['encerrar'] },
      'POST /api/tatico/sst/pts/9/encerrar': { ...PT, status: 'encerrada' },
    });
    const user = userEvent.setup({ delay: null });
    renderUi(<PtDetailModal id={9} onClose={() => {}} onEdit={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Encerrar' }));
    const note = screen.getByRole('textbox', { name: /^Observação de encerramento/ });
    // Pasted past maxLength (the attribute does not cut what a script sets).
    fireEvent.change(note, { target: { value: 'x'.repeat(1001) } });
    await user.click(screen.getByRole('button', { name: 'Encerrar PT' }));
    expect(
      await screen.findByText('A observação de encerramento: máximo de 1000 caracteres.'),
    ).toBeTruthy();
    expect(api.bodies('POST', '/api/tatico/sst/pts/9/encerrar')).toEqual([]);

    await user.clear(note);
    await user.type(note, ' Área liberada ');
    await user.click(screen.getByRole('button', { name: 'Encerrar PT' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/tatico/sst/pts/9/encerrar')).toEqual([
        { observacao: 'Área liberada' },
      ]),
    );
  });

  it('offers no decision to whoever may not decide (only the PDF)', async () => {
    stubApi({ '/api/tatico/sst/pts/9': { ...PT, acoes: [] } });
    renderUi(<PtDetailModal id={9} onClose={() => {}} onEdit={() => {}} />);
    expect(await screen.findByRole('link', { name: /Baixar PDF/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Encerrar' })).toBeNull();
  });
});

describe('AprFormModal (link to an agenda entry)', () => {
  it('ties a new APR to an agenda entry instead of an OS and sends only the entry', async () => {
    const entry = {
      id: 42,
      inicio: '2026-12-10T12:00:00.000Z',
      descricao: 'Troca do quadro do galpão',
      status: 'agendado',
      contrato: { id: 3, codigo: 'CT-07', nome: 'Rede Sul' },
    };
    const api = stubApi({
      'GET /api/tatico/agenda': { items: [entry] },
      'GET /api/tatico/os': { items: [], total: 0 },
      'POST /api/tatico/sst/aprs': {
        ...APR,
        id: 13,
        os: null,
        agendamento: {
          id: 42,
          titulo: 'x',
          local: null,
          inicio: '2026-11-26T11:00:00.000Z',
          fim: '2026-11-26T15:00:00.000Z',
        },
      },
    });
    const user = userEvent.setup();
    renderUi(<AprFormModal apr={null} onClose={() => undefined} />);
    await user.click(screen.getByRole('radio', { name: 'Agendamento' }));
    await user.click(screen.getByRole('combobox', { name: /^Agendamento/ }));
    await user.click(await screen.findByRole('option', { name: /Troca do quadro do galpão/ }));
    await user.type(screen.getByRole('textbox', { name: /^Atividade/ }), 'Troca do quadro');
    await user.type(screen.getByRole('textbox', { name: /^O que é feito/ }), 'Desligar o quadro');
    await user.type(screen.getByRole('textbox', { name: /^Perigos/ }), 'Choque elétrico');
    await user.type(screen.getByRole('textbox', { name: /^Medidas de controle/ }), 'Bloqueio');
    await user.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() => expect(api.bodies('POST', '/api/tatico/sst/aprs')).toHaveLength(1));
    expect(api.bodies('POST', '/api/tatico/sst/aprs')[0]).toMatchObject({
      agenda_entry_id: 42,
      service_order_id: null,
      atividade: 'Troca do quadro',
    });
  });
});
