import type { Contract } from '@eproto/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, pageChanges, V1, V2, type ApiGet } from '../../../test/on-screen.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get }, requestWithHeaders: vi.fn() }));

const { patchContractsOnChange } = await import('../api/get-contract-changes.ts');
const { contractKeys } = await import('../api/keys.ts');

const contract = (id: number, over: Partial<Contract> = {}): Contract => ({
  id,
  codigo: `CT-${id}`,
  nome: `Contrato ${id}`,
  cliente: 'Prefeitura',
  descricao: null,
  inicio: null,
  fim: null,
  status: 'ativo',
  valor: null,
  uf: null,
  municipio: null,
  created_at: V1,
  updated_at: V1,
  usuarios: 2,
  demandas: 4,
  concluidas: 1,
  atrasadas: 0,
  preventivas_atrasadas: 0,
  etapas: { a_fazer: 3, em_andamento: 0, em_revisao: 0, concluido: 1 },
  ...over,
});

/** The contracts overview (q 'rede', every status) cached, and on screen unless `hidden`. */
const overviewOnScreen = (items: Contract[], { hidden = false } = {}) =>
  onScreen(contractKeys.list('rede', null), items, { hidden });

const moved = { type: 'mural.changed' as const, id: 40, version: V2, data: { id: 40 } };

afterEach(() => vi.clearAllMocks());

describe('patchContractsOnChange', () => {
  it("asks the overview's changes since the move's version and patches the contract's counters", async () => {
    const held = [contract(1), contract(2), contract(3)];
    const { client, data } = overviewOnScreen(held);
    const counted = contract(2, {
      concluidas: 2,
      etapas: { a_fazer: 2, em_andamento: 0, em_revisao: 0, concluido: 2 },
    });
    get.mockResolvedValue(pageChanges([counted], [1, 2, 3]));
    const refetch = vi.spyOn(client, 'invalidateQueries');
    await patchContractsOnChange(client, moved);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/eproto/contracts/changes', {
      params: { q: 'rede', status: null, updated_since: V2 },
    });
    expect(data()).toEqual([contract(1), counted, contract(3)]);
    // The contracts the move did not touch are kept as they were, not copied.
    expect(data()[0]).toBe(held[0]);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('asks nothing for a part of a demand (tasks, messages, files) or a change without version', async () => {
    const { client } = overviewOnScreen([contract(1)]);
    const refetch = vi.spyOn(client, 'invalidateQueries');
    for (const part of ['tasks', 'messages', 'files', 'participants']) {
      await patchContractsOnChange(client, { ...moved, data: { id: 40, part } });
    }
    await patchContractsOnChange(client, { type: 'mural.changed', id: 40 });
    expect(get).not.toHaveBeenCalled();
    expect(refetch).not.toHaveBeenCalled();
  });

  it('reads the overview again when a contract it does not hold came in, or on a failure', async () => {
    const { client } = overviewOnScreen([contract(1)]);
    get.mockResolvedValueOnce(pageChanges([], [1, 9]));
    const refetch = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    await patchContractsOnChange(client, moved);
    expect(refetch).toHaveBeenCalledWith({
      queryKey: contractKeys.list('rede', null),
      exact: true,
    });
    refetch.mockClear();
    get.mockRejectedValueOnce(new Error('offline'));
    await patchContractsOnChange(client, moved);
    expect(refetch).toHaveBeenCalledWith({
      queryKey: contractKeys.list('rede', null),
      exact: true,
    });
  });

  it('an overview kept but not on screen is only marked stale, without a request', async () => {
    const { client } = overviewOnScreen([contract(1)], { hidden: true });
    await patchContractsOnChange(client, moved);
    expect(get).not.toHaveBeenCalled();
    expect(client.getQueryState(contractKeys.list('rede', null))?.isInvalidated).toBe(true);
  });
});
