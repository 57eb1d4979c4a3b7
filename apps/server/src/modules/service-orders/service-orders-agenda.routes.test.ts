import { addDaysTo, todayIn, type AgendaEntry } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { client } from '../tatico/test-kit.ts';
import { at, createOs, osWorld, type OsWorld } from './os-test-kit.ts';

// Every OS assigned to a person is in their "Minha agenda" on its day: one made with "Nova OS"
// gets its own agenda entry (one made from an entry keeps that entry), a helper added to the
// OS sees it, and the entry moves with the OS's planned time.

let t: TestApp;
let w: OsWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
});
afterAll(async () => t.close());

const TZ = 'America/Sao_Paulo';
const day = (n: number) => addDaysTo(todayIn(TZ), n);

type Mine = { items: AgendaEntry[]; cursor: string; ids?: number[] };
async function mine(cookie: string, from: number, to = from, since?: string) {
  const q = `de=${day(from)}&ate=${day(to)}${since ? `&updated_since=${encodeURIComponent(since)}` : ''}`;
  const res = await client(t, cookie).get(`/api/tatico/agenda/minha?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Mine>();
}
const withOs = (list: Mine, osId: number) => list.items.filter((e) => e.os?.id === osId);

describe('"Nova OS" in Minha agenda', () => {
  it("an OS made with Nova OS is in its technician's Minha agenda on its day, with its time and place", async () => {
    const os = await createOs(t, w, { descricao: 'Troca de filtros do 2º andar' });
    const tomorrow = await mine(w.s.equipe.cookie, 1);
    const [entry] = withOs(tomorrow, os.id);
    expect(entry).toMatchObject({
      inicio: at(8, 1),
      fim: at(12, 1),
      local: 'Shopping Norte, casa de máquinas',
      descricao: 'Troca de filtros do 2º andar',
      status: 'agendado',
      os: { id: os.id, codigo: os.codigo, status: 'aberta' },
      pessoas: [expect.objectContaining({ id: w.s.equipe.id })],
    });
    expect(withOs(await mine(w.s.equipe.cookie, 0), os.id)).toHaveLength(0);
    // Someone off its team does not get it.
    expect(withOs(await mine(w.s.gerente.cookie, 1), os.id)).toHaveLength(0);
    // Without a description, the entry is named by the service type.
    const plain = await createOs(t, w);
    expect(withOs(await mine(w.s.equipe.cookie, 1), plain.id)[0]?.descricao).toBe(
      'Manutenção preventiva de ar-condicionado',
    );
  });

  it('a helper added to the OS gets it (also through the cheap sync) and loses it when taken off', async () => {
    const os = await createOs(t, w);
    const before = await mine(w.s.gerente.cookie, 1);
    expect(withOs(before, os.id)).toHaveLength(0);
    const added = await w.coord.post(`/api/tatico/os/${os.id}/equipe`, { user_id: w.s.gerente.id });
    expect(added.statusCode, added.body).toBe(200);
    expect(withOs(await mine(w.s.gerente.cookie, 1), os.id)).toHaveLength(1);
    // The phone's sync since its last answer brings the entry (not only its id).
    const synced = await mine(w.s.gerente.cookie, 1, 1, before.cursor);
    expect(withOs(synced, os.id)).toHaveLength(1);

    const removed = await w.coord.delete(`/api/tatico/os/${os.id}/equipe/${w.s.gerente.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(withOs(await mine(w.s.gerente.cookie, 1), os.id)).toHaveLength(0);
  });

  it('moving the OS to another day moves it in Minha agenda; an OS from an entry keeps that one entry', async () => {
    const os = await createOs(t, w);
    const moved = await w.coord.patch(`/api/tatico/os/${os.id}`, {
      previsto_inicio: at(14, 3),
      previsto_fim: at(16, 3),
      local: 'Shopping Norte, cobertura',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(withOs(await mine(w.s.equipe.cookie, 1), os.id)).toHaveLength(0);
    expect(withOs(await mine(w.s.equipe.cookie, 3), os.id)[0]).toMatchObject({
      inicio: at(14, 3),
      fim: at(16, 3),
      local: 'Shopping Norte, cobertura',
    });

    const entry = await w.coord.post('/api/tatico/agenda', {
      inicio: at(9, 2),
      fim: at(11, 2),
      local: 'Shopping Norte, loja 12',
      contract_id: w.contractA,
      pessoas: [w.s.equipe.id],
      descricao: 'Visita agendada',
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const entryId = entry.json<{ id: number }>().id;
    const fromEntry = await w.coord.post('/api/tatico/os/da-agenda', {
      agenda_entry_id: entryId,
      service_type_id: w.tipo.id,
    });
    expect(fromEntry.statusCode, fromEntry.body).toBe(201);
    const osId = fromEntry.json<{ id: number }>().id;
    const onDay = withOs(await mine(w.s.equipe.cookie, 2), osId);
    expect(onDay.map((e) => e.id)).toEqual([entryId]);
  });

  it("the entry shows its OS's real status: a cancelled OS stays on it until a new one is made", async () => {
    const os = await createOs(t, w);
    const cancel = await w.coord.post(`/api/tatico/os/${os.id}/etapas`, {
      acao: 'cancelar',
      motivo: 'Cliente desmarcou',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [entry] = withOs(await mine(w.s.equipe.cookie, 1), os.id);
    expect(entry?.os).toEqual({ id: os.id, codigo: os.codigo, status: 'cancelada' });

    // The coordinator makes a new OS from that entry: the live one is the entry's OS.
    const again = await w.coord.post('/api/tatico/os/da-agenda', {
      agenda_entry_id: entry!.id,
      service_type_id: w.tipo.id,
    });
    expect(again.statusCode, again.body).toBe(201);
    const live = again.json<{ id: number; codigo: string }>();
    const list = await mine(w.s.equipe.cookie, 1);
    expect(list.items.find((e) => e.id === entry!.id)?.os).toEqual({
      id: live.id,
      codigo: live.codigo,
      status: 'aberta',
    });
  });

  it('the technician lists their open OSs (neither concluded nor cancelled), whatever their day', async () => {
    const later = await createOs(t, w, { previsto_inicio: at(8, 20), previsto_fim: at(9, 20) });
    const cancelled = await createOs(t, w);
    const cancel = await w.coord.post(`/api/tatico/os/${cancelled.id}/etapas`, {
      acao: 'cancelar',
      motivo: 'Cliente desmarcou',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const other = await createOs(t, w, { pessoas: [w.s.gerente.id] });
    const tech = client(t, w.s.equipe.cookie);
    const res = await tech.get(
      `/api/tatico/os?pessoa_id=${w.s.equipe.id}&abertas=true&perPage=200`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json<{ items: { id: number; status: string }[] }>().items.map((o) => o.id);
    expect(ids).toContain(later.id);
    expect(ids).not.toContain(cancelled.id);
    expect(ids).not.toContain(other.id);
    const all = await tech.get(`/api/tatico/os?pessoa_id=${w.s.equipe.id}&perPage=200`);
    expect(all.json<{ items: { id: number }[] }>().items.map((o) => o.id)).toContain(cancelled.id);
    expect((await tech.get('/api/tatico/os?abertas=talvez')).statusCode).toBe(400);
  });
});
