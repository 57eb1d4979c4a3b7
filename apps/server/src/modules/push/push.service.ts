import {
  deviceLabelOf,
  notificationPath,
  PUSH_BODY_MAX,
  PUSH_USER_AGENT_MAX,
  pushRuleFor,
  type PushDevice,
  type PushPayload,
  type PushSubscribeBody,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createOutboundGuard, OutboundUrlError } from '../../lib/outbound-url.ts';
import { createPushRepo, type PushSubscriptionRow } from './push.repo.ts';
import type { PushSender } from './push-sender.ts';

/** Devices per person that receive pushes; a new one beyond this replaces the least used. */
export const SUBSCRIPTIONS_PER_PERSON = 10;

function toDevice(r: PushSubscriptionRow): PushDevice {
  return {
    id: r.id,
    endpoint: r.endpoint,
    device_label: deviceLabelOf(r.userAgent),
    created_at: r.createdAt.toISOString(),
    last_success_at: r.lastSuccessAt?.toISOString() ?? null,
    last_failure_at: r.lastFailureAt?.toISOString() ?? null,
  };
}

/**
 * The push a notification becomes, or null when its kind stays in the bell only (PUSH_RULES).
 */
export function pushPayloadOf(n: {
  type: string;
  link?: string | null;
  texto?: string | null;
  customText?: string | null;
  muralId?: number | null;
  protocolId?: number | null;
  authorId?: number | null;
}): PushPayload | null {
  const rule = pushRuleFor(n.type, n.link);
  if (!rule) return null;
  const text = (n.customText ?? n.texto ?? '').trim();
  return {
    title: rule.title,
    body: text.length > PUSH_BODY_MAX ? `${text.slice(0, PUSH_BODY_MAX - 1)}…` : text,
    url:
      notificationPath({
        type: n.type,
        link: n.link,
        mural_id: n.muralId,
        protocol_id: n.protocolId,
        custom_text: n.customText,
        author_id: n.authorId,
      }) ?? '/',
  };
}

/** A person's devices that receive pushes (/profile). */
export function createPushService(
  deps: Pick<ServiceDeps, 'database' | 'config' | 'outbound'> & { push: PushSender },
) {
  const repo = createPushRepo(deps.database.db);
  const guard = deps.outbound ?? createOutboundGuard({ allowList: deps.config.outboundAllowList });
  return {
    publicKey: () => deps.push.publicKey(),

    async list(userId: number) {
      return { items: (await repo.ofUser(userId)).map(toDevice) };
    },

    async subscribe(userId: number, body: PushSubscribeBody, userAgent: string | undefined) {
      try {
        await guard.check(body.endpoint, 'store');
      } catch (err) {
        if (!(err instanceof OutboundUrlError)) throw err;
        throw new AppError('VALIDATION', `Endereço de envio recusado: ${err.message}`, 'endpoint');
      }
      const row = await repo.subscribe(SUBSCRIPTIONS_PER_PERSON, {
        userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        userAgent: userAgent?.slice(0, PUSH_USER_AGENT_MAX) ?? null,
      });
      return toDevice(row);
    },

    async remove(userId: number, id: number) {
      const removed = await deps.database.db.transaction((tx) =>
        createPushRepo(tx).removeOwn(userId, id),
      );
      if (!removed) throw notFound('Aparelho');
    },
  };
}
