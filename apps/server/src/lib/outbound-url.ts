import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** One address a host name resolved to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (the system's getaddrinfo by default). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** An origin the operator trusts even on an internal address (a company's own push relay). */
export interface AllowedOrigin {
  protocol: 'http:' | 'https:';
  hostname: string;
  /** '' matches any port. */
  port: string;
}

/** A URL the guard accepted, with the addresses it checked: connect only to these. */
export interface CheckedUrl {
  url: URL;
  /** Host name without brackets or trailing dot. */
  hostname: string;
  addresses: ResolvedAddress[];
  allowListed: boolean;
}

export type OutboundRefusal = 'invalid' | 'scheme' | 'credentials' | 'internal' | 'unresolved';

const REFUSAL_TEXT: Record<OutboundRefusal, string> = {
  invalid: 'o endereço não é uma URL válida.',
  scheme: 'use um endereço https.',
  credentials: 'o endereço não pode conter usuário ou senha.',
  internal: 'o endereço aponta para uma rede interna, reservada ou para este servidor.',
  unresolved: 'o nome do servidor não foi encontrado.',
};

/** Why an outbound URL was refused; the message is Portuguese and safe to show. */
export class OutboundUrlError extends Error {
  constructor(readonly reason: OutboundRefusal) {
    super(REFUSAL_TEXT[reason]);
  }
}

// Global unicast IPv6 (RFC 4291); everything outside is loopback, link-local, ULA, multicast...
const IPV6_GLOBAL = ipaddr.parseCIDR('2000::/3');

/**
 * True for an address on the public internet: IPv4 outside every special range (0/8, 127/8,
 * 10/8, 172.16/12, 192.168/16, 169.254/16, 100.64/10, 224/4, 240/4, documentation and
 * benchmarking nets...), IPv6 inside 2000::/3 and outside its special blocks (6to4, Teredo,
 * NAT64 and documentation prefixes carry or reach IPv4 that could be internal). An IPv4-mapped
 * IPv6 address (::ffff:a.b.c.d) is judged as its IPv4 address.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) addr = v6.toIPv4Address();
    else if (!v6.match(IPV6_GLOBAL)) return false;
  }
  return addr.range() === 'unicast';
}

/**
 * Parses OUTBOUND_URL_ALLOWLIST: comma-separated `[http://|https://]host[:port]` (https when no
 * scheme is written, any port when none is). Throws a Portuguese message on a bad entry.
 */
export function parseAllowList(text: string | undefined): AllowedOrigin[] {
  const entries = (text ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const withScheme = /^[a-z]+:\/\//i.test(entry) ? entry : `https://${entry}`;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      throw new Error(`entrada inválida "${entry}": use host, host:porta ou https://host`);
    }
    const bare = url.pathname === '/' && !url.search && !url.hash;
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !bare || url.username) {
      throw new Error(`entrada inválida "${entry}": use host, host:porta ou https://host`);
    }
    // URL drops a default port (https://relay:443 has port ''): look at what was written.
    const written = /:\d+\/?$/.test(withScheme);
    return {
      protocol: url.protocol,
      hostname: normalHost(url.hostname),
      port: written ? defaultPort(url) : '',
    };
  });
}

/** Lower-case host without IPv6 brackets or the trailing dot of a fully qualified name. */
function normalHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

function isAllowed(url: URL, hostname: string, allowList: AllowedOrigin[]): boolean {
  return allowList.some(
    (o) =>
      o.protocol === url.protocol &&
      o.hostname === hostname &&
      (o.port === '' || o.port === defaultPort(url)),
  );
}

/** getaddrinfo (what a connection would use), every address of both families. */
export const systemLookup: HostLookup = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS timeout')), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export interface OutboundGuardOptions {
  /** Origins trusted on any address (config OUTBOUND_URL_ALLOWLIST). */
  allowList?: AllowedOrigin[];
  lookup?: HostLookup;
  lookupTimeoutMs?: number;
}

/** Checks outbound URLs (push endpoints, webhooks) before storing them and before each send. */
export interface OutboundGuard {
  /**
   * Accepts an https URL whose host resolves to public addresses only (every one of them), or
   * an allow-listed origin; throws OutboundUrlError otherwise. Resolves the name each time it
   * is called: connect to the addresses it returns (requestChecked), never resolve again.
   * `store`: checking a URL to keep, not to connect now; an allow-listed origin is then taken
   * as configured, without asking DNS (its addresses come empty).
   */
  check(raw: string, purpose?: 'send' | 'store'): Promise<CheckedUrl>;
}

export function createOutboundGuard(opts: OutboundGuardOptions = {}): OutboundGuard {
  const allowList = opts.allowList ?? [];
  const lookup = opts.lookup ?? systemLookup;
  const lookupTimeoutMs = opts.lookupTimeoutMs ?? 5_000;

  async function resolve(hostname: string): Promise<ResolvedAddress[]> {
    const family = net.isIP(hostname);
    if (family) return [{ address: hostname, family: family === 6 ? 6 : 4 }];
    try {
      const found = await withTimeout(lookup(hostname), lookupTimeoutMs);
      if (found.length > 0) return found;
    } catch {
      // Unknown name, DNS down or too slow: nothing to connect to that was checked.
    }
    throw new OutboundUrlError('unresolved');
  }

  return {
    async check(raw, purpose = 'send') {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new OutboundUrlError('invalid');
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        throw new OutboundUrlError('scheme');
      }
      if (url.username || url.password) throw new OutboundUrlError('credentials');
      const hostname = normalHost(url.hostname);
      if (isAllowed(url, hostname, allowList)) {
        const addresses = purpose === 'store' ? [] : await resolve(hostname);
        return { url, hostname, addresses, allowListed: true };
      }
      if (url.protocol !== 'https:') throw new OutboundUrlError('scheme');
      // RFC 6761: localhost and its subdomains are this machine, whatever DNS says.
      if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
        throw new OutboundUrlError('internal');
      }
      const addresses = await resolve(hostname);
      if (!addresses.every((a) => isPublicAddress(a.address))) {
        throw new OutboundUrlError('internal');
      }
      return { url, hostname, addresses, allowListed: false };
    },
  };
}
