import { APR_STATUSES, PT_STATUSES } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp } from '../../../test/demo-app.ts';
import { login, type TestApp } from '../../../test/helpers.ts';
import { client } from '../tatico/test-kit.ts';

let t: TestApp;
let gerente: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createDemoApp();
  gerente = client(t, await login(t, 'gerente@eproto.test', 'eproto123'));
}, 120_000);
afterAll(async () => t.close());

describe('APR and PT demo data', () => {
  it('has one APR and one PT in each state, and a service type that requires a PT', async () => {
    const aprs = (await gerente.get('/api/tatico/sst/aprs?perPage=100')).json<{
      items: { status: string }[];
    }>();
    for (const s of APR_STATUSES)
      expect(
        aprs.items.some((a) => a.status === s),
        s,
      ).toBe(true);
    const pts = (await gerente.get('/api/tatico/sst/pts?perPage=100')).json<{
      items: { status: string; acoes: string[] }[];
    }>();
    for (const s of PT_STATUSES)
      expect(
        pts.items.some((p) => p.status === s),
        s,
      ).toBe(true);
    // The gerente may approve the waiting one (issued by the coordinator).
    expect(pts.items.find((p) => p.status === 'emitida')?.acoes).toContain('aprovar');
    const types = (await gerente.get('/api/tatico/sst/pt-tipos-servico')).json<{
      items: { nome: string; exige_pt: string | null }[];
    }>();
    expect(types.items.find((i) => i.exige_pt === 'altura')?.nome).toBe(
      'Manutenção de telhado (trabalho em altura)',
    );
  });
});
