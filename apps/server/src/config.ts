import path from 'node:path';
import { isPrivilegedRole } from '@eproto/domain';
import { z } from 'zod';
import { parseAllowList, type AllowedOrigin } from './lib/outbound-url.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const MIB_MESSAGE = { message: 'use um número inteiro de MiB entre 0 e 1024' };

/** A per-node cache budget in MiB (docs/operations.md "Memória"); 0 turns that cache off. */
const cacheMiB = (fallback: number) =>
  z
    .string()
    // Digits only: Number() would also take '0x10', '1e2' or ' 16 '.
    .regex(/^(?:\d{1,3}|10[01]\d|102[0-4])$/, MIB_MESSAGE)
    .default(String(fallback))
    .transform(Number);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  // LISTEN/NOTIFY and migrations need a session of their own: behind PgBouncer in transaction
  // mode, point this at PostgreSQL itself (defaults to DATABASE_URL).
  DATABASE_DIRECT_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  // Where people and customers reach the app (links in e-mails, the QR of sealed reports):
  // required in production, where no default can be right.
  PUBLIC_URL: z.string().url().optional(),
  // Days the customer's report link (/api/public/os/relatorio/…) works after it is sent.
  OS_REPORT_LINK_DAYS: z
    .string()
    .regex(/^(?:[1-9]\d{0,2}|[1-2]\d{3}|3[0-5]\d{2}|36[0-4]\d|3650)$/, {
      message: 'use um número inteiro de dias entre 1 e 3650',
    })
    .default('30')
    .transform(Number),
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
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'nome de bucket S3 inválido')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // /api/health turns 503 once the database has been unreachable this long.
  DB_UNHEALTHY_AFTER_SECONDS: z.coerce.number().min(0).default(10),
  // A request waits this long for a pooled connection, and a query this long for its answer,
  // before it gets 503 (a database that hangs instead of refusing).
  DB_ACQUIRE_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(5),
  DB_QUERY_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  // SIGTERM/SIGINT: the graceful stop ends by then, else the process exits anyway (code 1).
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  // An external DATABASE_URL that does not answer at boot is retried this long (0: for ever).
  DB_BOOT_WAIT_SECONDS: z.coerce.number().min(0).default(120),
  // Bytes of serialized read answers each node keeps (bodies and their gzip forms): the demand
  // list/board summaries, the demand pages and the bells (expired answers are dropped on a
  // timer); and the summary's per-card texts (kept while their demand is unchanged).
  CACHE_SUMMARY_MB: cacheMiB(8),
  CACHE_SUMMARY_CARDS_MB: cacheMiB(8),
  CACHE_USER_VIEWS_MB: cacheMiB(12),
  CACHE_DEMAND_PAGE_MB: cacheMiB(16),
  CACHE_NOTIFICATIONS_MB: cacheMiB(8),
  // Contact the push services may use (Web Push VAPID "sub"): mailto: or https:.
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'use mailto:endereço ou https://...')
    .optional(),
  // Origins the server may post to even on an internal address (a company's own push relay):
  // comma-separated host, host:port or http(s)://host[:port]. Everything else must be https on
  // public addresses (docs/operations.md "Endereços de saída").
  OUTBOUND_URL_ALLOWLIST: z
    .string()
    .default('')
    .superRefine((v, ctx) => {
      try {
        parseAllowList(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  // Single sign-on with OpenID Connect (docs/operations.md "Login único"): all three set turn
  // the "Entrar com {OIDC_NOME}" button of /login on.
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  OIDC_NOME: z.string().trim().min(1).max(40).default('SSO'),
  // Off by default: a verified e-mail without an account is refused. On: the account is created
  // with OIDC_PAPEL_PADRAO (never a privileged title).
  OIDC_CRIAR_CONTAS: bool.default(false),
  OIDC_PAPEL_PADRAO: z.string().trim().min(1).max(60).default('Equipe'),
  // Calls per personal API token per minute (per node).
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().max(100_000).default(120),
});

const OIDC_REQUIRED = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const withStorage = schema.superRefine((c, ctx) => {
  if (c.NODE_ENV === 'production' && !c.PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message:
        'obrigatória em produção: o endereço público do app (ex.: https://eproto.exemplo.com.br), usado nos links dos e-mails e no QR dos relatórios de OS / required in production: the public address of the app, used in e-mailed links and in the QR code of OS reports',
    });
  }
  const oidcSet = OIDC_REQUIRED.filter((key) => c[key]);
  if (oidcSet.length > 0) {
    for (const key of OIDC_REQUIRED) {
      if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatória com OIDC' });
    }
    if (c.NODE_ENV === 'production' && c.OIDC_ISSUER?.startsWith('http:')) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'use https:// em produção',
      });
    }
  }
  if (c.OIDC_CRIAR_CONTAS && isPrivilegedRole(c.OIDC_PAPEL_PADRAO)) {
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_PAPEL_PADRAO'],
      message: 'contas criadas pelo login único não podem nascer ti, diretoria ou CFO',
    });
  }
  if (c.STORAGE !== 's3') return;
  for (const key of S3_REQUIRED) {
    if (!c[key])
      ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatória com STORAGE=s3' });
  }
});

