import {
  deviceLabelOf,
  isLoopbackEndpoint,
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
import { createPushRepo, type PushSubscriptionRow } from './push.repo.ts';
import type { PushSender } from './push-sender.ts';

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
  deps: Pick<ServiceDeps, 'database' | 'config'> & { push: PushSender },
) {
  const repo = createPushRepo(deps.database.db);
  return {
    publicKey: () => deps.push.publicKey(),

    async list(userId: number) {
      return { items: (await repo.ofUser(userId)).map(toDevice) };
    },

    async subscribe(userId: number, body: PushSubscribeBody, userAgent: string | undefined) {
      if (deps.config.NODE_ENV === 'production' && isLoopbackEndpoint(body.endpoint)) {
        throw new AppError(
          'VALIDATION',
          'Endereço de envio inválido: use um endereço https.',
          'endpoint',
        );
      }
      const row = await repo.upsert({
        userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        userAgent: userAgent?.slice(0, PUSH_USER_AGENT_MAX) ?? null,
      });
      return toDevice(row);
    },

    async remove(userId: number, id: number) {
      if (!(await repo.removeOwn(userId, id))) throw notFound('Aparelho');
    },
  };
}
