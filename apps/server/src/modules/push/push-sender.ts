import type { PushPayload } from '@eproto/domain';
import webpush from 'web-push';
import type { DbOrTx } from '../../db/client.ts';
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
}

/** Web Push to each device of a person; sends run in the background and never throw. */
export interface PushSender {
  /** Queues a push to every device of these people; returns at once (call after commit). */
  send(userIds: number[], payload: PushPayload): void;
  /** The public VAPID key browsers subscribe with (made and stored on first use). */
  publicKey(): Promise<string>;
  /** Resolves when every send queued so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

/** How many pushes one node sends at the same time. */
const PARALLEL = 6;
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
  const running = new Set<Promise<void>>();

  /** The endpoint as checked now, or null (failure recorded) when the guard refuses it. */
  async function checkedEndpoint(sub: PushSubscriptionRow): Promise<CheckedUrl | null> {
    try {
      return await opts.guard.check(sub.endpoint);
    } catch (err) {
      if (!(err instanceof OutboundUrlError)) throw err;
      await repo.markFailure(sub.id, `Endereço recusado: ${err.message}`);
      opts.log.warn({ subscriptionId: sub.id, reason: err.reason }, 'Endereço de push recusado.');
      return null;
    }
  }

  async function deliver(sub: PushSubscriptionRow, body: string) {
    const target = await checkedEndpoint(sub);
    if (!target) return;
    const { publicKey, privateKey } = await vapid();
    const req = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      body,
      { vapidDetails: { subject: opts.subject, publicKey, privateKey }, TTL: TTL_SECONDS },
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
      await repo.markFailure(sub.id, err instanceof Error ? err.message : String(err));
      opts.log.warn({ err, subscriptionId: sub.id }, 'Push não entregue ao serviço de push.');
      return;
    }
    if (status >= 200 && status < 300) await repo.markSuccess(sub.id);
    else if (status === 404 || status === 410) await repo.removeGone(sub.id, sub.endpoint);
    else {
      await repo.markFailure(sub.id, `HTTP ${status}`);
      opts.log.warn({ status, subscriptionId: sub.id }, 'Serviço de push recusou o envio.');
    }
  }

  async function sendAll(userIds: number[], payload: PushPayload) {
    const subs = await repo.ofUsers(userIds);
    const body = JSON.stringify(payload);
    let next = 0;
    const worker = async () => {
      while (next < subs.length) {
        const sub = subs[next++]!;
        await deliver(sub, body).catch((err: unknown) =>
          opts.log.error({ err, subscriptionId: sub.id }, 'Falha ao enviar push.'),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, subs.length) }, worker));
  }

  return {
    send(userIds, payload) {
      if (userIds.length === 0) return;
      const job = sendAll(userIds, payload).catch((err: unknown) =>
        opts.log.error({ err }, 'Falha ao enviar push.'),
      );
      running.add(job);
      void job.finally(() => running.delete(job));
    },
    async publicKey() {
      return (await vapid()).publicKey;
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
