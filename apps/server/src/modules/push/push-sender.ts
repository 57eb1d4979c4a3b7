import { createHash } from 'node:crypto';
import type { PushPayload } from '@eproto/domain';
import webpush from 'web-push';
import type { DbOrTx } from '../../db/client.ts';
import type { JobHandler, JobQueue } from '../../jobs/queue.ts';
import { requestChecked } from '../../lib/outbound-request.ts';
import { OutboundUrlError, type CheckedUrl, type OutboundGuard } from '../../lib/outbound-url.ts';
import { createPushRepo, type PushSubscriptionRow } from './push.repo.ts';

interface PushLog {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

export interface PushSenderOptions {
  db: DbOrTx;
  /** `mailto:` or `https:` contact the push services may use (VAPID `sub`). */
  subject: string;
  log: PushLog;
  /** Checked again before every send: the endpoint's name may point elsewhere by now. */
  guard: OutboundGuard;
  timeoutMs?: number;
  /** The job queue: pushes are jobs ('push-send' per notification, 'push-deliver' per device). */
  jobs: JobQueue;
}

/**
 * Web Push to each device of a person, through the job queue: `enqueue` writes a 'push-send'
 * job in the caller's transaction (nothing is pushed if it rolls back, nothing is lost if the
 * node dies), whose handler writes one 'push-deliver' job per device; each delivery is retried
 * with backoff and ends `failed` with its error after the last attempt.
 */
export interface PushSender {
  /** Queues a push to every device of these people, in `db`'s transaction. */
  enqueue(db: DbOrTx, userIds: number[], payload: PushPayload): Promise<void>;
  /** The public VAPID key browsers subscribe with (made and stored on first use). */
  publicKey(): Promise<string>;
  /** Resolves when no push job is waiting to run now or running (tests). */
  idle(): Promise<void>;
  /** The queue handlers (jobs/registry.ts). */
  handlers: { send: JobHandler; deliver: JobHandler };
}

/** Thrown for a delivery the push service did not take: the queue retries it. */
export class PushNotDelivered extends Error {}

/** The Topic of a delivery: a push service keeps only the latest message of a topic. */
const topicOf = (jobId: string) =>
  createHash('sha256').update(jobId).digest('base64url').slice(0, 32);
/** Seconds a push service keeps a push for a phone that is off. */
const TTL_SECONDS = 2 * 24 * 3600;

/** Makes the VAPID pair (once per database: insert-if-absent, then read). */
export async function ensureVapidKeys(db: DbOrTx) {
  return createPushRepo(db).ensureVapidKeys(webpush.generateVAPIDKeys());
}

export function createPushSender(opts: PushSenderOptions): PushSender {
  const repo = createPushRepo(opts.db);
  let keys: ReturnType<typeof ensureVapidKeys> | null = null;
  const vapid = () => {
    keys ??= ensureVapidKeys(opts.db).catch((err: unknown) => {
      keys = null;
      throw err;
    });
    return keys;
  };

  /**
   * The endpoint as checked now. A refusal is recorded on the device and fails the delivery
   * (retried, then "Falhou" with the reason for ti): nothing was sent, so it is never "Enviado".
   */
  async function checkedEndpoint(sub: PushSubscriptionRow): Promise<CheckedUrl> {
    try {
      return await opts.guard.check(sub.endpoint);
    } catch (err) {
      if (!(err instanceof OutboundUrlError)) throw err;
      const reason = `Endereço recusado: ${err.message}`;
      await repo.markFailure(sub.id, reason);
      opts.log.warn({ subscriptionId: sub.id, reason: err.reason }, 'Endereço de push recusado.');
      throw new PushNotDelivered(reason);
    }
  }

  async function deliver(sub: PushSubscriptionRow, body: string, topic?: string) {
    const target = await checkedEndpoint(sub);
    const { publicKey, privateKey } = await vapid();
    const req = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      body,
      {
        vapidDetails: { subject: opts.subject, publicKey, privateKey },
        TTL: TTL_SECONDS,
        // A retry of a delivery whose answer was lost replaces, not repeats, a stored message.
        ...(topic && { topic }),
      },
    );
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    let status: number;
    try {
      // To the address just checked, never following a redirect.
      ({ status } = await requestChecked(target, {
        method: 'POST',
        headers,
        body: req.body,
        timeoutMs: opts.timeoutMs ?? 10_000,
      }));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await repo.markFailure(sub.id, reason);
      opts.log.warn({ err, subscriptionId: sub.id }, 'Push não entregue ao serviço de push.');
      throw new PushNotDelivered(`Serviço de push inacessível: ${reason}`);
    }
    if (status >= 200 && status < 300) await repo.markSuccess(sub.id);
    else if (status === 404 || status === 410) await repo.removeGone(sub.id, sub.endpoint);
    else {
      await repo.markFailure(sub.id, `HTTP ${status}`);
      opts.log.warn({ status, subscriptionId: sub.id }, 'Serviço de push recusou o envio.');
      throw new PushNotDelivered(`Serviço de push respondeu HTTP ${status}`);
    }
  }

  return {
    async enqueue(db, userIds, payload) {
      if (userIds.length === 0) return;
      await opts.jobs.send(db, 'push-send', { userIds, payload });
    },
    async publicKey() {
      return (await vapid()).publicKey;
    },
    async idle() {
      for (;;) {
        if (!(await repo.pendingJobs())) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    handlers: {
      // One job per device, written together: a device's retries never resend the others.
      async send(data) {
        const { userIds, payload } = data as { userIds: number[]; payload: PushPayload };
        const subs = await repo.ofUsers(userIds);
        await opts.db.transaction(async (tx) => {
          for (const sub of subs)
            await opts.jobs.send(tx, 'push-deliver', { subscriptionId: sub.id, payload });
        });
        return { devices: subs.length };
      },
      async deliver(data, run) {
        const { subscriptionId, payload } = data as {
          subscriptionId: number;
          payload: PushPayload;
        };
        const [sub] = await repo.ofIds([subscriptionId]);
        // The device was removed meanwhile: nothing to send.
        if (!sub) return { skipped: 'dispositivo removido' };
        await deliver(sub, JSON.stringify(payload), topicOf(run.id));
        return { delivered: true };
      },
    },
  };
}
