import type { EpiDelivery, EpiSheet } from '@eproto/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { api } from '../../../../lib/api-client.ts';
import { getFicha } from '../get-ficha.ts';

vi.mock('../../../../lib/api-client.ts', () => ({ api: { get: vi.fn() } }));
const get = vi.mocked(api.get);

const delivery = (id: number, data: string, status = 'pendente') =>
  ({ id, data, status }) as unknown as EpiDelivery;
const sheet = (entregas: EpiDelivery[], extra: Partial<EpiSheet> = {}): EpiSheet =>
  ({
    empresa: null,
    colaborador: { id: 7, nome: 'João Pereira' },
    entregas,
    gerado_em: '2026-11-26T12:00:00.000Z',
    ...extra,
  }) as EpiSheet;

beforeEach(() => get.mockReset());

describe('getFicha (the ficha kept on the phone)', () => {
  it('the first fetch is the whole ficha, with its cursor', async () => {
    get.mockResolvedValue(sheet([delivery(1, '2026-10-01')], { cursor: 'c1' }));
    const got = await getFicha(7, undefined);
    expect(get).toHaveBeenCalledWith('/tatico/epi/fichas/7', {
      params: { updated_since: undefined },
    });
    expect(got.entregas.map((e) => e.id)).toEqual([1]);
    expect(got.cursor).toBe('c1');
  });

  it('later ones send the cursor and merge: changed by id, new in date order, gone dropped', async () => {
    const kept = sheet(
      [delivery(1, '2026-10-01'), delivery(2, '2026-10-05'), delivery(3, '2026-11-01')],
      { cursor: 'c1' },
    );
    get.mockResolvedValue(
      sheet([delivery(2, '2026-10-05', 'confirmada'), delivery(4, '2026-10-20')], {
        cursor: 'c2',
        ids: [1, 2, 4],
        gerado_em: '2026-11-26T13:00:00.000Z',
      }),
    );
    const got = await getFicha(7, kept);
    expect(get).toHaveBeenCalledWith('/tatico/epi/fichas/7', { params: { updated_since: 'c1' } });
    expect(got.entregas.map((e) => [e.id, e.status])).toEqual([
      [1, 'pendente'],
      [2, 'confirmada'],
      [4, 'pendente'],
    ]);
    expect(got).toMatchObject({ cursor: 'c2', gerado_em: '2026-11-26T13:00:00.000Z' });
    expect(got).not.toHaveProperty('ids');
  });
});
