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

describe('SST demo data of service orders', () => {
  it('has two service types with requirements and CNH categories on the vehicles', async () => {
    const types = (await gerente.get('/api/tatico/os/tipos')).json<{
      items: { id: number; nome: string }[];
    }>();
    const required: Record<string, string | null> = {};
    for (const st of types.items) {
      const r = (await gerente.get(`/api/tatico/sst/tipos-servico/${st.id}`)).json<{
        tipo_atividade: { nome: string; requisitos: { rotulo: string }[] } | null;
      }>();
      required[st.nome] = r.tipo_atividade
        ? `${r.tipo_atividade.nome}: ${r.tipo_atividade.requisitos.map((x) => x.rotulo).join(', ')}`
        : null;
    }
    expect(required).toEqual({
      'Manutenção preventiva de ar-condicionado (PMOC)': 'Trabalho em altura: NR-35, ASO apto',
      'Inspeção de quadro elétrico (NR-10)': 'Serviço em eletricidade: NR-10, ASO apto',
      'Limpeza de caixa d’água': null,
      // The APR/PT demo's type (sst/apr-pt.seed.ts): it requires a PT, not a qualification set.
      'Manutenção de telhado (trabalho em altura)': null,
    });
    const fleet = (await gerente.get('/api/tatico/frota/veiculos?perPage=50')).json<{
      items: { placa: string; categoria_cnh: string | null }[];
    }>();
    expect(fleet.items.length).toBeGreaterThanOrEqual(8);
    expect(fleet.items.every((v) => v.categoria_cnh !== null)).toBe(true);
    expect(fleet.items.find((v) => v.placa.startsWith('KXD'))?.categoria_cnh).toBe('C');
  });

  it('lets the matrix show expired and expiring items of the demo people', async () => {
    const m = (await gerente.get('/api/tatico/sst/matriz')).json<{
      linhas: { pessoa: { nome: string }; celulas: { estado: string }[] }[];
    }>();
    const states = m.linhas.flatMap((l) => l.celulas.map((c) => c.estado));
    expect(states).toContain('vencido');
    expect(states).toContain('vencendo');
    expect(states).toContain('valido');
  });
});
