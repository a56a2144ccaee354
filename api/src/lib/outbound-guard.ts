// The one guard of every outbound request the server makes to an address a user gave (today the Web Push
// endpoints a browser hands over; docs/decisions/1805). Requests to addresses the operator configured (SMTP,
// S3, the geocoder, Stripe) do not pass here: a user cannot choose where those go.
//
// A URL passes when its scheme, port and host are allowed by the policy, and the addresses its name resolves
// to are all public: no loopback, private, shared (CGNAT), link-local (cloud metadata), unique-local,
// multicast, documentation or reserved address, in any spelling (the WHATWG URL parser already turns
// 2130706433, 0x7f000001, 0177.0.0.1, 127.1 and ①②⑦.0.0.1 into 127.0.0.1; IPv4-mapped, NAT64 and 6to4
// IPv6 addresses are refused whole). The request then connects to the very addresses that were checked:
// the socket's lookup answers them instead of resolving the name again, so a name that resolves elsewhere
// a second later (DNS rebinding) gains nothing. Redirects are never followed.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type OutboundPolicy = {
  /** Host names allowed: exact, or `*.example.com` for its subdomains; null: any host with public addresses. */
  hosts: readonly string[] | null;
  /** Only https:// on the standard port 443. */
  standardHttpsOnly: boolean;
  /** Loopback addresses (127.0.0.0/8, ::1) allowed, over http too: the tests' local services, by an explicit setting. */
  loopback: boolean;
};

export type OutboundRefusal = 'form' | 'scheme' | 'port' | 'host' | 'address' | 'unresolved';

export class OutboundRefused extends Error {
  constructor(
    readonly refusal: OutboundRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** All the addresses of a name (dns.lookup, as the system resolves): injected by tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** IPv4 blocks no request on a user's behalf may reach, with what each is (for the log and the refusal). */
const REFUSED_V4: [string, number, string][] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared address space (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
  ['168.63.129.16', 32, 'cloud metadata (Azure)'],
];
/** IPv6: only global unicast (2000::/3) is public, less these blocks inside it. */
const REFUSED_V6_IN_GLOBAL: [string, number, string][] = [
  ['2001::', 23, 'IETF protocol assignments (Teredo, ORCHID)'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4 (an IPv4 address inside)'],
  ['3fff::', 20, 'documentation'],
];
// Apart per family: a list holding an IPv4 rule would match an IPv4-mapped IPv6 address too.
const LOOPBACK_V4 = blockList([['127.0.0.0', 8, '']]);
const LOOPBACK_V6 = blockList([['::1', 128, '']]);
const isLoopback = (address: string, family: number) => (family === 4 ? LOOPBACK_V4.check(address, 'ipv4') : LOOPBACK_V6.check(address, 'ipv6'));
const GLOBAL_V6 = blockList([['2000::', 3, '']]);

function blockList(entries: [string, number, string][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of entries) list.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');
  return list;
}
const refusedV4 = REFUSED_V4.map(([network, prefix, what]) => ({ list: blockList([[network, prefix, what]]), what }));
const refusedV6 = REFUSED_V6_IN_GLOBAL.map(([network, prefix, what]) => ({ list: blockList([[network, prefix, what]]), what }));

/** What makes an address unfit for a request on a user's behalf, or null when it is a public address. */
export function refusedAddress(address: string, policy: Pick<OutboundPolicy, 'loopback'>): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  if (policy.loopback && isLoopback(address, family)) return null;
  if (family === 4) return refusedV4.find((r) => r.list.check(address, 'ipv4'))?.what ?? null;
  // IPv6: BlockList would also match an IPv4-mapped address against IPv4 rules; the global-unicast rule refuses
  // every mapped, NAT64, unique-local, link-local, multicast and loopback address first.
  if (!GLOBAL_V6.check(address, 'ipv6')) return 'not a global IPv6 address (loopback, unique-local, link-local, IPv4-mapped or NAT64)';
  return refusedV6.find((r) => r.list.check(address, 'ipv6'))?.what ?? null;
}

/** Names that never lead out of the machine or its network, whatever they resolve to. */
function refusedName(host: string): boolean {
  if (!host.includes('.')) return true; // localhost, metadata, and any single label a search domain completes
  return /(^|\.)(localhost|local|internal|localdomain|home\.arpa|intranet|lan)$/.test(host);
}

function hostAllowed(host: string, hosts: readonly string[]): boolean {
  return hosts.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry));
}

export type OutboundTarget = { url: URL; host: string; literal: boolean };

