import { RT_EVENTS, todayIn, type Vehicle, type VehicleListChanges } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../lib/events.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

// Issue 37: every fleet write publishes 'fleet.changed' with the vehicle's new updated_at, and
// GET /tatico/frota/veiculos/changes answers a list's ids and only the vehicles changed since,
// so an open list patches itself instead of reading every vehicle again.

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let gestor: ReturnType<typeof client>;
let gerente: ReturnType<typeof client>;
const today = todayIn('America/Sao_Paulo');
const base = '/api/tatico/frota/veiculos';

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  gestor = client(t, s.coordenador.cookie);
  gerente = client(t, s.gerente.cookie);
});
afterAll(async () => t.close());

let plateSeq = 0;
async function newVehicle(extra: Record<string, unknown> = {}) {
  plateSeq += 1;
  const res = await gestor.post(base, {
    placa: `CHG${String(1000 + plateSeq)}`,
    modelo: 'Strada',
    marca: 'Fiat',
    ano: 2022,
    odometro_km: 10000,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ vehicle: Vehicle }>().vehicle;
}

/** The 'fleet.changed' events a write publishes, and its answer. */
async function write(run: () => ReturnType<typeof gestor.post>) {
  const seen: AppEvent[] = [];
  const stop = t.events.subscribe((e) => {
    if (e.type === RT_EVENTS.fleetChanged) seen.push(e);
  });
  const res = await run();
  stop();
  expect(res.statusCode, res.body).toBeLessThan(300);
  return { events: seen, body: res.json<{ vehicle: Vehicle; maintenances: { id: number }[] }>() };
}

/** The vehicle's updated_at as its page reads it now. */
const versionOf = async (id: number) =>
  (await gestor.get(`${base}/${id}`)).json<{ vehicle: Vehicle }>().vehicle.updated_at;

describe("fleet writers publish 'fleet.changed' with the vehicle's version", () => {
  it('every write of a vehicle or of what hangs from it, after its commit', async () => {
    const v = await newVehicle();
    const fuelKm = 10_050;
    const steps: Array<[string, () => ReturnType<typeof gestor.post>]> = [
      ['edit', () => gestor.patch(`${base}/${v.id}`, { modelo: 'Strada Freedom' })],
      [
        'maintenance',
        () => gestor.post(`${base}/${v.id}/manutencoes`, { tipo: 'corretiva', descricao: 'Freio' }),
      ],
      [
        'fuel',
        () =>
          gestor.post(`${base}/${v.id}/abastecimentos`, {
            data: today,
            combustivel: 'diesel',
            litros: 40,
            valor_total: 240,
            km: fuelKm,
          }),
      ],
      [
        'fuel below the odometer move',
        () =>
          gestor.post(`${base}/${v.id}/abastecimentos`, {
            data: today,
            combustivel: 'diesel',
            litros: 10,
            valor_total: 60,
            km: fuelKm,
          }),
      ],
      [
        'checkout',
        () =>
          gestor.post(`${base}/${v.id}/checkout`, { condutor_id: s.equipe.id, km_saida: fuelKm }),
      ],
      ['checkin', () => gestor.post(`${base}/${v.id}/checkin`, { km_retorno: fuelKm + 40 })],
      [
        'km correction',
        () =>
          gerente.post(`${base}/${v.id}/correcoes-km`, {
            leitura: 'odometro',
            km: fuelKm + 45,
            motivo: 'Painel conferido',
          }),
      ],
    ];
    let last = v.updated_at;
    for (const [name, run] of steps) {
      const { events } = await write(run);
      const now = await versionOf(v.id);
      expect(events, name).toEqual([
        expect.objectContaining({ id: v.id, version: now, data: { id: v.id } }),
      ]);
      expect(Date.parse(now), name).toBeGreaterThan(Date.parse(last));
      last = now;
    }
    // Start and finish of a maintenance.
    const m = await newVehicle();
    const made = await write(() =>
      gestor.post(`${base}/${m.id}/manutencoes`, { tipo: 'corretiva', descricao: 'Pastilhas' }),
    );
    const mid = made.body.maintenances[0]!.id;
    for (const step of ['iniciar', 'concluir']) {
      const { events } = await write(() =>
        gestor.post(
          `${base}/${m.id}/manutencoes/${mid}/${step}`,
          step === 'concluir' ? { realizada_data: today, realizada_km: 10_100 } : {},
        ),
      );
      expect(events, step).toEqual([
        expect.objectContaining({ id: m.id, version: await versionOf(m.id) }),
      ]);
    }
  });

  it('a creation publishes the new vehicle and its version', async () => {
    const seen: AppEvent[] = [];
    const stop = t.events.subscribe((e) => seen.push(e));
    const v = await newVehicle();
    stop();
    expect(seen.filter((e) => e.type === RT_EVENTS.fleetChanged)).toEqual([
      expect.objectContaining({ id: v.id, version: v.updated_at }),
    ]);
  });
});

describe('GET /tatico/frota/veiculos/changes', () => {
  it("answers the list's ids, only the vehicles changed since and the total", async () => {
    const a = await newVehicle({ modelo: 'Delta lote' });
    const b = await newVehicle({ modelo: 'Delta lote' });
    const { events } = await write(() => gestor.patch(`${base}/${a.id}`, { ano: 2023 }));
    const version = events[0]!.version!;
    const res = await gestor.get(`${base}/changes?q=Delta%20lote&${cursorParam(version)}`);
    expect(res.statusCode, res.body).toBe(200);
    const changes = res.json<VehicleListChanges>();
    const whole = (await gestor.get(`${base}?q=Delta%20lote`)).json<{ items: Vehicle[] }>();
    expect(changes.ids).toEqual(whole.items.map((x) => x.id));
    expect(changes.ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(changes.items.map((x) => [x.id, x.ano, x.updated_at])).toEqual([[a.id, 2023, version]]);
    expect(changes.items[0]).toEqual(whole.items.find((x) => x.id === a.id));
    expect(changes.total).toBe(changes.ids.length);
    expect(Date.parse(changes.cursor)).toBeLessThanOrEqual(Date.now());
    // Bytes: the delta against the list read whole.
    console.info(`fleet delta ${res.body.length} B, list ${JSON.stringify(whole).length} B`);
  });

  it('keeps the filters: a vehicle out of the status filter leaves ids', async () => {
    const v = await newVehicle({ modelo: 'Filtro status' });
    const since = (await write(() => gestor.patch(`${base}/${v.id}`, { status: 'inativo' })))
      .events[0]!.version!;
    const res = await gestor.get(`${base}/changes?status=disponivel&${cursorParam(since)}`);
    const changes = res.json<VehicleListChanges>();
    expect(changes.ids).not.toContain(v.id);
    expect(changes.items).toEqual([]);
  });

  it('is for the fleet screen only, like the list (an outsider reads nothing)', async () => {
    const since = cursorParam(new Date(Date.now() - 60_000).toISOString());
    const outsider = client(t, s.financeiro.cookie);
    expect((await outsider.get(base)).statusCode).toBe(403);
    expect((await outsider.get(`${base}/changes?${since}`)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/changes?${since}` })).statusCode,
    ).toBe(401);
  });

  it('requires updated_since', async () => {
    expect((await gestor.get(`${base}/changes`)).statusCode).toBe(400);
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400 in Portuguese', async (value) => {
    const res = await gestor.get(`${base}/changes?${cursorParam(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since|caractere inválido/);
  });

  it.each(['status=0x10', 'status=%00', 'q=%00', `q=${'x'.repeat(81)}`, 'status=2147483648'])(
    'refuses %s with 400',
    async (param) => {
      const since = cursorParam(new Date().toISOString());
      expect((await gestor.get(`${base}/changes?${param}&${since}`)).statusCode).toBe(400);
    },
  );
});
