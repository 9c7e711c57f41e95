import { BlockList, isIP } from 'node:net';
import dns from 'node:dns';
import { normalizeHost } from '@svc/kit';

/**
 * Where outbound webhooks may go (SSRF protection). A target is refused when its address is
 * loopback, private, link-local, unique-local, CGNAT, multicast, reserved or unspecified, for IPv4
 * and IPv6 (IPv4-mapped, NAT64 and 6to4 addresses are judged by the IPv4 address they carry).
 * Host names are judged by every address they resolve to, and the connection is then made to the
 * checked address (the caller pins it), so a name that resolves differently a moment later (DNS
 * rebinding) cannot reach what was refused.
 *
 * The platform's allow-list (WEBHOOK_ALLOW_HOSTS: host names, `*.suffix`, addresses or CIDRs) lets
 * operators permit internal receivers; an endpoint whose `allow_private_network` an operator set
 * skips the check.
 */
const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const BLOCKED_V6: Array<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
];

const blocked = new BlockList();
for (const [a, p] of BLOCKED_V4) blocked.addSubnet(a, p, 'ipv4');
for (const [a, p] of BLOCKED_V6) blocked.addSubnet(a, p, 'ipv6');

/** Host names that are internal whatever they resolve to. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/;

/** The 32-bit IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
export function embeddedV4(v6: string): string | null {
  const words = expandV6(v6);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zero(0, 5) && words[5] === 0xffff) return v4(words[6], words[7]); // ::ffff:a.b.c.d
  if (zero(0, 6) && (words[6] !== 0 || words[7] > 1)) return v4(words[6], words[7]); // ::a.b.c.d (deprecated)
  if (words[0] === 0x64 && words[1] === 0xff9b && zero(2, 6)) return v4(words[6], words[7]); // NAT64
  if (words[0] === 0x2002) return v4(words[1], words[2]); // 6to4
  return null;
}

function expandV6(addr: string): number[] | null {
  let a = addr
    .replace(/^\[|\]$/g, '')
    .split('%')[0]
    .toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (dotted) {
    const p = dotted[1].split('.').map(Number);
    a = a.slice(0, -dotted[1].length) + `${((p[0] << 8) | p[1]).toString(16)}:${((p[2] << 8) | p[3]).toString(16)}`;
  }
  const [head, tail] = a.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail ? tail.split(':') : [];
  const fill = a.includes('::') ? 8 - h.length - t.length : 0;
  const all = [...h, ...Array(Math.max(0, fill)).fill('0'), ...t];
  if (all.length !== 8) return null;
  const words = all.map((w) => parseInt(w, 16));
  return words.some((w) => Number.isNaN(w) || w < 0 || w > 0xffff) ? null : words;
}

/** Whether an IP address (either family) is one webhooks must not reach. */
export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family === 6) {
    const v4 = embeddedV4(ip);
    if (v4 !== null) return blocked.check(v4, 'ipv4');
    return blocked.check(ip, 'ipv6');
  }
  return true; // not an address at all: refuse
}

export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefused';
  }
}

type LookupAll = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: LookupAll = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** The platform's allow-list: names (`hooks.internal`, `*.corp.example`), addresses and CIDRs. */
export class AllowList {
  private readonly names = new Set<string>();
  private readonly suffixes: string[] = [];
  private readonly nets = new BlockList();
  private empty = true;

  constructor(entries: string[]) {
    for (const raw of entries) {
      const e = normalizeHost(raw.trim()).replace(/^\[|\]$/g, '');
      if (!e) continue;
      this.empty = false;
      const [addr, bits] = e.split('/');
      const fam = isIP(addr);
      if (fam) {
        const type = fam === 4 ? 'ipv4' : 'ipv6';
        this.nets.addSubnet(addr, bits === undefined ? (fam === 4 ? 32 : 128) : Number(bits), type);
        if (fam === 4) this.nets.addSubnet(`::ffff:${addr}`, bits === undefined ? 128 : 96 + Number(bits), 'ipv6');
      } else if (e.startsWith('*.')) this.suffixes.push(e.slice(1));
      else this.names.add(e);
    }
  }

  hostAllowed(host: string): boolean {
    const h = normalizeHost(host);
    return this.names.has(h) || this.suffixes.some((s) => h.endsWith(s));
  }

  addressAllowed(address: string): boolean {
    if (this.empty) return false;
    const ip = address.replace(/^\[|\]$/g, '');
    const fam = isIP(ip);
    if (!fam) return false;
    if (this.nets.check(ip, fam === 4 ? 'ipv4' : 'ipv6')) return true;
    const v4 = fam === 6 ? embeddedV4(ip) : null;
    return v4 !== null && this.nets.check(v4, 'ipv4');
  }
}

export interface TargetCheck {
  /** `pinned`: the address to connect to (checked); `undefined`: resolve normally (allow-listed name) */
  pinned?: { address: string; family: number };
}

/** Judges webhook targets: at save time by the URL alone, at delivery time after resolving. */
export class TargetGuard {
  readonly allow: AllowList;

  constructor(
    allowHosts: string[],
    /** tests replace the resolver (a name that resolves to loopback) */
    public lookup: LookupAll = systemLookup,
  ) {
    this.allow = new AllowList(allowHosts);
  }

  /** Save-time reasons to refuse a URL (literal addresses and internal names); null when it may be saved. */
  refuseAtSave(url: URL): string | null {
    // the kit's host normaliser first: `localhost.` is `localhost`
    const host = normalizeHost(url.hostname).replace(/^\[|\]$/g, '');
    if (this.allow.hostAllowed(host)) return null;
    if (isIP(host)) return isBlockedAddress(host) && !this.allow.addressAllowed(host) ? `${host} is a loopback, private or reserved address` : null;
    if (INTERNAL_NAME.test(host) || !host.includes('.')) return `${host} is an internal host name`;
    return null;
  }

  /**
   * Resolves the target and checks every address; answers the address to connect to. Throws
   * TargetRefused when any address is refused (a name with one public and one private address is
   * refused: which one a connection would take is not ours to guess).
   */
  async check(url: URL, exempt = false): Promise<TargetCheck> {
    // the kit's host normaliser first: `localhost.` is `localhost`
    const host = normalizeHost(url.hostname).replace(/^\[|\]$/g, '');
    if (exempt || this.allow.hostAllowed(host)) return {};
    const fam = isIP(host);
    const addresses = fam ? [{ address: host, family: fam }] : await this.resolve(host);
    if (!addresses.length) throw new TargetRefused(`${host} does not resolve`);
    for (const a of addresses) {
      if (isBlockedAddress(a.address) && !this.allow.addressAllowed(a.address)) {
        throw new TargetRefused(
          fam ? `${host} is a loopback, private or reserved address` : `${host} resolves to ${a.address}, a loopback, private or reserved address`,
        );
      }
    }
    return { pinned: addresses[0] };
  }

  private async resolve(host: string) {
    try {
      return await this.lookup(host);
    } catch (err) {
      throw new TargetRefused(`${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
}
