import { startOfDayInZone, todayIn, type ServiceTypeBody } from '@eproto/domain';
import { expect } from 'vitest';
import { contracts, userContracts } from '../../db/schema/index.ts';
import { spa, type TestApp } from '../../../test/helpers.ts';
import { encodeGreyPng } from '../../lib/png.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

const TZ = 'America/Sao_Paulo';

/** ISO instant of hh:00 today (company time) plus some days. */
export function at(hour: number, days = 0) {
  const day = todayIn(TZ);
  return new Date(
    startOfDayInZone(day, TZ).getTime() + days * 86_400_000 + hour * 3_600_000,
  ).toISOString();
}

/** A checklist with one item of every type (required ones: sim/não, número, foto). */
export const FULL_TEMPLATE: ServiceTypeBody = {
  nome: 'Manutenção preventiva de ar-condicionado',
  descricao: 'PMOC',
  itens: [
    { titulo: 'Filtro limpo', tipo: 'sim_nao', obrigatorio: true },
    {
      titulo: 'Temperatura de insuflamento',
      tipo: 'numero',
      obrigatorio: true,
      unidade: '°C',
      minimo: 5,
      maximo: 30,
    },
    { titulo: 'Modelo do equipamento', tipo: 'texto_curto' },
    { titulo: 'Observações técnicas', tipo: 'texto_longo' },
    {
      titulo: 'Estado da serpentina',
      tipo: 'escolha_unica',
      opcoes: ['Boa', 'Suja', 'Danificada'],
    },
    {
      titulo: 'Itens trocados',
      tipo: 'escolha_multipla',
      opcoes: ['Filtro', 'Correia', 'Capacitor'],
    },
    { titulo: 'Foto do equipamento', tipo: 'foto', obrigatorio: true, fotos_minimas: 1 },
    { titulo: 'Próxima visita', tipo: 'data' },
  ],
};

/** People of every role, two contracts (the coordinator manages A), a service type. */
export async function osWorld(t: TestApp) {
  const s = await sessionsByRole(t);
  const rows = await t.database.db
    .insert(contracts)
    .values([
      { codigo: 'OS-A', nome: 'Clima Paulista', cliente: 'Shopping Norte' },
      { codigo: 'OS-B', nome: 'Rede Sul', cliente: 'Energia SA' },
    ])
    .returning({ id: contracts.id });
  const contractA = rows[0]!.id;
  const contractB = rows[1]!.id;
  await t.database.db.insert(userContracts).values([
    { userId: s.coordenador.id, contractId: contractA },
    { userId: s.gerente.id, contractId: contractA },
    { userId: s.equipe.id, contractId: contractA },
  ]);
  const coord = client(t, s.coordenador.cookie);
  const res = await coord.post('/api/tatico/os/tipos', FULL_TEMPLATE);
  expect(res.statusCode, res.body).toBe(201);
  const tipo = res.json<{ id: number; itens: { id: number; titulo: string }[] }>();
  return { s, contractA, contractB, coord, tipo };
}
export type OsWorld = Awaited<ReturnType<typeof osWorld>>;

/** Body of a standalone OS on contract A for the equipe person. */
export function osBody(w: OsWorld, extra: Record<string, unknown> = {}) {
  return {
    contract_id: w.contractA,
    service_type_id: w.tipo.id,
    local: 'Shopping Norte, casa de máquinas',
    latitude: -23.5,
    longitude: -46.6,
    previsto_inicio: at(8, 1),
    previsto_fim: at(12, 1),
    pessoas: [w.s.equipe.id],
    ...extra,
  };
}

/** Creates an OS as the coordinator; returns its detail. */
export async function createOs(t: TestApp, w: OsWorld, extra: Record<string, unknown> = {}) {
  const res = await w.coord.post('/api/tatico/os', osBody(w, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; codigo: string; status: string }>();
}

/** A small grey PNG, different for each seed. */
export function png(seed = 1) {
  const px = new Uint8Array(32 * 24).map((_, i) => (i * seed) % 255);
  return encodeGreyPng(32, 24, px);
}

/** A multipart body with files and the `meta` JSON. */
function multipart(files: Buffer[], meta?: unknown, names?: string[]) {
  const boundary = '----os-test-boundary';
  const parts: Buffer[] = [];
  if (meta !== undefined) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\n\r\n${JSON.stringify(meta)}\r\n`,
      ),
    );
  }
  files.forEach((f, i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${names?.[i] ?? `foto${i}.png`}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      f,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/tatico/os/{id}/fotos as the person of `cookie`. */
export function uploadPhotos(
  t: TestApp,
  cookie: string,
  id: number,
  files: Buffer[],
  meta?: unknown,
  names?: string[],
) {
  const m = multipart(files, meta, names);
  return t.app.inject({
    method: 'POST',
    url: `/api/tatico/os/${id}/fotos`,
    headers: { ...spa, cookie, ...m.headers },
    payload: m.payload,
  });
}
