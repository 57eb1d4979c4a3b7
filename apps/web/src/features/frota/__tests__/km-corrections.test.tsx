import '../../../test/setup-dom.ts';
import '../../../test/stub-fonts.ts';

import type { VehicleDetail } from '@eproto/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SESSION_KEY } from '../../../lib/session-key.ts';
import { jsonResponse, renderUi, testQueryClient, urlOf } from '../../../test/render.tsx';
import { CheckoutModal } from '../components/checkout-modal.tsx';
import { VehicleDrawer } from '../components/vehicle-drawer.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.clearAllMocks());

const detail: VehicleDetail = {
  vehicle: {
    id: 5,
    placa: 'ABC1D23',
    placa_formatada: 'ABC1D23',
    modelo: 'Strada',
    marca: 'Fiat',
    ano: 2022,
    renavam: null,
    odometro_km: 950_300,
    status: 'disponivel',
    licenciamento_vencimento: null,
    seguro_vencimento: null,
    observacoes: null,
    categoria_cnh: null,
    condutor: null,
    alertas: 1,
    updated_at: '2026-11-20T12:00:00.000Z',
  },
  maintenances: [],
  fuel: [],
  checkouts: [
    {
      id: 41,
      vehicle_id: 5,
      condutor: { id: 7, nome: 'Marcos Lima' },
      saida_em: '2026-11-20T11:00:00.000Z',
      km_saida: 50_100,
      destino: null,
      retorno_em: '2026-11-20T20:00:00.000Z',
      km_retorno: 950_300,
      observacao: null,
      km_alto_confirmado: true,
    },
  ],
  correcoes_km: [],
};

function renderAs(rawType: string, ui: React.ReactElement) {
  const client = testQueryClient();
  client.setQueryData(SESSION_KEY, {
    id: 99,
    email: 'eu@x.y',
    nome: 'Eu',
    type: rawType.toLowerCase(),
    rawType,
    avatar: null,
  });
  return renderUi(ui, { client, route: '/tatico/frota' });
}

const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({
      url: urlOf(input),
      body: JSON.parse(init?.body as string) as unknown,
    }));

describe('Corrigir km', () => {
  beforeEach(() => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(detail)));
  });

  it('gerente corrects the check-in typo with a reason; what is sent is the typed km', async () => {
    renderAs('Gerente', <VehicleDrawer id={5} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Corrigir km' }));
    const dialog = await screen.findByRole('dialog', { name: 'Corrigir quilometragem' });
    expect(dialog.textContent).toContain('Valor registrado: 950.300 km');
    fireEvent.change(screen.getByLabelText(/Km correto/), { target: { value: '50.300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Corrigir' }));
    expect(await screen.findByText('O motivo da correção: mínimo de 5 caracteres.')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.change(screen.getByLabelText(/Motivo da correção/), {
      target: { value: 'Digitado 950.300 em vez de 50.300' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Corrigir' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        {
          url: '/api/tatico/frota/veiculos/5/correcoes-km',
          body: {
            leitura: 'retorno',
            ref_id: 41,
            km: 50_300,
            motivo: 'Digitado 950.300 em vez de 50.300',
          },
        },
      ]),
    );
  });

  it('is not offered to a coordenador', async () => {
    renderAs('Coordenador', <VehicleDrawer id={5} onClose={() => {}} />);
    await screen.findByText('Fiat Strada · 2022');
    expect(screen.queryByRole('button', { name: 'Corrigir km' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Uso' }));
    expect(await screen.findByText('Km alto confirmado')).toBeTruthy();
  });
});

describe('check-in with an implausible km', () => {
  beforeEach(() => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(detail)));
  });

  it('asks to confirm a trip over 2.000 km and sends the confirmation', async () => {
    const vehicle = { id: 5, placa: 'ABC1D23', odometro_km: 50_100 };
    renderAs('Coordenador', <CheckoutModal vehicle={vehicle} mode="checkin" onClose={() => {}} />);
    const km = await screen.findByLabelText(/Km de retorno/);
    fireEvent.change(km, { target: { value: '950.300' } });
    expect((await screen.findByRole('alert')).textContent).toContain(
      '900.200 km rodados desde a saída (50.100 km)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Registrar retorno' }));
    expect(await screen.findByText('Confira o km ou confirme que está certo.')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.click(screen.getByLabelText('O valor está certo: registrar mesmo assim'));
    fireEvent.click(screen.getByRole('button', { name: 'Registrar retorno' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        {
          url: '/api/tatico/frota/veiculos/5/checkin',
          body: { km_retorno: 950_300, observacao: null, confirmar_km_alto: true },
        },
      ]),
    );
  });

  it('a normal trip needs no confirmation', async () => {
    const vehicle = { id: 5, placa: 'ABC1D23', odometro_km: 50_100 };
    renderAs('Coordenador', <CheckoutModal vehicle={vehicle} mode="checkin" onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText(/Km de retorno/), {
      target: { value: '50.300' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar retorno' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        {
          url: '/api/tatico/frota/veiculos/5/checkin',
          body: { km_retorno: 50_300, observacao: null, confirmar_km_alto: false },
        },
      ]),
    );
  });
});
