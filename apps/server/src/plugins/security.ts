import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { CSRF_HEADER, CSRF_VALUE } from '@eproto/domain';
import { AppError } from '../lib/errors.ts';
import { bearerOf } from './api-token.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Middleware = ReturnType<typeof helmet>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public write that no browser session authorises (a signed link does): mail providers'
     * one-click unsubscribe (RFC 8058) cannot send the custom CSRF header.
     */
    signedLinkWrite?: boolean;
  }
}

/** The headers a helmet middleware sets, read by running it once on a recording response. */
export function headersOf(middleware: Middleware): Array<[string, string]> {
  const set = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => set.set(name, value),
    removeHeader: (name: string) => set.delete(name),
  };
  let failed: unknown = null;
  middleware({} as never, res as never, (err?: unknown) => (failed = err ?? null));
  if (failed || set.size === 0) throw new Error('helmet não gerou os cabeçalhos de segurança');
  return [...set];
}

/** The security headers of every response (helmet, strict CSP; HSTS when `hsts`). */
export function securityHeaderList(opts: { hsts: boolean }): Array<[string, string]> {
  // Built once per app: @fastify/helmet rebuilds the middleware (re-parsing the CSP) on every
  // request, which cost ~10% of a cached read's CPU in bench/load.ts.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        // qr-scanner ("Ler etiqueta") decodes in a worker it starts from a blob: URL where the
        // browser has no BarcodeDetector; scripts themselves stay 'self' only (ADR-33).
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // One year with subdomains (helmet's default). Off outside production: a browser that saw it
    // on http://localhost would refuse plain HTTP there for a year.
    strictTransportSecurity: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  return headersOf(securityHeaders);
}

/**
 * What Fastify answers before any route or hook runs (a path parameter longer than the
 * router allows: 414; a URL it cannot decode: 400), with the same security headers.
 */
export function frameworkErrorReply(headers: Array<[string, string]>) {
  return (err: { code?: string }, _req: unknown, reply: FastifyReply) => {
    for (const [name, value] of headers) reply.header(name, value);
    const long = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
    void reply
      .code(long ? 414 : 400)
      .send({ error: long ? 'Endereço longo demais.' : 'Endereço inválido.', code: 'VALIDATION' });
  };
}

/**
 * Security headers (strict CSP; HSTS when `hsts`, i.e. in production behind TLS) and the
 * custom-header CSRF check on state-changing calls.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { hsts: boolean }) => {
  const headers = securityHeaderList(opts);
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    if (!UNSAFE.has(req.method) || !req.url.startsWith('/api/')) return done();
    if (req.headers[CSRF_HEADER] === CSRF_VALUE) return done();
    if (req.routeOptions.config.signedLinkWrite && req.routeOptions.config.public) return done();
    // A call with a personal API token: no browser adds that header by itself, and the auth
    // plugin then reads the token alone, never the cookie (plugins/api-token.ts).
    if (bearerOf(req.headers.authorization) !== null) return done();
    done(
      new AppError(
        'CSRF',
        'Requisição recusada: cabeçalho de segurança ausente. Recarregue a página.',
      ),
    );
  });
});
