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

/** SMTP when SMTP_URL is set; otherwise the outbox table plus a log line with the link. */
export function createMailer(opts: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return async (mail) => {
    if (!transport) {
      await opts.db.insert(emailOutbox).values({ ...mail, status: 'kept' });
      opts.log.info(
        { to: mail.to, link: mail.link },
        `E-mail guardado na caixa de saída (SMTP não configurado): "${mail.subject}" para ${mail.to}${mail.link ? ` — link: ${mail.link}` : ''}`,
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