/** The checks that need no resolution: form, scheme, port, host name or literal address. Throws OutboundRefused. */
export function checkOutboundUrl(raw: string, policy: OutboundPolicy): OutboundTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('form', 'not a URL');
  }
  if (url.username || url.password) throw new OutboundRefused('form', 'a URL with a user name or password');
  // The WHATWG parser has normalised the host (IPv4 in every spelling, IDNA, lower case); brackets off IPv6.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  const literal = isIP(host) !== 0;
  const loopbackLiteral = literal && policy.loopback && isLoopback(host, isIP(host));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackLiteral)) throw new OutboundRefused('scheme', `scheme ${url.protocol} (https:// only)`);
  if (policy.standardHttpsOnly && url.port !== '') throw new OutboundRefused('port', `port ${url.port} (443 only)`);
  if (policy.hosts && !hostAllowed(host, policy.hosts)) throw new OutboundRefused('host', `host ${host} is not on the allowed list`);
  if (literal) {
    const why = refusedAddress(host, policy);
    if (why) throw new OutboundRefused('address', `address ${host}: ${why}`);
  } else if (refusedName(host)) {
    throw new OutboundRefused('host', `host ${host} names a machine inside the network`);
  }
  return { url, host, literal };
}

/** The addresses the request may connect to: all of the name's, each checked (any refused refuses the name). */
export async function resolveOutbound(target: OutboundTarget, policy: OutboundPolicy, resolve: Resolver = systemResolver): Promise<ResolvedAddress[]> {
  if (target.literal) return [{ address: target.host, family: isIP(target.host) === 6 ? 6 : 4 }];
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(target.host);
  } catch (error) {
    throw new OutboundRefused('unresolved', `host ${target.host} does not resolve (${(error as NodeJS.ErrnoException)?.code ?? 'error'})`);
  }
  if (!addresses.length) throw new OutboundRefused('unresolved', `host ${target.host} has no address`);
  for (const { address } of addresses) {
    const why = refusedAddress(address, policy);
    if (why) throw new OutboundRefused('address', `host ${target.host} resolves to ${address}: ${why}`);
  }
  return addresses;
}

/** checkOutboundUrl and resolveOutbound in one: what a route calls before it stores a user's URL. */
export async function checkOutbound(raw: string, policy: OutboundPolicy, resolve?: Resolver): Promise<ResolvedAddress[]> {
  return resolveOutbound(checkOutboundUrl(raw, policy), policy, resolve);
}

export type OutboundRequest = {
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array | null;
  /** The TCP (and TLS) connection must be up within this (a host that does not answer SYN). */
  connectTimeoutMs: number;
  /** The whole exchange must be over within this (a host that accepts and never answers). */
  timeoutMs: number;
};
export type OutboundResponse = { status: number; headers: http.IncomingHttpHeaders; text: string };

const MAX_RESPONSE_BYTES = 4096;

/**
 * One request to a user-given URL: checked, resolved and checked again, connected to the checked address.
 * Throws OutboundRefused before any connection when the policy refuses it; other errors are the network's.
 */
export async function outboundRequest(raw: string, request: OutboundRequest, policy: OutboundPolicy, resolve?: Resolver): Promise<OutboundResponse> {
  const target = checkOutboundUrl(raw, policy);
  const addresses = await resolveOutbound(target, policy, resolve);
  // The socket resolves through this: the addresses checked above, never a second answer of the resolver.
  const pinned = ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  }) as unknown as LookupFunction;
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolvePromise, reject) => {
    const req = client.request({
      protocol: url.protocol,
      hostname: target.host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers: request.headers,
      lookup: pinned,
      agent: false,
      servername: target.literal ? undefined : target.host,
    });
    const overall = setTimeout(() => req.destroy(new Error(`no answer within ${request.timeoutMs / 1000} s`)), request.timeoutMs);
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const connect = setTimeout(() => req.destroy(new Error(`no connection within ${request.connectTimeoutMs / 1000} s`)), request.connectTimeoutMs);
      socket.once('connect', () => clearTimeout(connect));
      socket.once('close', () => clearTimeout(connect));
    });
    req.on('error', (error) => {
      clearTimeout(overall);
      reject(error);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_RESPONSE_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => {
        clearTimeout(overall);
        resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString('utf8') });
      });
      res.on('error', (error) => {
        clearTimeout(overall);
        reject(error);
      });
    });
    req.end(request.body ? Buffer.from(request.body) : undefined);
  });
}
