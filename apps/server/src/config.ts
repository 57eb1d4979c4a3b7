import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().url().optional(),
  DEMO_MODE: bool.optional(),
  DEMO_PASSWORD: z.string().min(8).default('eproto123'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(7),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('E-Proto <nao-responda@eproto.local>'),
  COMPANY_TIME_ZONE: z.string().default('America/Sao_Paulo'),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(20),
  // Sign-in, reset and invitation calls per address per minute (per node).
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  // /api/health turns 503 once the database has been unreachable this long.
  DB_UNHEALTHY_AFTER_SECONDS: z.coerce.number().min(0).default(10),
  // Contact the push services may use (Web Push VAPID "sub"): mailto: or https:.
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'use mailto:endereço ou https://...')
    .optional(),
});

export type Config = z.infer<typeof schema> & {
  demoMode: boolean;
  dataDir: string;
  webDist: string;
  publicUrl: string;
  secureCookies: boolean;
  vapidSubject: string;
};

/** VAPID_SUBJECT, else PUBLIC_URL when it is https, else the address of MAIL_FROM. */
function vapidSubjectOf(c: z.infer<typeof schema>): string {
  if (c.VAPID_SUBJECT) return c.VAPID_SUBJECT;
  if (c.PUBLIC_URL?.startsWith('https://')) return new URL(c.PUBLIC_URL).origin;
  const address = /<([^>]+)>/.exec(c.MAIL_FROM)?.[1] ?? c.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

/** Reads and validates the environment; the only reader of process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida / invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  return {
    ...c,
    // Production never loads the demo company, whatever DEMO_MODE says.
    demoMode: !production && (c.DEMO_MODE ?? true),
    dataDir: path.resolve(c.DATA_DIR),
    webDist: path.resolve(c.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    secureCookies: production,
    vapidSubject: vapidSubjectOf(c),
  };
}
