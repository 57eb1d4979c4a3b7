import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import type { JobHandler, JobQueue } from '../jobs/queue.ts';
import { createMailerRepo } from './mailer.repo.ts';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  /** An HTML part besides the text (the daily digest). */
  html?: string;
  /** Extra headers (the digest's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  link?: string;
}

/**
 * Sends an e-mail. With `tx`, it is written in that transaction (sent only if it commits);
 * without, on its own.
 */
export type Mailer = (mail: Mail, options?: { tx?: DbOrTx }) => Promise<void>;

/**
 * SMTP when SMTP_URL is set: the e-mail is an `email_outbox` row (`pending`) and an
 * 'email-send' job, both in the caller's transaction; a worker sends it (createEmailSender).
 * Otherwise the outbox table plus a log line (`kept`). The line carries the link only when
 * `logLinks` (never in production: a reset or invite link is a password).
 */
export function createMailer(opts: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  logLinks: boolean;
  jobs: JobQueue;
}): Mailer {
  return async (mail, options = {}) => {
    if (!opts.smtpUrl) {
      const keep = (tx: DbOrTx) => createMailerRepo(tx).add(mail, 'kept');
      // Never alone on the pool: a write request's statements commit with its activity row.
      if (options.tx) await keep(options.tx);
      else await opts.db.transaction(keep);
      const link = opts.logLinks ? mail.link : undefined;
      opts.log.info(
        { to: mail.to, link },
        `E-mail guardado na caixa de saída (SMTP não configurado): "${mail.subject}" para ${mail.to}${link ? ` — link: ${link}` : ''}`,
      );
      return;
    }
    const write = async (tx: DbOrTx) => {
      const outboxId = await createMailerRepo(tx).add(mail, 'pending');
      await opts.jobs.send(tx, 'email-send', { outboxId });
    };
    if (options.tx) await write(options.tx);
    else await opts.db.transaction(write);
  };
}

/**
 * The 'email-send' handler: sends the outbox row by SMTP once (a row already `sent` is not sent
 * again) with a Message-ID of its own, then marks it sent. A failure is kept on the row and
 * thrown, so the queue retries it with backoff; after the last attempt the row is `failed`.
 */
export function createEmailSender(opts: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error'>;
  smtpUrl?: string;
  from: string;
  /** Domain of the Message-ID (the public URL's host). */
  domain: string;
}): JobHandler {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const repo = createMailerRepo(opts.db);
  return async (data, run) => {
    const id = Number(data.outboxId);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
      throw new Error('Tarefa de e-mail sem outboxId válido');
    const mail = await repo.byId(id);
    if (!mail) throw new Error(`E-mail ${id} não está na caixa de saída`);
    if (mail.status === 'sent') return { skipped: 'já enviado' };
    if (!transport) throw new Error('SMTP não configurado neste nó (SMTP_URL)');
    try {
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
        ...(mail.html !== null && { html: mail.html }),
        ...(mail.headers !== null && { headers: mail.headers }),
        messageId: `<outbox-${id}@${opts.domain}>`,
      });
    } catch (err) {
      const last = run.retryCount >= run.retryLimit;
      await repo.setStatus(id, {
        status: last ? 'failed' : 'pending',
        error: String(err).slice(0, 500),
      });
      opts.log.error({ err, to: mail.to, outboxId: id }, 'Falha ao enviar e-mail por SMTP');
      throw err;
    }
    await repo.setStatus(id, { status: 'sent', sentAt: new Date(), error: null });
    return { sent: true };
  };
}
