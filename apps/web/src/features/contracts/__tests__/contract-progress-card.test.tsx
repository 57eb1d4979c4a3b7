import '../../../test/setup-dom.ts';

import type { Contract } from '@eproto/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderUi } from '../../../test/render.tsx';
import { ContractProgressCard } from '../components/contract-progress-card.tsx';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => vi.clearAllMocks());

const contract: Contract = {
  id: 4,
  codigo: 'CT-004',
  nome: 'Rede elétrica — Prefeitura',
  cliente: 'Prefeitura',
  descricao: null,
  inicio: '2026-01-01',
  fim: '2026-12-31',
  status: 'ativo',
  valor: null,
  uf: null,
  municipio: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  usuarios: 3,
  demandas: 10,
  concluidas: 4,
  atrasadas: 1,
  preventivas_atrasadas: 0,
  etapas: { a_fazer: 3, em_andamento: 2, em_revisao: 1, concluido: 4 },
};

describe('ContractProgressCard', () => {
  it('draws the stage bar from the counters the list brought, without asking the server', () => {
    renderUi(<ContractProgressCard contract={contract} />);
    expect(screen.getByRole('group', { name: 'Demandas por etapa' })).toBeTruthy();
    for (const label of ['A fazer: 3', 'Em andamento: 2', 'Em revisão: 1', 'Concluído: 4'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the contract has no demands', () => {
    renderUi(
      <ContractProgressCard
        contract={{
          ...contract,
          demandas: 0,
          concluidas: 0,
          etapas: { a_fazer: 0, em_andamento: 0, em_revisao: 0, concluido: 0 },
        }}
      />,
    );
    expect(screen.getByText('Nenhuma demanda neste contrato.')).toBeTruthy();
    expect(screen.queryByText(/de 0 demandas/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ver demandas' })).toBeNull();
  });
});
