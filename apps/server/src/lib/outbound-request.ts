import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedUrl } from './outbound-url.ts';

export interface OutboundRequest {
  method: 'POST' | 'PUT';
  headers: Record<string, string>;
  body?: Buffer;
  /** The whole exchange (connect, send, answer) ends by then. */
  timeoutMs: number;
}

/** Bytes of an answer read at most; the rest is dropped (only the status matters here). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * A DNS lookup that answers only with the addresses the guard checked, so the connection goes
 * where the check looked (no second resolution a rebinding name could answer differently).
 */
function pinnedLookup(target: CheckedUrl): LookupFunction {
  const [first] = target.addresses;
  return (_hostname, options, callback) => {
    if (!first) {
      callback(new Error('nenhum endereço verificado'), '', 0);
      return;
    }
    if (options.all) callback(null, target.addresses);
    else callback(null, first.address, first.family);
  };
}

/**
 * Sends one request to a URL the outbound guard accepted, connected to an address it checked.
 * Never follows a redirect (a 3xx is just a status), never reuses a pooled connection, and
 * gives up after timeoutMs. Resolves with the answer's status; rejects on a network error.
 */
export function requestChecked(
  target: CheckedUrl,
  req: OutboundRequest,
): Promise<{ status: number }> {
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      {
        protocol: url.protocol,
        hostname: target.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers: req.headers,
        agent: false,
        // TLS still checks the certificate against the name (servername defaults to it).
        lookup: pinnedLookup(target),
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        res.on('close', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0 });
        });
        res.on('error', () => undefined);
      },
    );
    const timer = setTimeout(
      () => outgoing.destroy(new Error(`sem resposta em ${req.timeoutMs} ms`)),
      req.timeoutMs,
    );
    outgoing.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    outgoing.end(req.body);
  });
}
