import { OS_STATUSES } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp } from '../../../test/demo-app.ts';
import { login, type TestApp } from '../../../test/helpers.ts';
import { client } from '../tatico/test-kit.ts';

let t: TestApp;
let diretor: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createDemoApp();
  diretor = client(t, await login(t, 'diretor@eproto.test', 'eproto123'));
}, 120_000);
afterAll(async () => t.close());

describe('service orders demo data', () => {
  it('has 3 service types with real checklists and 30 OSs in every status', async () => {
    const types = (await diretor.get('/api/tatico/os/tipos')).json<{
      items: { nome: string; itens_total: number }[];
    }>();
    expect(types.items.map((i) => i.nome)).toEqual(
      expect.arrayContaining([
        'Manutenção preventiva de ar-condicionado (PMOC)',
        'Inspeção de quadro elétrico (NR-10)',
        'Limpeza de caixa d’água',
      ]),
    );
    const list = (await diretor.get('/api/tatico/os?perPage=200')).json<{
      total: number;
      contagem: Record<string, number>;
    }>();
    // 30 here plus the two roof OSs of the APR/PT demo (sst/apr-pt.seed.ts).
    expect(list.total).toBe(32);
    for (const s of OS_STATUSES) expect(list.contagem[s], s).toBeGreaterThan(0);
  });

  it('concluded demo OSs are sealed, authentic, with photos and a signature or refusal', async () => {
    const list = (await diretor.get('/api/tatico/os?status=concluida&perPage=50')).json<{
      items: { id: number; codigo: string }[];
    }>();
    let refused = 0;
    for (const o of list.items) {
      const d = (await diretor.get(`/api/tatico/os/${o.id}`)).json<{
        fotos: unknown[];
        pendencias: string[];
        assinatura: { tipo: string; imagem_url: string | null };
        selo: { verificacao_codigo: string } | null;
      }>();
      const url = `/api/public/os/verificar/${d.selo?.verificacao_codigo}`;
      const v = await t.app.inject({ method: 'GET', url });
      expect(v.json<{ resultado: string }>().resultado, o.codigo).toBe('autentico');
      expect(d.fotos.length).toBeGreaterThan(0);
      expect(d.pendencias).toEqual([]);
      if (d.assinatura.tipo === 'recusada') refused++;
      else expect((await diretor.get(d.assinatura.imagem_url!)).statusCode).toBe(200);
    }
    expect(refused).toBe(1);
    const pdf = await diretor.get(`/api/tatico/os/${list.items[0]!.id}/relatorio.pdf`);
    expect(pdf.statusCode).toBe(200);
  });
});
