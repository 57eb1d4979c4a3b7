import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** What the test provider says about a person (the userinfo claims). */
export interface TestAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People by login (the `sub`); a test may add more while the provider runs. */
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

export const TEST_CLIENT = { id: 'eproto-teste', secret: 'segredo-do-cliente-de-teste-0123456789' };

const page = (body: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Provedor de teste</title></head><body style="font-family:sans-serif;max-width:360px;margin:64px auto">${body}</body></html>`;

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return new URLSearchParams(raw);
}

/**
 * A real OpenID Connect provider (the npm package oidc-provider) on 127.0.0.1: discovery, JWKS,
 * authorization with PKCE required, token and userinfo endpoints. Its sign-in page asks only
 * for the login (the account's `sub`); consent is implied for the one client.
 */
export async function startOidcProvider(opts: {
  redirectUris: string[];
  accounts?: Record<string, TestAccount>;
  port?: number;
}): Promise<TestOidcProvider> {
  const accounts = new Map(Object.entries(opts.accounts ?? {}));
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...account }) };
    },
    // First-party client: consent is implied, so the only interaction is the sign-in.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
  });
  provider.on('server_error', (_ctx, err) => console.error('oidc-provider', err));
  const callback = provider.callback();

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match) {
      void callback(req, res);
      return;
    }
    void (async () => {
      try {
        await provider.interactionDetails(req, res);
        if (req.method === 'GET') {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(
            page(
              `<h1>Provedor de teste</h1><form method="post"><label>Login <input name="login" autofocus></label> <button type="submit">Continuar</button></form>`,
            ),
          );
          return;
        }
        const login = (await readForm(req)).get('login') ?? '';
        if (!accounts.has(login)) {
          res.statusCode = 400;
          res.end(page('<p>Login desconhecido.</p>'));
          return;
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: login } },
          { mergeWithLastSubmission: false },
        );
      } catch (err) {
        res.statusCode = 400;
        res.end(String(err));
      }
    })();
  });

  return {
    issuer,
    clientId: TEST_CLIENT.id,
    clientSecret: TEST_CLIENT.secret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays the browser at the provider: opens the authorization URL, signs in as `login` and
 * returns where the provider sends the browser back (the callback URL with code, state, iss).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      jar.set(k!.trim(), v ?? '');
    }
    return res;
  };
  let res = await send(authorizationUrl);
  let location = res.headers.get('location');
  for (let hops = 0; location && hops < 10; hops++) {
    const next = new URL(location, authorizationUrl);
    if (
      !next.pathname.startsWith('/interaction/') &&
      next.origin !== new URL(authorizationUrl).origin
    ) {
      return next;
    }
    res = next.pathname.startsWith('/interaction/')
      ? await send(next.href, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ login }).toString(),
        })
      : await send(next.href);
    location = res.headers.get('location');
  }
  throw new Error(`o provedor não devolveu ao app: ${res.status} ${await res.text()}`);
}
