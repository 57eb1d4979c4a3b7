import * as client from 'openid-client';
import type { SsoRefusal } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { newToken, tokenHash } from '../../lib/crypto.ts';
import { conflictOnDuplicate } from '../../lib/db-errors.ts';
import { createAuthRepo, type UserRow } from './auth.repo.ts';
import type { AuthService, NewSession, RequestInfo } from './auth.service.ts';
import { createOidcRepo } from './oidc.repo.ts';

const FLOW_TTL_MS = 10 * 60_000;
const PROVIDER_TIMEOUT_S = 10;

/** A sign-in through the provider that ends on /login with a reason (never an account's state). */
export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoRefusal,
    /** For the server's log and the activity log only. */
    readonly detail: string,
    /** The e-mail the provider vouched for, when it got that far. */
    readonly email: string | null = null,
  ) {
    super(detail);
  }
}

/** openid-client's reason with its cause's (which names the claim: nonce, iss, state...). */
function whyRefused(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message;
}

/** The path of the callback, registered at the provider as `${PUBLIC_URL}${OIDC_CALLBACK_PATH}`. */
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

/**
 * Single sign-on with OpenID Connect (authorization code + PKCE, state and nonce checked by
 * openid-client). The person is matched by a verified e-mail to an active account; unknown
 * e-mails get an account only with OIDC_CRIAR_CONTAS.
 */
export function createOidcService(deps: ServiceDeps, auth: AuthService) {
  const settings = deps.config.oidc;
  const { db } = deps.database;
  const redirectUri = `${deps.config.publicUrl}${OIDC_CALLBACK_PATH}`;
  let discovered: Promise<client.Configuration> | null = null;

  /** The provider's metadata, read once per process (again after a failure). */
  function configuration(): Promise<client.Configuration> {
    if (!settings) throw new SsoRefused('indisponivel', 'OIDC não configurado');
    discovered ??= client
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_S,
        // Only outside production (config refuses an http issuer there): a local provider.
        execute: settings.issuer.startsWith('http:') ? [client.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        discovered = null;
        throw new SsoRefused('indisponivel', `descoberta do provedor falhou: ${String(err)}`);
      });
    return discovered;
  }

  async function accountFor(claims: Record<string, unknown>): Promise<UserRow> {
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    if (!email || email.length > 254) throw new SsoRefused('email', 'sem e-mail');
    if (!verified) throw new SsoRefused('email', 'e-mail não verificado', email);
    const repo = createAuthRepo(db);
    const user = await repo.userByEmail(email);
    if (user) {
      if (!user.active) throw new SsoRefused('conta', 'conta inativa', email);
      return user;
    }
    if (!settings?.createAccounts) throw new SsoRefused('conta', 'sem conta', email);
    const nome =
      typeof claims.name === 'string' && claims.name.trim().length >= 2
        ? claims.name.trim().slice(0, 120)
        : email.split('@')[0]!.slice(0, 120);
    const create = () =>
      db.transaction(async (tx) => {
        const txRepo = createAuthRepo(tx);
        const created = await txRepo.createUser({
          email,
          nome,
          role: settings.defaultRole,
          passwordHash: null,
        });
        await txRepo.audit({
          userId: created.id,
          email,
          action: 'sso_account_created',
          details: { papel: settings.defaultRole },
        });
        return created;
      });
    return conflictOnDuplicate(create, 'Já existe uma conta com este e-mail.');
  }

  return {
    /** What /login offers (the button's name), or null when single sign-on is off. */
    options() {
      return { oidc: settings ? { nome: settings.nome } : null };
    },

    /** A refused single sign-on in the activity log, beside the refused passwords. */
    async recordRefusal(refusal: SsoRefused, ip: string) {
      const user = refusal.email ? await createAuthRepo(db).userByEmail(refusal.email) : undefined;
      await createAuthRepo(db).audit({
        userId: user?.id ?? null,
        email: refusal.email,
        action: 'login_failed',
        details: { via: 'sso', motivo: refusal.detail.slice(0, 200) },
        ip,
      });
    },

    /** Starts a sign-in: the provider's authorization URL and the browser's flow cookie. */
    async start(): Promise<{ url: string; cookie: string }> {
      const config = await configuration();
      const cookie = newToken();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      await createOidcRepo(db).create({
        cookieHash: tokenHash(cookie),
        state,
        nonce,
        codeVerifier,
        expiresAt: new Date(Date.now() + FLOW_TTL_MS),
      });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, cookie };
    },

    /**
     * Finishes a sign-in from the provider's redirect (`callbackUrl` with its query): the flow
     * of the browser's cookie, the code exchanged with its PKCE verifier, state, nonce and
     * issuer checked, the account matched; a new session. Anything wrong throws SsoRefused.
     */
    async finish(
      cookie: string | undefined,
      callbackUrl: URL,
      info: RequestInfo,
      oldSessionToken?: string,
    ): Promise<NewSession> {
      const config = await configuration();
      const flow =
        cookie && cookie.length <= 200 ? await createOidcRepo(db).take(tokenHash(cookie)) : null;
      if (!flow) throw new SsoRefused('invalido', 'sem fluxo para este navegador');
      if (flow.expiresAt.getTime() <= Date.now())
        throw new SsoRefused('invalido', 'fluxo expirado');
      let claims: Record<string, unknown>;
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new Error('sem ID token');
        claims = { ...idClaims };
        if (claims.email === undefined || claims.email_verified === undefined) {
          const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          claims = { ...info, ...idClaims };
        }
      } catch (err) {
        throw new SsoRefused('invalido', whyRefused(err));
      }
      const user = await accountFor(claims);
      // The session is rotated at sign-in, as with a password.
      if (oldSessionToken) await auth.logout(oldSessionToken, null, info.ip);
      const session = await auth.openSession(user, info);
      await createAuthRepo(db).audit({
        userId: user.id,
        email: user.email,
        action: 'login',
        details: { via: 'sso' },
        ip: info.ip,
      });
      return session;
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
