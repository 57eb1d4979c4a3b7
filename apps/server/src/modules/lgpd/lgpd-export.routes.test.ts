import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  chatMessages,
  epiDeliveries,
  epiItems,
  notifications,
  sstAsos,
  supportTickets,
} from '../../db/schema/index.ts';
import { localStorage } from '../../lib/storage.ts';
import { createTestApp, createUser, login, spa, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function avatarUpload(cookie: string, data: Buffer) {
  const boundary = '----eprotoLgpd';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="eu.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/avatar',
    headers: { ...spa, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const download = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/profile/meus-dados', headers: { cookie } });

function unzip(body: Buffer) {
  const files = unzipSync(new Uint8Array(body));
  const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown[]>;
  const allText = Object.entries(files)
    .filter(([n]) => n.endsWith('.json') || n.endsWith('.txt'))
    .map(([, d]) => strFromU8(d))
    .join('\n');
  return { files, json, allText };
}

/** Two people with data in several areas, each with texts that must stay in their own export. */
async function fixture() {
  const ana = await createUser(t, { role: 'Equipe de Campo', nome: 'Ana Export' });
  const bia = await createUser(t, { role: 'Gerente', nome: 'Bia Outra Pessoa' });
  const anaCookie = await login(t, ana.email);
  expect((await avatarUpload(anaCookie, PNG)).statusCode).toBe(200);
  const db = t.database.db;
  await db.insert(chatMessages).values([
    { senderId: ana.id, recipientId: bia.id, content: 'mensagem-escrita-pela-ana' },
    { senderId: bia.id, recipientId: ana.id, content: 'segredo-escrito-pela-bia' },
  ]);
  await db.insert(notifications).values([
    { userId: ana.id, type: 'other', customText: 'aviso-da-ana' },
    { userId: bia.id, type: 'other', customText: 'aviso-da-bia' },
  ]);
  // Ana's ASO was recorded by Bia; Bia's own ASO was recorded by Ana: each is only its owner's.
  const aso = {
    tipo: 'periodico' as const,
    data: '2026-03-01',
    resultado: 'apto' as const,
    crm: '1234/SP',
  };
  await db.insert(sstAsos).values([
    { ...aso, userId: ana.id, medico: 'Dra. Medica da Ana', createdBy: bia.id },
    {
      ...aso,
      userId: bia.id,
      medico: 'Dr. Medico da Bia',
      resultado: 'apto_restricoes',
      restricoes: 'restricao-saude-bia',
      createdBy: ana.id,
    },
  ]);
  const [item] = await db
    .insert(epiItems)
    .values({
      nome: 'Luva',
      caNumero: '12345',
      caValidade: '2030-01-01',
      tamanho: 'M',
      vidaUtilDias: 90,
    })
    .returning();
  const store = localStorage(t.config.storage.localRoot);
  const signature = await store.put('epi-assinaturas', 'png', PNG);
  const delivery = {
    itemId: item!.id,
    data: '2026-03-02',
    quantidade: 1,
    motivo: 'admissao' as const,
  };
  await db.insert(epiDeliveries).values([
    {
      ...delivery,
      colaboradorId: ana.id,
      entreguePor: bia.id,
      assinaturaKey: signature,
      confirmacao: 'assinatura' as const,
    },
    { ...delivery, colaboradorId: bia.id, entreguePor: ana.id, observacao: 'entrega-da-bia' },
  ]);
  await db.insert(supportTickets).values({
    openedBy: bia.id,
    assunto: 'chamado-da-bia',
    descricao: 'descricao-da-bia',
    categoria: 'outro',
    prioridade: 'baixa',
  });
  return { ana, bia, anaCookie, signature };
}

describe('GET /api/profile/meus-dados', () => {
  it('downloads a ZIP with one JSON per area and the person\u2019s own files, nothing of others', async () => {
    const { ana, bia, anaCookie } = await fixture();
    const res = await download(anaCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="meus-dados-eproto-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const { files, json, allText } = unzip(res.rawPayload);

    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'LEIAME.txt',
        'perfil.json',
        'chat.json',
        'sst.json',
        'epi.json',
        'notificacoes.json',
        'sessoes-e-dispositivos.json',
        'atividade.json',
        'demandas.json',
        'tarefas.json',
        'comentarios.json',
        'ordens-de-servico.json',
      ]),
    );
    expect(json('perfil.json').conta).toMatchObject({
      id: ana.id,
      email: ana.email,
      nome: 'Ana Export',
    });
    expect(JSON.stringify(json('perfil.json'))).not.toContain('password');

    const chat = json('chat.json').chat_messages as Array<{ content: string }>;
    expect(chat.map((m) => m.content)).toEqual(['mensagem-escrita-pela-ana']);
    const avisos = json('notificacoes.json').notifications as Array<{ custom_text: string }>;
    expect(avisos.map((n) => n.custom_text)).toEqual(['aviso-da-ana']);
    const asos = json('sst.json').sst_asos as Array<{ medico: string; user_id: number }>;
    expect(asos).toEqual([
      expect.objectContaining({ medico: 'Dra. Medica da Ana', user_id: ana.id }),
    ]);
    const entregas = json('epi.json').epi_deliveries as Array<{ colaborador_id: number }>;
    expect(entregas.map((e) => e.colaborador_id)).toEqual([ana.id]);
    const sessions = json('sessoes-e-dispositivos.json').sessions as Array<Record<string, unknown>>;
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions[0]).not.toHaveProperty('token_hash');

    // Nothing of Bia: not her messages, notices, ASO, EPI, ticket, e-mail.
    for (const foreign of [
      'segredo-escrito-pela-bia',
      'aviso-da-bia',
      'Dr. Medico da Bia',
      'restricao-saude-bia',
      'entrega-da-bia',
      'chamado-da-bia',
      bia.email,
      'token_hash',
      'password_hash',
    ]) {
      expect(allText).not.toContain(foreign);
    }

    // Own files: the avatar and the drawn EPI signature, byte for byte.
    const avatar = Object.keys(files).find((n) => n.startsWith('arquivos/avatar'));
    expect(avatar && Buffer.from(files[avatar]!).equals(PNG)).toBe(true);
    const sig = Object.keys(files).find((n) => n.startsWith('arquivos/epi_deliveries/'));
    expect(sig).toMatch(/^arquivos\/epi_deliveries\/\d+-assinatura\.png$/);
    expect(Buffer.from(files[sig!]!).equals(PNG)).toBe(true);
  });

  it('logs the export and the view of the person\u2019s own ASO (health data)', async () => {
    const { ana, anaCookie } = await fixture();
    expect((await download(anaCookie)).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, ana.id), eq(activityLog.objectId, String(ana.id))));
    const actions = rows.map((r) => r.action);
    expect(actions).toContain('lgpd_export');
    const view = rows.find((r) => r.action === 'sst_aso_view');
    expect(view?.details).toMatchObject({ origem: 'meus_dados', asos: 1, resultado_visivel: true });
  });

  it('never puts another person\u2019s ASO in the export of who recorded it', async () => {
    const { bia } = await fixture();
    const res = await download(await login(t, bia.email));
    const { json, allText } = unzip(res.rawPayload);
    const asos = json('sst.json').sst_asos as Array<{ medico: string }>;
    expect(asos.map((a) => a.medico)).toEqual(['Dr. Medico da Bia']);
    expect(allText).not.toContain('Dra. Medica da Ana');
    expect(allText).not.toContain('mensagem-escrita-pela-ana');
    const files = Object.keys(unzipSync(new Uint8Array(res.rawPayload)));
    expect(files.filter((f) => f.startsWith('arquivos/'))).toEqual([]);
  });

  it('lists a file that left the storage in LEIAME instead of failing', async () => {
    const { anaCookie, signature } = await fixture();
    await localStorage(t.config.storage.localRoot).remove(signature);
    const res = await download(anaCookie);
    expect(res.statusCode).toBe(200);
    const { files } = unzip(res.rawPayload);
    expect(strFromU8(files['LEIAME.txt']!)).toMatch(
      /não estavam mais no armazenamento:\n- arquivos\/epi_deliveries\//,
    );
    expect(Object.keys(files).some((n) => n.startsWith('arquivos/epi_deliveries/'))).toBe(false);
  });

  it('needs a session and is limited to 5 exports an hour per person', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/meus-dados' })).statusCode).toBe(
      401,
    );
    const u = await createUser(t, { role: 'Coordenador' });
    const cookie = await login(t, u.email);
    for (let i = 0; i < 5; i++) expect((await download(cookie)).statusCode).toBe(200);
    const sixth = await download(cookie);
    expect(sixth.statusCode).toBe(429);
  });
});
