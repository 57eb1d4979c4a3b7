import { addDaysTo, todayIn } from '@eproto/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createFieldAlertsService } from './field-alerts.ts';
import { client, sessionsByRole } from '../modules/tatico/test-kit.ts';
import { serviceDepsOf } from '../../test/service-deps.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let alerts: ReturnType<typeof createFieldAlertsService>;
const today = todayIn('America/Sao_Paulo');

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  alerts = createFieldAlertsService(serviceDepsOf(t), t.app.services);
  const coord = client(t, s.coordenador.cookie);
  await coord.post('/api/tatico/frota/veiculos', {
    placa: 'ALR1A11',
    modelo: 'Strada',
    marca: 'Fiat',
    ano: 2022,
    odometro_km: 0,
    seguro_vencimento: addDaysTo(today, -2),
  });
  await coord.post('/api/tatico/inventario/itens', {
    natureza: 'consumivel',
    codigo: 'ALR-1',
    nome: 'Fita alerta',
    categoria: 'X',
    localizacao: 'A',
    unidade: 'rolo',
    quantidade_inicial: 1,
    estoque_minimo: 5,
  });
  const epi = (
    await coord.post('/api/tatico/epi/itens', {
      nome: 'Protetor auricular',
      ca_numero: '5745',
      ca_validade: addDaysTo(today, 10),
      tamanho: 'Único',
      vida_util_dias: 5,
      estoque_inicial: 10,
    })
  ).json();
  await coord.post('/api/tatico/epi/entregas', {
    colaborador_id: s.equipe.id,
    item_id: epi.id,
    data: addDaysTo(today, -7),
    quantidade: 1,
    motivo: 'admissao',
  });
});
afterAll(async () => t.close());

const alertNotes = (userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'other')))
    .then((rows) => rows.filter((n) => !/^EPI entregue/.test(n.customText ?? '')));

describe('daily alert notifications', () => {
  it('sends each alert once per person and day, to coordenadores and gerentes', async () => {
    const sent = await alerts.notifyDue(new Date());
    expect(sent).toBeGreaterThan(0);
    const coordTexts = (await alertNotes(s.coordenador.id)).map((n) => n.customText);
    expect(coordTexts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Seguro do veículo ALR1A11 venceu em/),
        expect.stringMatching(
          /^Estoque de Fita alerta \(ALR-1\) abaixo do mínimo: 1 de 5 rolos\.$/,
        ),
        expect.stringMatching(/^CA 5745 do EPI Protetor auricular \(tam\. único\) vence em/),
        expect.stringMatching(/^Troca de EPI vencida: Protetor auricular de Pessoa Equipe/),
      ]),
    );
    expect((await alertNotes(s.gerente.id)).length).toBe(coordTexts.length);
    expect(await alertNotes(s.diretoria.id)).toHaveLength(0);

    expect(await alerts.notifyDue(new Date())).toBe(0);
    expect((await alertNotes(s.coordenador.id)).length).toBe(coordTexts.length);
  });

  it('tells the employee their EPI is due for replacement, and repeats the next day', async () => {
    const mine = await alertNotes(s.equipe.id);
    expect(mine.map((n) => n.customText)).toEqual([expect.stringMatching(/^Troca de EPI vencida/)]);
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await alerts.runOnce(tomorrow)).toBeGreaterThan(0);
    expect(await alertNotes(s.equipe.id)).toHaveLength(2);
  });
});
