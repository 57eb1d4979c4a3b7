import type { AssetListResponse } from '@eproto/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { api } from '../../../../lib/api-client.ts';
import { lookupScanned, lookupTyped, NOT_OURS } from '../label-lookup.ts';

vi.mock('../../../../lib/api-client.ts', () => ({ api: { get: vi.fn() } }));
const get = vi.mocked(api.get);

const CODE = 'Ab3_x-9QrT0kLm2Z';
const list = (...tags: Array<[number, string, string]>) =>
  ({
    items: tags.map(([id, tag, codigo]) => ({
      id,
      tag,
      contrato: { id: id * 10, codigo, nome: `Contrato ${codigo}` },
    })),
    total: tags.length,
  }) as unknown as AssetListResponse;

beforeEach(() => get.mockReset());

describe('lookupScanned (what the camera read)', () => {
  it("a label's address asks the server for its code and opens the asset", async () => {
    get.mockResolvedValue({ id: 42 });
    expect(await lookupScanned(`https://eproto.example/ativo/${CODE}`)).toEqual({
      kind: 'asset',
      id: 42,
    });
    expect(get).toHaveBeenCalledWith(`/tatico/ativos/codigo/${CODE}`);
  });

  it('a QR that is not a label is refused without asking the server', async () => {
    expect(await lookupScanned('https://exemplo.com.br/produto/123')).toEqual({
      kind: 'refused',
      message: NOT_OURS,
    });
    expect(get).not.toHaveBeenCalled();
  });
});

describe('lookupTyped (what the person typed from the label)', () => {
  it('the tag matches exactly, case and spaces ignored, among the search results', async () => {
    get.mockResolvedValue(list([1, 'AC-301-B', 'HSL'], [2, 'AC-301', 'HSL']));
    expect(await lookupTyped('  ac-301 ')).toEqual({ kind: 'asset', id: 2 });
    expect(get).toHaveBeenCalledWith('/tatico/ativos', { params: { q: 'AC-301', perPage: 100 } });
  });

  it('one tag in two contracts: the person chooses', async () => {
    get.mockResolvedValue(list([1, 'AC-301', 'HSL'], [2, 'AC-301', 'SHP']));
    const r = await lookupTyped('AC-301');
    expect(r.kind).toBe('choose');
    expect(r.kind === 'choose' && r.items.map((i) => i.contrato)).toEqual([
      'HSL — Contrato HSL',
      'SHP — Contrato SHP',
    ]);
  });

  it('a tag shaped like a code (16 letters, digits, - or _) is a tag first', async () => {
    get.mockResolvedValue(list([7, 'AC-MX224FD9W0N25', 'HSL']));
    expect(await lookupTyped('ac-mx224fd9w0n25')).toEqual({ kind: 'asset', id: 7 });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('and the code only when no tag matches', async () => {
    get.mockResolvedValueOnce(list()).mockResolvedValueOnce({ id: 9 });
    expect(await lookupTyped(CODE)).toEqual({ kind: 'asset', id: 9 });
    expect(get).toHaveBeenLastCalledWith(`/tatico/ativos/codigo/${CODE}`);
  });

  it('an unknown tag, an address of another site and nothing typed are refused', async () => {
    get.mockResolvedValue(list());
    expect(await lookupTyped('xyz 1')).toEqual({
      kind: 'refused',
      message: 'Nenhum ativo com a tag XYZ 1 nos seus contratos.',
    });
    expect(await lookupTyped('http://exemplo.com/a')).toEqual({
      kind: 'refused',
      message: NOT_OURS,
    });
    expect(await lookupTyped('   ')).toEqual({
      kind: 'refused',
      message: 'Digite a tag impressa na etiqueta.',
    });
  });
});
