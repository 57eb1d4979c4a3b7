import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  createOutboundGuard,
  isPublicAddress,
  OutboundUrlError,
  parseAllowList,
  type HostLookup,
  type ResolvedAddress,
} from './outbound-url.ts';

const v = (address: string): ResolvedAddress => ({
  address,
  family: address.includes(':') ? 6 : 4,
});

/** Made-up names and what they resolve to; any other name is unknown (ENOTFOUND). */
const ZONE: Record<string, string[]> = {
  'push.exemplo.com.br': ['142.250.79.10', '2800:3f0:4001:80a::200a'],
  'interno.exemplo.com.br': ['10.1.2.3'],
  'misto.exemplo.com.br': ['142.250.79.10', '192.168.0.10'],
  'v6interno.exemplo.com.br': ['fd00::5'],
  'mapeado.exemplo.com.br': ['::ffff:169.254.169.254'],
  'metadados.exemplo.com.br': ['169.254.169.254'],
  'relay.empresa.local': ['10.0.0.7'],
};
const lookup: HostLookup = async (name) => {
  if (name === 'lento.exemplo.com.br') return new Promise(() => undefined);
  const found = ZONE[name];
  if (!found)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return found.map(v);
};

const guard = createOutboundGuard({ lookup, lookupTimeoutMs: 50 });

async function refusal(url: string, g = guard) {
  try {
    await g.check(url);
  } catch (err) {
    if (err instanceof OutboundUrlError) return err.reason;
    throw err;
  }
  return 'accepted';
}

