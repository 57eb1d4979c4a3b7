import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { CSRF_HEADER, CSRF_VALUE } from '@eproto/domain';
import { AppError } from '../lib/errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Middleware = ReturnType<typeof helmet>;

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

/**
 * Security headers (strict CSP; HSTS when `hsts`, i.e. in production behind TLS) and the
 * custom-header CSRF check on state-changing calls.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { hsts: boolean }) => {
  // Built once: @fastify/helmet rebuilds the middleware (re-parsing the CSP) on every request,
  // which cost ~10% of a cached read's CPU in bench/load.ts.
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
  // The headers do not depend on the request: taken once from helmet, then set as a list.
  const headers = headersOf(securityHeaders);
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    if (!UNSAFE.has(req.method) || !req.url.startsWith('/api/')) return done();
    if (req.headers[CSRF_HEADER] === CSRF_VALUE) return done();
    done(
      new AppError(
        'CSRF',
        'Requisição recusada: cabeçalho de segurança ausente. Recarregue a página.',
      ),
    );
  });
});
