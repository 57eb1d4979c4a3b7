import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  can,
  decodeSignaturePng,
  isSignatureLongEnough,
  missingRequired,
  missingRequiredMessage,
  type osAddendumBody,
  type osConcludeBody,
  type osSendReportBody,
  roleOf,
  SIGNATURE_TOO_SHORT,
  type WebhookOsData,
  WEBHOOK_EVENT,
} from '@eproto/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { missingPerAsset } from './os-assets.ts';
import type { CompanyService } from '../company/company.service.ts';
import { emitWebhook } from '../webhooks/webhook-emit.ts';
import type { OsActor } from './service-order-access.ts';
import { answerValue } from './service-order-detail.ts';
import { renderOsReportPdf } from './service-order-report.pdf.ts';
import { linkExpiry, reportLinkOf } from './service-order-report-link.ts';
import { hashContent, sealedContent, verifySeals } from './service-order-seal.ts';
import { createOsKit } from './service-orders.service.ts';
import { createServiceOrdersRepo, type OsRow, type OsVersion } from './service-orders.repo.ts';
import { createServiceTypesRepo } from './service-types.repo.ts';
import { toItemRule } from './service-types.service.ts';
import { queryAll } from '../../db/query-all.ts';

const SIGNATURE_PREFIX = 'os-assinaturas';
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

/** Required checklist items still missing, read inside the transaction. */
async function missingIn(tx: DbOrTx, o: OsRow) {
  const r = createServiceOrdersRepo(tx);
  const [items, answers, photos] = await queryAll(tx, [
    () => createServiceTypesRepo(tx).items([o.versionId]),
    () => r.answers(o.id),
    () => r.photos(o.id),
  ]);
  const perItem = new Map<number, number>();
  for (const p of photos) {
    const k = p.p.checklistItemId;
    if (k !== null) perItem.set(k, (perItem.get(k) ?? 0) + 1);
  }
  // An OS that serves assets is answered per asset (docs/assets.md).
  const perAsset = await missingPerAsset(tx, o, perItem);
  if (perAsset !== null) return perAsset;
  return missingRequired(
    items.map(toItemRule),
    new Map(answers.map((a) => [a.a.itemId, answerValue(a.a)])),
    perItem,
  );
}

/**
 * Conclusion (check-out) with the customer's signature or refusal, which seals the OS; the
 * report (PDF), the customer's link, addenda and the signature image.
 */
