import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema/index.ts';

export interface Mail {
  to: string;
  subject: string;
  body: string;
  link?: string;
}

export type Mailer = (mail: Mail) => Promise<void>;

/**
 * SMTP when SMTP_URL is set; otherwise the outbox table plus a log line. The line carries the
 * link only when `logLinks` (never in production: a reset or invite link is a password).
 */
export function createMailer(opts: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
  logLinks: boolean;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return async (mail) => {
    if (!transport) {
      await opts.db.insert(emailOutbox).values({ ...mail, status: 'kept' });
      const link = opts.logLinks ? mail.link : undefined;
      opts.log.info(
        { to: mail.to, link },
        `E-mail guardado na caixa de saída (SMTP não configurado): "${mail.subject}" para ${mail.to}${link ? ` — link: ${link}` : ''}`,
      );
      return;
    }
    try {
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
      });
      await opts.db.insert(emailOutbox).values({ ...mail, status: 'sent', sentAt: new Date() });
    } catch (err) {
      opts.log.error({ err, to: mail.to }, 'Falha ao enviar e-mail por SMTP');
      await opts.db
        .insert(emailOutbox)
        .values({ ...mail, status: 'failed', error: String(err).slice(0, 500) });
    }
  };
}
