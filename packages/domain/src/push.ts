import { z } from 'zod';
import { chatMentionTarget } from './chat.ts';

/**
 * Which notifications also go to the phone as a Web Push, and with which title. A notification
 * matches a row by its type and, when the row names one, by the start of its link (agenda, EPI
 * and requests all notify as "other"). Add a row for each new kind that should reach the
 * phone: the first matching row wins; no row, no push (the bell still shows it).
 */
export const PUSH_RULES: ReadonlyArray<{ type: string; linkPrefix?: string; title: string }> = [
  { type: 'mention', title: 'Você foi mencionado' },
  { type: 'task_assigned', title: 'Nova atribuição' },
  { type: 'other', linkPrefix: '/tatico/agenda', title: 'Agenda' },
  { type: 'other', linkPrefix: '/solicitacoes', title: 'Solicitação' },
  { type: 'other', linkPrefix: '/tatico/epi?aba=meus', title: 'EPI para confirmar' },
  { type: 'os_assigned', title: 'Nova OS' },
  { type: 'os_concluded', title: 'OS concluída' },
  { type: 'os_refused', title: 'OS recusada pelo cliente' },
];

/** The push rule of a notification, or null when it stays in the bell only. */
export function pushRuleFor(type: string, link: string | null | undefined) {
  return (
    PUSH_RULES.find(
      (r) =>
        r.type === type && (r.linkPrefix === undefined || (link ?? '').startsWith(r.linkPrefix)),
    ) ?? null
  );
}

/**
 * App path a notification opens (bell and push alike): its task, else its demand, else the page
 * the server linked it to, else the chat a mention came from.
 */
export function notificationPath(n: {
  protocol_id: number | null | undefined;
  mural_id: number | null | undefined;
  type?: string | undefined;
  custom_text?: string | null | undefined;
  author_id?: number | null | undefined;
  link?: string | null | undefined;
}): string | null {
  if (n.protocol_id !== null && n.protocol_id !== undefined)
    return `/eproto/protocols/${n.protocol_id}`;
  if (n.mural_id !== null && n.mural_id !== undefined) return `/eproto/murals/${n.mural_id}`;
  // Only paths inside the app: never another origin ("//host", "https:").
  if (n.link && n.link.startsWith('/') && !n.link.startsWith('//')) return n.link;
  return n.type === 'mention'
    ? chatMentionTarget({
        type: n.type,
        custom_text: n.custom_text ?? null,
        author_id: n.author_id ?? null,
        mural_id: null,
        protocol_id: null,
      })
    : null;
}

/** Longest body of a push (push services cap the encrypted payload at ~4 KB). */
export const PUSH_BODY_MAX = 240;

/** What the service worker receives: shown as a notification that opens `url`. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/**
 * True for an http(s) URL without credentials. The server's outbound guard decides the rest:
 * https on public addresses only, http only for an origin its configuration allows.
 */
export function isPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || url.protocol === 'http:';
}

export const PUSH_ENDPOINT_MAX = 1000;
export const PUSH_USER_AGENT_MAX = 400;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** POST /api/push/subscriptions: what PushSubscription.toJSON() gives. */
export const pushSubscribeBody = z.object({
  endpoint: z
    .string({ error: 'Informe o endereço de envio da inscrição.' })
    .max(PUSH_ENDPOINT_MAX, 'Endereço de envio longo demais.')
    .refine(isPushEndpoint, 'Endereço de envio inválido: use um endereço https.'),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
      p256dh: z
        .string({ error: 'Informe a chave p256dh.' })
        .min(86, 'Chave p256dh inválida.')
        .max(88, 'Chave p256dh inválida.')
        .regex(BASE64URL, 'Chave p256dh inválida.'),
      auth: z
        .string({ error: 'Informe a chave auth.' })
        .min(22, 'Chave auth inválida.')
        .max(24, 'Chave auth inválida.')
        .regex(BASE64URL, 'Chave auth inválida.'),
    },
    { error: 'Informe as chaves da inscrição.' },
  ),
});
export type PushSubscribeBody = z.input<typeof pushSubscribeBody>;

export const pushPublicKeyResponse = z.object({ public_key: z.string() });

export const pushDeviceSchema = z.object({
  id: z.number().int(),
  /** The browser's own address for this subscription: the page finds "this device" by it. */
  endpoint: z.string(),
  device_label: z.string(),
  created_at: z.string(),
  last_success_at: z.string().nullable(),
  last_failure_at: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDeviceListResponse = z.object({ items: z.array(pushDeviceSchema) });
export type PushDeviceList = z.infer<typeof pushDeviceListResponse>;

const BROWSERS: Array<[RegExp, string]> = [
  [/SamsungBrowser/i, 'Samsung Internet'],
  [/EdgA?\//i, 'Edge'],
  [/OPR\//i, 'Opera'],
  [/Firefox|FxiOS/i, 'Firefox'],
  [/Chrome|CriOS|Chromium/i, 'Chrome'],
  [/Safari/i, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/i, 'Android'],
  [/iPhone|iPad|iPod/i, 'iOS'],
  [/Windows/i, 'Windows'],
  [/Mac OS X|Macintosh/i, 'macOS'],
  [/CrOS/i, 'ChromeOS'],
  [/Linux/i, 'Linux'],
];

/** A short Portuguese name of a device from its user agent ("Chrome no Android"). */
export function deviceLabelOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} no ${system}`;
  return browser ?? system ?? 'Navegador desconhecido';
}
