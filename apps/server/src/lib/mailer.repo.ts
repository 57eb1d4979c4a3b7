import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { emailOutbox } from '../db/schema/index.ts';

export type OutboxMail = typeof emailOutbox.$inferSelect;

/** The e-mail outbox (`email_outbox`): what the mailer keeps or queues, and what it sent. */
export function createMailerRepo(db: DbOrTx) {
  return {
    /** Writes a mail to the outbox with its status; its id. */
    async add(
      mail: {
        to: string;
        subject: string;
        body: string;
        html?: string;
        headers?: Record<string, string>;
        link?: string;
      },
      status: 'kept' | 'pending',
    ): Promise<number> {
      const [row] = await db
        .insert(emailOutbox)
        .values({ ...mail, status })
        .returning({ id: emailOutbox.id });
      return row!.id;
    },
    async byId(id: number): Promise<OutboxMail | undefined> {
      const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      return mail;
    },
    async setStatus(
      id: number,
      set: { status: 'pending' | 'failed' | 'sent'; error: string | null; sentAt?: Date },
    ) {
      await db.update(emailOutbox).set(set).where(eq(emailOutbox.id, id));
    },
  };
}
