import { addDaysTo, todayIn, weekStartOf } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp } from '../../../test/demo-app.ts';
import { login, type TestApp } from '../../../test/helpers.ts';
import { client } from '../tatico/test-kit.ts';

// The whole demo company, as `npm start` loads it: a manager opening "Custos" sees every kind
// of cost, the coordinator has weeks to approve, and approved weeks match their hours.
let t: TestApp;
let gerente: ReturnType<typeof client>;
let coord: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createDemoApp();
  gerente = client(t, await login(t, 'gerente@eproto.test', 'eproto123'));
  coord = client(t, await login(t, 'coordenador@eproto.test', 'eproto123'));
}, 120_000);
afterAll(async () => t.close());

interface Totals {
  mao_de_obra: number;
  materiais: number;
  combustivel: number;
  manutencao: number;
  epi: number;
  total: number;
  minutos_aprovados: number;
  minutos_pendentes: number;
  minutos_sem_taxa: number;
}

describe('the demo company’s planning and money', () => {
  it('gives the hospital contract labour, materials, fuel, maintenance and EPI costs', async () => {
    const list = (await gerente.get('/api/eproto/custos/contratos')).json<{
      items: Array<{ contrato: { id: number; codigo: string }; custo: number }>;
    }>();
    const hsl = list.items.find((i) => i.contrato.codigo === 'HSL-2025-014')!;
    expect(hsl.custo).toBeGreaterThan(0);
    const res = await gerente.get(`/api/eproto/custos/contratos/${hsl.contrato.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { totais, meses } = res.json<{ totais: Totals; meses: Array<{ total: number }> }>();
    for (const kind of ['mao_de_obra', 'materiais', 'combustivel', 'manutencao', 'epi'] as const) {
      expect(totais[kind], kind).toBeGreaterThan(0);
    }
    expect(totais.minutos_aprovados).toBeGreaterThan(0);
    expect(totais.minutos_pendentes).toBeGreaterThan(0);
    expect(totais.minutos_sem_taxa).toBe(0);
    // Burn over several months, not one lump.
    expect(meses.filter((m) => m.total > 0).length).toBeGreaterThanOrEqual(6);
  });

  it('leaves the last weeks for the coordinator to approve, and approved ones match', async () => {
    const lastWeek = addDaysTo(weekStartOf(todayIn()), -7);
    const team = (await coord.get(`/api/eproto/horas/equipe?semana=${lastWeek}`)).json<{
      items: Array<{ pessoa: { nome: string }; total: number; status: string }>;
    }>();
    const waiting = team.items.filter((i) => i.status === 'aberta' && i.total > 0);
    expect(waiting.map((i) => i.pessoa.nome)).toContain('João Pereira');
    const me = client(t, await login(t, 'equipe@eproto.test', 'eproto123'));
    const thisWeek = weekStartOf(todayIn());
    const week = async (monday: string) =>
      (await me.get(`/api/eproto/horas/semana?semana=${monday}`)).json<{
        total: number;
        status: string;
        aprovacao: { minutos: number } | null;
      }>();
    const old = await week(addDaysTo(thisWeek, -8 * 7));
    expect(old.status).toBe('aprovada');
    expect(old.total).toBeGreaterThan(20 * 60);
    expect(old.aprovacao!.minutos).toBe(old.total);
    const recent = await week(addDaysTo(thisWeek, -7));
    expect(recent.status).toBe('aberta');
    expect(recent.total).toBeGreaterThan(0);
  });
});
