import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { RT_EVENTS } from '@eproto/domain';

import { applyChange } from '../../../lib/changes/change-effects.ts';
import { keptOffline } from '../../../lib/offline/query-persistence.ts';
import { stubApi } from '../../../test/api-capture.ts';
import { renderUi, urlOf } from '../../../test/render.tsx';
import { useContractAccess } from '../contract-access.ts';
import { useContractOptions, type ContractPickerStatus } from '../contracts.ts';
import { PICKER_KEYS } from '../keys.ts';
import { useUserSearch } from '../user-search.ts';
import { usePeople, usePeopleSearch } from '../people.ts';
import { useVehicleOptions } from '../vehicles.ts';
import { PeopleMultiSelect, PersonSelect } from '../people-select.tsx';

afterEach(() => vi.unstubAllGlobals());

const PEOPLE = {
  items: [{ id: 7, nome: 'Rui Campos', email: 'rui@x.test', role: 'Equipe', type: 'equipe' }],
};

function Names() {
  const people = usePeople();
  return <p>{people.data?.map((p) => p.nome).join(', ') ?? 'carregando'}</p>;
}

function FichasSearch() {
  const found = usePeopleSearch('');
  return <p>{found.data?.length ?? 0} na busca</p>;
}

describe('field pickers', () => {
  it('asks the server once for the people however many screens pick them', async () => {
    const api = stubApi({ 'GET /api/tatico/pessoas': PEOPLE });
    const { client } = renderUi(
      <>
        <Names />
        <PersonSelect label="Condutor" />
        <PeopleMultiSelect label="Equipe" />
        <FichasSearch />
      </>,
    );
    expect(await screen.findByText('Rui Campos', { selector: 'p' })).toBeTruthy();
    expect(await screen.findByText('1 na busca')).toBeTruthy();
    const asked = api.mock.mock.calls.filter(([u]) => urlOf(u).includes('/api/tatico/pessoas'));
    expect(asked).toHaveLength(1);
    expect(client.getQueryCache().findAll({ queryKey: ['people'] })).toHaveLength(1);
    expect(client.getQueryData(PICKER_KEYS.people)).toEqual(PEOPLE);
  });

  it('offers the vehicles that can be booked, one in the shop marked, the inactive one left out', async () => {
    const api = stubApi({
      'GET /api/tatico/veiculos': {
        items: [
          {
            id: 1,
            placa_formatada: 'ABC-1D23',
            marca: 'Fiat',
            modelo: 'Strada',
            status: 'disponivel',
          },
          {
            id: 2,
            placa_formatada: 'DEF-4G56',
            marca: 'VW',
            modelo: 'Saveiro',
            status: 'manutencao',
          },
          { id: 3, placa_formatada: 'GHI-7J89', marca: 'Ford', modelo: 'Ka', status: 'inativo' },
        ],
      },
    });
    function Vehicles() {
      const v = useVehicleOptions();
      return <p>{v.data?.map((o) => `${o.value}: ${o.label}`).join(' | ') ?? 'carregando'}</p>;
    }
    const { client } = renderUi(<Vehicles />);
    expect(
      await screen.findByText(
        '1: ABC-1D23 — Fiat Strada | 2: DEF-4G56 — VW Saveiro (em manutenção)',
      ),
    ).toBeTruthy();
    expect(api.mock.mock.calls.map(([u]) => urlOf(u))).toEqual(['/api/tatico/veiculos']);
    expect(client.getQueryCache().find({ queryKey: PICKER_KEYS.vehicles })).toBeTruthy();
  });

  it('asks once for the contracts; "ativo" keeps the active ones, "aberto" drops the closed', async () => {
    const api = stubApi({
      'GET /api/tatico/contratos': [
        { id: 1, codigo: 'CT-1', nome: 'Rede Sul', status: 'ativo' },
        { id: 2, codigo: 'CT-2', nome: 'Pausado', status: 'suspenso' },
        { id: 3, codigo: 'CT-3', nome: 'Antigo', status: 'encerrado' },
      ],
    });
    function Contracts({ status }: { status?: ContractPickerStatus }) {
      const c = useContractOptions({ status });
      return <p>{`${status ?? 'padrão'}: ${c.data?.map((o) => o.label).join(', ') ?? '...'}`}</p>;
    }
    renderUi(
      <>
        <Contracts />
        <Contracts status="ativo" />
        <Contracts status="aberto" />
      </>,
    );
    expect(await screen.findByText('padrão: CT-1 — Rede Sul')).toBeTruthy();
    expect(await screen.findByText('ativo: CT-1 — Rede Sul')).toBeTruthy();
    expect(await screen.findByText('aberto: CT-1 — Rede Sul, CT-2 — Pausado')).toBeTruthy();
    expect(api.mock.mock.calls.map(([u]) => urlOf(u))).toEqual(['/api/tatico/contratos']);
  });

  it("searches the office forms' people on /eproto/users/search, a contract's when given", async () => {
    const api = stubApi({ 'GET /api/eproto/users/search': [{ id: 9, nome: 'Ana Lima' }] });
    function Found({ contractId }: { contractId?: number }) {
      const found = useUserSearch('ana', { contractId });
      return (
        <p>{`${contractId ?? 'todos'}: ${found.data?.map((u) => u.nome).join(', ') ?? '...'}`}</p>
      );
    }
    renderUi(
      <>
        <Found />
        <Found contractId={4} />
      </>,
    );
    expect(await screen.findByText('todos: Ana Lima')).toBeTruthy();
    expect(await screen.findByText('4: Ana Lima')).toBeTruthy();
    expect(api.mock.mock.calls.map(([u]) => urlOf(u)).sort()).toEqual([
      '/api/eproto/users/search?q=ana&contract_id=4&limit=20',
      '/api/eproto/users/search?q=ana&limit=20',
    ]);
  });

  it("asks the caller's contract access once for every office screen; only contract changes refresh it", async () => {
    const api = stubApi({
      'GET /api/eproto/contracts/access': {
        all: false,
        contracts: [{ id: 3, codigo: 'C-3', nome: 'Sede' }],
      },
    });
    function Access({ who }: { who: string }) {
      const access = useContractAccess();
      return <p>{`${who}: ${access.data?.contracts.map((c) => c.nome).join(', ') ?? '…'}`}</p>;
    }
    const { client } = renderUi(
      <>
        <Access who="folgas" />
        <Access who="carga" />
        <Access who="revisões" />
      </>,
    );
    expect(await screen.findByText('carga: Sede')).toBeTruthy();
    expect(screen.getByText('revisões: Sede')).toBeTruthy();
    expect(api.mock.mock.calls.map(([u]) => urlOf(u))).toEqual(['/api/eproto/contracts/access']);
    expect(client.getQueryCache().findAll({ queryKey: PICKER_KEYS.contractAccess })).toHaveLength(
      1,
    );

    const stale = () => client.getQueryState(PICKER_KEYS.contractAccess)?.isInvalidated;
    applyChange(client, { type: RT_EVENTS.protocolChanged, data: { mural_id: 7 } });
    applyChange(client, { type: RT_EVENTS.muralChanged, id: 7 });
    applyChange(client, { type: RT_EVENTS.reviewsChanged });
    expect(stale()).toBe(false);
    applyChange(client, { type: RT_EVENTS.contractsChanged });
    expect(stale()).toBe(true);
  });

  it('keeps every picker on the phone for offline use', () => {
    for (const key of Object.values(PICKER_KEYS))
      expect(keptOffline(key), key.join('/')).toBe(true);
  });
});