export function createOsConcludeService(
  deps: ServiceDeps,
  { company }: { company: CompanyService },
) {
  const kit = createOsKit(deps);
  const { db } = kit;
  const base = deps.config.publicUrl.replace(/\/$/, '');
  const verifyUrlOf = (o: OsRow) => `${base}/os/verificar/${o.verificacaoCodigo}`;
  const dateBr = (d: Date) =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: kit.tz,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(d);

  async function buildPdf(u: OsActor | null, o: OsRow) {
    const detail = await (u ? kit.detail(u, o.id) : kit.detailForReport(o.id));
    const photos = new Map<number, Buffer>();
    for (const p of detail.fotos) {
      const row = await createServiceOrdersRepo(db).photo(o.id, p.id);
      // The thumbnail (480 px JPEG) prints as sharp as the photo in its slot, at a fraction of
      // the size: a report with 30 photos stays a few hundred KB for the customer's e-mail.
      if (row)
        photos.set(
          p.id,
          await readAll(deps.storage.get(row.thumbKey ?? row.storageKey)).catch(() =>
            Buffer.alloc(0),
          ),
        );
    }
    const signature = o.assinaturaKey
      ? await readAll(deps.storage.get(o.assinaturaKey)).catch(() => null)
      : null;
    const authentic = o.selo ? (await verifySeals(db, [o.id])).get(o.id) === true : false;
    return renderOsReportPdf({
      os: detail,
      empresa: await company.get(),
      photos,
      signature,
      authentic,
      verifyUrl: verifyUrlOf(o),
      timeZone: kit.tz,
    });
  }

  /**
   * A new customer link (random 256-bit token, only its hash stored, valid OS_REPORT_LINK_DAYS)
   * e-mailed through the app's mailer (the e-mail outbox), with the verification page.
   */
  async function mailReport(o: OsRow, to: string, userId: number | null, texto: string) {
    const token = randomBytes(32).toString('base64url');
    const link = `${base}/api/public/os/relatorio/${token}`;
    const empresa = await company.get();
    const now = new Date();
    const expires = linkExpiry(now, deps.config.OS_REPORT_LINK_DAYS);
    return db.transaction(async (tx) => {
      const r = createServiceOrdersRepo(tx);
      const version = await r.update(o.id, {
        relatorioTokenHash: sha256(token),
        relatorioExpiraEm: expires,
        relatorioRevogadoEm: null,
      });
      await r.insertEvent({
        serviceOrderId: o.id,
        tipo: 'relatorio_enviado',
        userId,
        em: now,
        texto,
      });
      // In the same transaction: the link and its e-mail (outbox row + send job) or neither.
      await deps.mailer(
        {
          to,
          subject: `Relatório da ${o.codigo}${empresa ? ` — ${empresa.nome}` : ''}`,
          body:
            `Olá,\n\nO relatório do serviço ${o.codigo} (${o.local}) está disponível até ` +
            `${dateBr(expires)} em:\n${link}\n\n` +
            `Para conferir a autenticidade do relatório, acesse ${verifyUrlOf(o)} ` +
            `(ou aponte a câmera para o QR impresso nele): a página mostra o mesmo SHA-256 do relatório.\n\n` +
            `${empresa?.nome ?? 'E-Proto'}`,
          link,
        },
        { tx },
      );
      return version;
    });
  }

  /**
   * At conclusion: the report to the OS's customer e-mail unless its type opted out; the OS's
   * version after it when it was sent.
   */
  async function mailReportAtConclusion(id: number, u: OsActor): Promise<OsVersion | undefined> {
    const o = (await createServiceOrdersRepo(db).byId(id))?.o;
    if (!o?.clienteEmail || o.selo === null) return;
    const type = await createServiceTypesRepo(db).byId(o.serviceTypeId);
    if (!type?.enviarRelatorioCliente) return;
    try {
      return await mailReport(
        o,
        o.clienteEmail,
        u.id,
        `Enviado automaticamente para ${o.clienteEmail}`,
      );
    } catch (err) {
      // The OS is concluded and sealed (a retry of the conclusion would be refused): the report
      // can still be sent from the OS page.
      console.error(`Falha ao enviar o relatório da OS ${o.codigo} ao cliente:`, err);
    }
  }

  return {
    async conclude(
      u: OsActor,
      id: number,
      b: z.output<typeof osConcludeBody>,
      userAgent: string | undefined,
    ) {
      const a = await kit.access.of(u, id);
      kit.assertTeam(a);
      kit.assertOpen(a.row.o);
      const now = new Date();
      const deviceTime = kit.deviceTime(b, now);
      let key: string | null = null;
      let pngHash: string | null = null;
      let version: OsVersion;
      if (b.tipo === 'assinada') {
        if (!b.assinatura_tracos || !isSignatureLongEnough(b.assinatura_tracos)) {
          throw new AppError('VALIDATION', SIGNATURE_TOO_SHORT, 'assinatura');
        }
        const png = decodeSignaturePng(b.assinatura!);
        if (!png) throw new AppError('VALIDATION', 'Assinatura inválida.', 'assinatura');
        pngHash = sha256(png);
        key = await deps.storage.put(`${SIGNATURE_PREFIX}/${id}`, 'png', Buffer.from(png));
      }
      try {
        const done = await db.transaction(async (tx) => {
          const r = createServiceOrdersRepo(tx);
          const cur = await kit.lockOpen(tx, id);
          if (cur.status !== 'em_execucao') {
            throw new AppError(
              'CONFLICT',
              'Só é possível concluir uma OS em execução: faça o check-in ou retome a OS.',
            );
          }
          const missing = await missingIn(tx, cur);
          if (missing.length) {
            throw new AppError('VALIDATION', missingRequiredMessage(missing), 'checklist');
          }
          const signed = b.tipo === 'assinada';
          await r.update(id, {
            status: 'concluida',
            // When it was signed and concluded on the phone; the seal's time is the arrival.
            concluidaEm: deviceTime ?? now,
            observacoes: b.observacoes,
            assinaturaTipo: b.tipo,
            clienteNome: b.cliente_nome,
            clienteCpf: signed ? b.cliente_cpf : null,
            assinaturaKey: key,
            assinaturaSha256: pngHash,
            assinaturaMeta: signed
              ? {
                  dispositivo: userAgent?.slice(0, 300) ?? null,
                  latitude: b.assinatura_local?.latitude ?? null,
                  longitude: b.assinatura_local?.longitude ?? null,
                  precisao_m: b.assinatura_local?.precisao_m ?? null,
                  tracos: b.assinatura_tracos?.length ?? 0,
                }
              : null,
            recusaMotivo: signed ? null : b.recusa_motivo,
            avaliacao: b.avaliacao,
            comentario: b.comentario,
            seladaEm: now,
          });
          await r.insertEvent({
            serviceOrderId: id,
            tipo: 'concluida',
            status: 'concluida',
            userId: u.id,
            em: now,
            deviceTime,
            latitude: b.latitude,
            longitude: b.longitude,
            precisaoM: b.precisao_m,
            motivo: signed ? null : b.recusa_motivo,
            texto: signed ? `Assinada por ${b.cliente_nome}` : 'O cliente recusou a assinatura',
          });
          const content = await sealedContent(tx, id);
          const selo = hashContent(content);
          const sealed = await r.update(id, { selo });
          // Webhooks: every conclusion is 'os.concluida'; a refused signature is also 'os.recusada'.
          const os: WebhookOsData = {
            id,
            codigo: cur.codigo,
            status: 'concluida',
            cliente: a.row.contractCliente,
            contrato: a.row.contractNome,
            local: cur.local,
            concluida_em: (deviceTime ?? now).toISOString(),
            assinatura: b.tipo,
            assinada_por: signed ? b.cliente_nome : null,
            recusa_motivo: signed ? null : b.recusa_motivo,
            selo_sha256: selo,
            relatorio_url: `${base}/api/tatico/os/${id}/relatorio.pdf`,
            verificacao_url: verifyUrlOf(cur),
          };
          await emitWebhook(deps, tx, WEBHOOK_EVENT.osConcluida, { os });
          if (!signed) await emitWebhook(deps, tx, WEBHOOK_EVENT.osRecusada, { os });
          const managers = (await r.contractPeople(cur.contractId))
            .filter((p) => can(roleOf(p.role), 'os.manage'))
            .map((p) => p.id);
          const to = [...new Set([...(cur.createdBy ? [cur.createdBy] : []), ...managers])];
          const publishDone = await kit.notifications.notify(
            {
              userIds: to,
              type: 'os_concluded',
              authorId: u.id,
              customText: `${cur.codigo} concluída: ${cur.local}.`,
              link: `/tatico/agenda/os/${id}`,
            },
            tx,
          );
          const publishRefused = signed
            ? async () => undefined
            : await kit.notifications.notify(
                {
                  userIds: to,
                  type: 'os_refused',
                  authorId: u.id,
                  customText: `O cliente recusou a assinatura da ${cur.codigo}: ${b.recusa_motivo}`,
                  link: `/tatico/agenda/os/${id}`,
                },
                tx,
              );
          return {
            version: sealed,
            publish: async () => {
              await publishDone();
              await publishRefused();
            },
          };
        });
        await done.publish();
        version = (await mailReportAtConclusion(id, u)) ?? done.version;
      } catch (err) {
        if (key) await deps.storage.remove(key).catch(() => undefined);
        throw err;
      }
      await kit.changed(id, version);
      return kit.detail(u, id);
    },

    /** A correction after sealing (gerente/diretoria), shown apart from the sealed content. */
    async addendum(u: OsActor, id: number, b: z.output<typeof osAddendumBody>) {
      const a = await kit.access.of(u, id);
      if (!a.addendum) {
        throw new AppError('FORBIDDEN', 'Só gerente ou diretoria do contrato registram adendos.');
      }
      if (a.row.o.selo === null) {
        throw new AppError('CONFLICT', 'Adendos só existem em OS concluída e selada.');
      }
      const now = new Date();
      const version = await db.transaction(async (tx) => {
        const r = createServiceOrdersRepo(tx);
        await r.lock(id);
        await r.insertAddendum({
          serviceOrderId: id,
          texto: b.texto,
          authorId: u.id,
          createdAt: now,
        });
        await r.insertEvent({
          serviceOrderId: id,
          tipo: 'adendo',
          userId: u.id,
          em: now,
          texto: b.texto.slice(0, 200),
        });
        return r.touch(id);
      });
      await kit.changed(id, version);
      return kit.detail(u, id);
    },

    /** The report PDF for someone who may see the OS. */
    async report(u: OsActor, id: number) {
      const a = await kit.access.of(u, id);
      return { codigo: a.row.o.codigo, pdf: await buildPdf(u, a.row.o) };
    },

    /**
     * The sealed report through the customer's link (no session): 404 for an unknown link, 410
     * with the reason in Portuguese once it expired or was revoked.
     */
    async publicReport(token: string) {
      const row = await createServiceOrdersRepo(db).byTokenHash(sha256(token));
      if (!row || row.selo === null) {
        throw new AppError(
          'NOT_FOUND',
          'Link do relatório não encontrado. Confira o endereço recebido por e-mail.',
        );
      }
      const link = reportLinkOf(row, new Date());
      if (link?.situacao === 'revogado') {
        throw new AppError(
          'GONE',
          `Este link do relatório da ${row.codigo} foi revogado pela empresa. Peça um novo link a quem atendeu você.`,
        );
      }
      if (link?.situacao === 'expirado') {
        throw new AppError(
          'GONE',
          `Este link do relatório da ${row.codigo} expirou em ${dateBr(new Date(link.expira_em))}. Peça um novo link a quem atendeu você.`,
        );
      }
      return { codigo: row.codigo, pdf: await buildPdf(null, row) };
    },

    /**
     * E-mails the customer a new link to the sealed report (it replaces the old one): the team
     * of the OS and its gestores.
     */
    async sendReport(u: OsActor, id: number, b: z.output<typeof osSendReportBody>) {
      const a = await kit.access.of(u, id);
      if (!a.manager && !a.onTeam) {
        throw new AppError('FORBIDDEN', 'Só a equipe e os gestores da OS enviam o relatório.');
      }
      const o = a.row.o;
      if (o.selo === null) {
        throw new AppError('CONFLICT', 'O relatório só pode ser enviado depois da OS concluída.');
      }
      const to = b.email ?? o.clienteEmail;
      if (!to) throw new AppError('VALIDATION', 'Informe o e-mail do cliente.', 'email');
      await kit.changed(id, await mailReport(o, to, u.id, `Para ${to}`));
      return { enviado_para: to };
    },

    /** Revokes the customer's link: it answers "revogado" until a new one is sent. */
    async revokeLink(u: OsActor, id: number) {
      const a = await kit.access.of(u, id);
      if (!a.manager && !a.onTeam) {
        throw new AppError('FORBIDDEN', 'Só a equipe e os gestores da OS revogam o link.');
      }
      const o = a.row.o;
      const link = reportLinkOf(o, new Date());
      if (!link) throw new AppError('CONFLICT', 'Nenhum link do relatório foi enviado.');
      if (link.situacao === 'ativo') {
        const now = new Date();
        const version = await db.transaction(async (tx) => {
          const r = createServiceOrdersRepo(tx);
          const version = await r.update(id, { relatorioRevogadoEm: now });
          await r.insertEvent({
            serviceOrderId: id,
            tipo: 'relatorio_enviado',
            userId: u.id,
            em: now,
            texto: 'Link do relatório revogado',
          });
          return version;
        });
        await kit.changed(id, version);
      }
      return kit.detail(u, id);
    },

    /** The customer's drawn signature (PNG). */
    async signature(u: OsActor, id: number): Promise<{ stream: Readable }> {
      const a = await kit.access.of(u, id);
      const k = a.row.o.assinaturaKey;
      if (!k || !(await deps.storage.exists(k))) {
        throw new AppError('NOT_FOUND', 'Assinatura não encontrada.');
      }
      return { stream: deps.storage.get(k) };
    },
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}