describe('isPublicAddress', () => {
  it.each([
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['100.127.255.255', false],
    ['192.0.0.8', false],
    ['192.0.2.1', false],
    ['198.18.0.1', false],
    ['198.51.100.7', false],
    ['203.0.113.9', false],
    ['224.0.0.1', false],
    ['240.0.0.1', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::127.0.0.1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['fec0::1', false],
    ['ff02::1', false],
    ['64:ff9b::7f00:1', false],
    ['2002:7f00:1::1', false],
    ['2001::1', false],
    ['2001:db8::1', false],
    ['100::1', false],
    ['não é ip', false],
    ['8.8.8.8', true],
    ['142.250.79.10', true],
    ['172.32.0.1', true],
    ['100.128.0.1', true],
    ['::ffff:8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['2800:3f0:4001:80a::200a', true],
  ])('%s -> %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

describe('the outbound guard refuses what reaches inside', () => {
  it.each([
    // Loopback in every spelling the URL parser turns into 127.0.0.1 or ::1.
    ['https://127.0.0.1/push', 'internal'],
    ['https://127.0.0.2/push', 'internal'],
    ['https://127.0.0.1./push', 'internal'],
    ['https://2130706433/push', 'internal'],
    ['https://017700000001/push', 'internal'],
    ['https://0x7f.0.0.1/push', 'internal'],
    ['https://0177.0.0.1/push', 'internal'],
    ['https://127.1/push', 'internal'],
    ['https://[::1]/push', 'internal'],
    ['https://[::ffff:127.0.0.1]/push', 'internal'],
    ['https://[::ffff:7f00:1]/push', 'internal'],
    ['https://[0:0:0:0:0:ffff:7f00:0001]/push', 'internal'],
    ['https://0.0.0.0/push', 'internal'],
    ['https://0/push', 'internal'],
    ['https://[::]/push', 'internal'],
    ['https://localhost/push', 'internal'],
    ['https://localhost./push', 'internal'],
    ['https://LOCALHOST:8443/push', 'internal'],
    ['https://api.localhost/push', 'internal'],
    // Private, link-local (cloud metadata), carrier-grade NAT, ULA, NAT64, 6to4.
    ['https://10.0.0.1/push', 'internal'],
    ['https://172.16.0.1/push', 'internal'],
    ['https://192.168.0.1/push', 'internal'],
    ['https://169.254.169.254/latest/meta-data/', 'internal'],
    ['https://0xa9fea9fe/latest/meta-data/', 'internal'],
    ['https://100.64.0.1/push', 'internal'],
    ['https://[fd00::1]/push', 'internal'],
    ['https://[fe80::1]/push', 'internal'],
    ['https://[64:ff9b::a9fe:a9fe]/push', 'internal'],
    ['https://[2002:a9fe:a9fe::1]/push', 'internal'],
    ['https://224.0.0.1/push', 'internal'],
    // DNS names that resolve inside (one inside address among public ones is enough).
    ['https://interno.exemplo.com.br/push', 'internal'],
    ['https://misto.exemplo.com.br/push', 'internal'],
    ['https://v6interno.exemplo.com.br/push', 'internal'],
    ['https://mapeado.exemplo.com.br/push', 'internal'],
    ['https://metadados.exemplo.com.br./push', 'internal'],
    ['https://relay.empresa.local/push', 'internal'],
    // Not https, not a URL, credentials, unknown or too slow names.
    ['http://push.exemplo.com.br/push', 'scheme'],
    ['http://8.8.8.8/push', 'scheme'],
    ['ftp://push.exemplo.com.br/push', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['não é url', 'invalid'],
    ['https://u:p@push.exemplo.com.br/push', 'credentials'],
    ['https://nao-existe.exemplo.com.br/push', 'unresolved'],
    ['https://lento.exemplo.com.br/push', 'unresolved'],
  ])('%s (%s)', async (url, reason) => {
    expect(await refusal(url)).toBe(reason);
  });

  it('gives a Portuguese reason', async () => {
    await expect(guard.check('https://10.0.0.1/')).rejects.toThrow(
      'o endereço aponta para uma rede interna, reservada ou para este servidor.',
    );
  });
});

describe('the outbound guard accepts public https', () => {
  it.each([
    ['https://push.exemplo.com.br/fcm/send/abc', ['142.250.79.10', '2800:3f0:4001:80a::200a']],
    ['https://push.exemplo.com.br./fcm/send/abc', ['142.250.79.10', '2800:3f0:4001:80a::200a']],
    ['https://PUSH.exemplo.com.br:8443/x', ['142.250.79.10', '2800:3f0:4001:80a::200a']],
    ['https://8.8.8.8/push', ['8.8.8.8']],
    ['https://134744072/push', ['8.8.8.8']],
    ['https://[::ffff:8.8.8.8]/push', ['::ffff:808:808']],
    ['https://[2606:4700:4700::1111]/push', ['2606:4700:4700::1111']],
  ])('%s, to be reached at %j', async (url, addresses) => {
    const checked = await guard.check(url);
    expect(checked.allowListed).toBe(false);
    expect(checked.addresses.map((a) => a.address)).toEqual(addresses);
  });
});

describe('the allow-list (OUTBOUND_URL_ALLOWLIST)', () => {
  const allowed = createOutboundGuard({
    lookup,
    allowList: parseAllowList('relay.empresa.local, http://127.0.0.1, https://10.0.0.9:8443'),
  });

  it.each([
    ['https://relay.empresa.local/push/1', 'accepted'],
    ['https://relay.empresa.local.:9443/push/1', 'accepted'],
    ['http://relay.empresa.local/push/1', 'scheme'],
    ['http://127.0.0.1:4567/push', 'accepted'],
    ['https://127.0.0.1/push', 'internal'],
    ['http://127.0.0.2/push', 'scheme'],
    ['https://10.0.0.9:8443/push', 'accepted'],
    ['https://10.0.0.9/push', 'internal'],
    ['https://interno.exemplo.com.br/push', 'internal'],
  ])('%s -> %s', async (url, outcome) => {
    expect(await refusal(url, allowed)).toBe(outcome);
  });

  it('still connects an allowed name only to what it resolved to', async () => {
    const checked = await allowed.check('https://relay.empresa.local/push/1');
    expect(checked).toMatchObject({ allowListed: true, hostname: 'relay.empresa.local' });
    expect(checked.addresses).toEqual([v('10.0.0.7')]);
  });

  it('stores an allowed origin without asking DNS, but resolves it to send', async () => {
    const relay = 'https://relay-sem-dns.empresa.local/push/1';
    const noDns = createOutboundGuard({
      lookup,
      allowList: parseAllowList('relay-sem-dns.empresa.local'),
    });
    expect((await noDns.check(relay, 'store')).addresses).toEqual([]);
    await expect(noDns.check(relay)).rejects.toMatchObject({ reason: 'unresolved' });
    // Any other name is resolved and checked even when only stored.
    await expect(noDns.check('https://interno.exemplo.com.br/', 'store')).rejects.toMatchObject({
      reason: 'internal',
    });
  });

  it.each([['https://relay/caminho'], ['ftp://relay'], ['usuario@relay'], ['https://relay?x=1']])(
    'refuses the entry %s at start',
    (entry) => {
      expect(() => parseAllowList(entry)).toThrow(/entrada inválida/);
      expect(() => loadConfig({ OUTBOUND_URL_ALLOWLIST: entry })).toThrow(/OUTBOUND_URL_ALLOWLIST/);
    },
  );

  it('reads ports, schemes and blanks', () => {
    expect(parseAllowList(' relay.local , http://[::1]:8080,https://r:443,')).toEqual([
      { protocol: 'https:', hostname: 'relay.local', port: '' },
      { protocol: 'http:', hostname: '::1', port: '8080' },
      { protocol: 'https:', hostname: 'r', port: '443' },
    ]);
    expect(loadConfig({}).outboundAllowList).toEqual([]);
  });
});