/** Connection and bucket of the S3-compatible driver. */
export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export type StorageSettings =
  { driver: 'local'; localRoot: string } | { driver: 's3'; localRoot: string; s3: S3Settings };

export type Config = z.infer<typeof schema> & {
  /** DATABASE_DIRECT_URL, else DATABASE_URL (undefined: the embedded server's own URL). */
  databaseDirectUrl: string | undefined;
  storage: StorageSettings;
  demoMode: boolean;
  dataDir: string;
  webDist: string;
  publicUrl: string;
  secureCookies: boolean;
  vapidSubject: string;
  /** OUTBOUND_URL_ALLOWLIST, parsed. */
  outboundAllowList: AllowedOrigin[];
  /** The OpenID Connect provider, when OIDC_ISSUER/CLIENT_ID/CLIENT_SECRET are all set. */
  oidc: OidcSettings | null;
};

/** Single sign-on settings (OIDC_*). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown as "Entrar com {nome}". */
  nome: string;
  /** Just-in-time accounts for verified e-mails without one, with `defaultRole`. */
  createAccounts: boolean;
  defaultRole: string;
}

/** VAPID_SUBJECT, else PUBLIC_URL when it is https, else the address of MAIL_FROM. */
function vapidSubjectOf(c: z.infer<typeof schema>): string {
  if (c.VAPID_SUBJECT) return c.VAPID_SUBJECT;
  if (c.PUBLIC_URL?.startsWith('https://')) return new URL(c.PUBLIC_URL).origin;
  const address = /<([^>]+)>/.exec(c.MAIL_FROM)?.[1] ?? c.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

/** An environment the server cannot start with (its message says which variable and why). */
export class ConfigError extends Error {}

/** Reads and validates the environment; the only reader of process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = withStorage.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuração inválida / invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  const dataDir = path.resolve(c.DATA_DIR);
  const localRoot = path.join(dataDir, 'uploads');
  return {
    ...c,
    databaseDirectUrl: c.DATABASE_DIRECT_URL ?? c.DATABASE_URL,
    storage:
      c.STORAGE === 's3'
        ? {
            driver: 's3',
            localRoot,
            s3: {
              endpoint: c.S3_ENDPOINT,
              bucket: c.S3_BUCKET ?? '',
              region: c.S3_REGION,
              accessKeyId: c.S3_ACCESS_KEY_ID ?? '',
              secretAccessKey: c.S3_SECRET_ACCESS_KEY ?? '',
              forcePathStyle: c.S3_FORCE_PATH_STYLE,
            },
          }
        : { driver: 'local', localRoot },
    // Production never loads the demo company, whatever DEMO_MODE says.
    demoMode: !production && (c.DEMO_MODE ?? true),
    dataDir,
    webDist: path.resolve(c.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    secureCookies: production,
    vapidSubject: vapidSubjectOf(c),
    outboundAllowList: parseAllowList(c.OUTBOUND_URL_ALLOWLIST),
    oidc:
      c.OIDC_ISSUER && c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET
        ? {
            issuer: c.OIDC_ISSUER,
            clientId: c.OIDC_CLIENT_ID,
            clientSecret: c.OIDC_CLIENT_SECRET,
            nome: c.OIDC_NOME,
            createAccounts: c.OIDC_CRIAR_CONTAS,
            defaultRole: c.OIDC_PAPEL_PADRAO,
          }
        : null,
  };
}
