import type { OsDetail } from '@eproto/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, serviceOrders } from '../../db/schema/index.ts';
import { createTestApp, userWithSession, type TestApp } from '../../../test/helpers.ts';
import { pdfFontsUsed, pdfQrCodes, pdfViewerText } from '../../../test/pdf-render.ts';
import { client, drawnSignature } from '../tatico/test-kit.ts';
import { createOs, osWorld, type OsWorld } from './os-test-kit.ts';

// The sealed report as the customer gets it: e-mailed at conclusion through the outbox, a QR
// that opens the verification page by a random code, and a link that expires and can be revoked.

let t: TestApp;
let w: OsWorld;
let tech: ReturnType<typeof client>;
let quickType: number;
let quietType: number;
const SITE = { latitude: -23.5, longitude: -46.6 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(async () => {
  t = await createTestApp({}, { mailer: 'outbox' });
  w = await osWorld(t);
  tech = client(t, w.s.equipe.cookie);
  const itens = [{ titulo: 'Vazamento encontrado', tipo: 'texto_curto' }];
  const quick = await w.coord.post('/api/tatico/os/tipos', {
    nome: 'Inspeção de vazamento',
    itens,
  });
  expect(quick.statusCode, quick.body).toBe(201);
  expect(quick.json<{ enviar_relatorio_cliente: boolean }>().enviar_relatorio_cliente).toBe(true);
  quickType = quick.json<{ id: number }>().id;
  const quiet = await w.coord.post('/api/tatico/os/tipos', {
    nome: 'Inspeção interna',
    enviar_relatorio_cliente: false,
    itens,
  });
  expect(quiet.statusCode, quiet.body).toBe(201);
  expect(quiet.json<{ enviar_relatorio_cliente: boolean }>().enviar_relatorio_cliente).toBe(false);
  quietType = quiet.json<{ id: number }>().id;
});
afterAll(async () => t.close());

/** An OS of a type without required items, checked in and concluded with a signature. */
async function concluded(extra: Record<string, unknown> = {}) {
  const os = await createOs(t, w, { service_type_id: quickType, ...extra });
  const inRes = await tech.post(`/api/tatico/os/${os.id}/etapas`, { acao: 'check_in', ...SITE });
  expect(inRes.statusCode, inRes.body).toBe(200);
  const res = await tech.post(`/api/tatico/os/${os.id}/concluir`, {
    tipo: 'assinada',
    cliente_nome: 'Marta Souza',
    cliente_cpf: '529.982.247-25',
    ...drawnSignature(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OsDetail>();
}

const mailsTo = (to: string) =>
  t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

const get = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('the sealed PDF and its verification', () => {
  it('carries a QR that opens the verification page by a random code, with the hash', async () => {
    const d = await concluded({ local: 'Casa de máquinas 💧 bloco B' });
    const code = d.selo!.verificacao_codigo;
    expect(code).toMatch(UUID);
    expect(d.selo!.verificacao_path).toBe(`/os/verificar/${code}`);

    const pdf = (await tech.get(`/api/tatico/os/${d.id}/relatorio.pdf`)).rawPayload;
    expect(pdfQrCodes(pdf)).toEqual([`http://localhost:3000/os/verificar/${code}`]);
    const text = pdfViewerText(pdf).join('\n');
    expect(text).toContain(d.selo!.sha256);
    expect(text).toContain(`Código de verificação: ${code}`);
    // The emoji of the place prints as the emoji, in the embedded emoji font.
    expect(text).toContain('Casa de máquinas 💧 bloco B');
    expect(text).not.toMatch(/Ø=|Ø>/);
    expect(pdfFontsUsed(pdf).has('NotoEmoji-Regular')).toBe(true);

    const page = await get(`/api/public/os/verificar/${code.toUpperCase()}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      codigo: d.codigo,
      resultado: 'autentico',
      sha256: d.selo!.sha256,
    });
  });

  it('cannot be checked by the sequential OS number or a guessed code', async () => {
    const d = await concluded();
    const byNumber = await get(`/api/public/os/verificar/${d.codigo}`);
    expect(byNumber.statusCode).toBe(400);
    expect(byNumber.json<{ error: string }>().error).toBe('Código de verificação inválido.');
    const guessed = await get('/api/public/os/verificar/3f2b8c1e-6a4d-4c2b-9e1f-0a1b2c3d4e5f');
    expect(guessed.statusCode).toBe(404);
    for (const hostile of ['2147483648', '%00', '0000-00-00', '0x10', 'a'.repeat(80)]) {
      expect((await get(`/api/public/os/verificar/${hostile}`)).statusCode, hostile).toBe(400);
    }
  });
});

describe('the report to the customer at conclusion', () => {
  it('goes to the customer e-mail through the outbox, with a link to the PDF', async () => {
    const to = 'cliente.vazamento@shopping.test';
    const d = await concluded({ cliente_email: to });
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.status).toBe('kept'); // no SMTP in tests: kept in the outbox
    expect(mail.subject).toBe(`Relatório da ${d.codigo}`);
    expect(mail.body).toContain(`http://localhost:3000/os/verificar/${d.selo!.verificacao_codigo}`);
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/api\/public\/os\/relatorio\/[\w-]{43}$/);
    const pdf = await get(new URL(mail.link!).pathname);
    expect(pdf.statusCode).toBe(200);
    expect(pdfQrCodes(pdf.rawPayload)).toEqual([
      `http://localhost:3000/os/verificar/${d.selo!.verificacao_codigo}`,
    ]);
    const detail = (await tech.get(`/api/tatico/os/${d.id}`)).json<OsDetail>();
    expect(detail.relatorio_link?.situacao).toBe('ativo');
    const days = (Date.parse(detail.relatorio_link!.expira_em) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(detail.historico.some((h) => h.tipo === 'relatorio_enviado')).toBe(true);
  });

  it('is not sent when the OS type opted out, nor without an e-mail; the technician may send it', async () => {
    const to = 'cliente.interno@shopping.test';
    const d = await concluded({ cliente_email: to, service_type_id: quietType });
    expect(await mailsTo(to)).toHaveLength(0);
    const none = await concluded();
    expect(none.relatorio_link).toBeNull();

    const sent = await tech.post(`/api/tatico/os/${d.id}/enviar-relatorio`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ enviado_para: to });
    expect(await mailsTo(to)).toHaveLength(1);
    const detail = (await tech.get(`/api/tatico/os/${d.id}`)).json<OsDetail>();
    expect(detail.permissoes.enviar_relatorio).toBe(true);
  });
});

describe("the customer's report link", () => {
  async function linkOf(to: string) {
    const d = await concluded({ cliente_email: to });
    const [mail] = await mailsTo(to);
    return { d, path: new URL(mail!.link!).pathname };
  }

  it('expires after the configured days and says so in Portuguese', async () => {
    const { d, path } = await linkOf('cliente.expira@shopping.test');
    expect((await get(path)).statusCode).toBe(200);
    await t.database.db
      .update(serviceOrders)
      .set({ relatorioExpiraEm: new Date('2026-01-10T15:00:00Z') })
      .where(eq(serviceOrders.id, d.id));
    const json = await get(path);
    expect(json.statusCode).toBe(410);
    expect(json.json<{ error: string }>().error).toBe(
      `Este link do relatório da ${d.codigo} expirou em 10/01/2026. Peça um novo link a quem atendeu você.`,
    );
    const html = await get(path, { accept: 'text/html,application/xhtml+xml' });
    expect(html.statusCode).toBe(410);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('expirou em 10/01/2026');
    const detail = (await tech.get(`/api/tatico/os/${d.id}`)).json<OsDetail>();
    expect(detail.relatorio_link?.situacao).toBe('expirado');
  });

  it('is revoked from the OS, and a new sending makes a new link', async () => {
    const to = 'cliente.revoga@shopping.test';
    const { d, path } = await linkOf(to);
    const revoked = await w.coord.post(`/api/tatico/os/${d.id}/relatorio-link/revogar`, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<OsDetail>().relatorio_link?.situacao).toBe('revogado');
    const gone = await get(path, { accept: 'text/html' });
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('foi revogado pela empresa');

    const again = await tech.post(`/api/tatico/os/${d.id}/enviar-relatorio`, {});
    expect(again.statusCode, again.body).toBe(200);
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(2);
    const fresh = new URL(mails.at(-1)!.link!).pathname;
    expect((await get(fresh)).statusCode).toBe(200);
    expect((await get(path)).statusCode).toBe(404); // the old token is gone for good
    const byTech = await tech.post(`/api/tatico/os/${d.id}/relatorio-link/revogar`, {});
    expect(byTech.statusCode, byTech.body).toBe(200);
    expect((await get(fresh)).statusCode).toBe(410);
    const [row] = await t.database.db
      .select()
      .from(serviceOrders)
      .where(and(eq(serviceOrders.id, d.id), eq(serviceOrders.clienteEmail, to)));
    expect(row!.relatorioRevogadoEm).not.toBeNull();
  });

  it('cannot be revoked by someone outside the OS, nor before any sending', async () => {
    const d = await concluded();
    const never = await w.coord.post(`/api/tatico/os/${d.id}/relatorio-link/revogar`, {});
    expect(never.statusCode).toBe(409);
    const sent = await tech.post(`/api/tatico/os/${d.id}/enviar-relatorio`, {
      email: 'cliente.estranho@shopping.test',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const outsider = await userWithSession(t, 'Equipe');
    const stranger = client(t, outsider.cookie);
    expect(
      (await stranger.post(`/api/tatico/os/${d.id}/relatorio-link/revogar`, {})).statusCode,
    ).toBe(404);
    expect((await stranger.post(`/api/tatico/os/${d.id}/enviar-relatorio`, {})).statusCode).toBe(
      404,
    );
  });

  it('is rate-limited per address', async () => {
    const { path } = await linkOf('cliente.limite@shopping.test');
    // Every try counts, found or not: guessing tokens from one address stops at 20 a minute.
    const guess = `/api/public/os/relatorio/${'x'.repeat(43)}`;
    for (let i = 0; i < 20; i++) {
      expect((await get(guess, {}, '198.51.100.7')).statusCode).toBe(404);
    }
    expect((await get(path, {}, '198.51.100.7')).statusCode).toBe(429);
    expect((await get(path, {}, '198.51.100.8')).statusCode).toBe(200);
  });
});
