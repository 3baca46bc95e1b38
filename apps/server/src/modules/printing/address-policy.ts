import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import os from 'node:os';
import { ipAddressKind, isLocalhostName, parseIpv6, PRINTER_ADDRESS_MESSAGES, problemOfKind } from '@canteen/contract';

/**
 * Where a network printer may be (issue 22 #4): the one check of its address, when a printer is
 * saved and before every connection to it (status check, the scheduled status job, a print).
 * It judges every address the host RESOLVES to (a name pointing at a forbidden address is
 * forbidden too) and answers the address to connect to, so the connection goes where was checked
 * (no second lookup a DNS answer could change in between).
 *
 * Never: link-local and the clouds' metadata services, 0.0.0.0 / unspecified, multicast and
 * broadcast (the contract's kinds), and this server's own ports (PORT, SIM_PORT, the one it
 * listens on) on loopback or on one of its own addresses, nor the database's and Redis's
 * address and port. Loopback only with PRINTER_ALLOW_LOOPBACK=on (the demo's simulated printers
 * live there). LAN and other addresses are fine.
 */

/** A refused address; `detail` is the reason after 打印机地址不允许：. */
export class PrinterAddressRefused extends Error {
  constructor(readonly detail: string) {
    super(`打印机地址不允许：${detail}`);
  }
}
/** The host resolves to no address (or not in time). */
export class PrinterAddressUnresolved extends Error {
  constructor() {
    super('打印机地址无法解析，请检查地址');
  }
}

export interface AddressPolicyOptions {
  allowLoopback: boolean;
  /** The ports this server and what runs beside it listen on (read at each check: the listening port is known only once it listens). */
  ownPorts: () => Iterable<number>;
  /** Services the server talks to (database, Redis): their exact address and port are refused. */
  services?: ReadonlyArray<{ host: string; port: number }>;
  /** Every address of a host (default: the system resolver, all families). */
  resolve?: (host: string) => Promise<string[]>;
  /** This machine's own addresses (default: its network interfaces'). */
  ownAddresses?: () => Iterable<string>;
  resolveTimeoutMs?: number;
}

export interface PrinterAddressPolicy {
  /** Checks a printer's host and port; answers the address to connect to. Throws PrinterAddressRefused or PrinterAddressUnresolved. */
  check(host: string, port: number): Promise<string>;
}

const systemResolve = async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
const interfaceAddresses = () => Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));

/** One spelling per address: IPv4 dotted, IPv4-mapped IPv6 as its IPv4, other IPv6 as its 8 groups; the zone dropped. */
export function canonicalAddress(address: string): string {
  const plain = address.replace(/%.*$/, '').toLowerCase();
  const groups = isIP(plain) === 6 ? parseIpv6(plain) : null;
  if (!groups) return plain;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  return groups.map((g) => g.toString(16)).join(':');
}

const OWN_PORT = (port: number) => `服务器自身使用的端口（${port}）`;
const detailOf = (message: string) => message.replace(/^打印机地址不允许：/, '');

export function createAddressPolicy(options: AddressPolicyOptions): PrinterAddressPolicy {
  const resolve = options.resolve ?? systemResolve;
  const timeoutMs = options.resolveTimeoutMs ?? 5000;
  const addressesOf = async (host: string): Promise<string[]> => {
    const h = host.trim().replace(/^\[(.*)\]$/, '$1');
    if (isIP(h)) return [h];
    if (isLocalhostName(h)) return ['127.0.0.1'];
    let timer: NodeJS.Timeout | undefined;
    try {
      const found = await Promise.race([
        resolve(h),
        new Promise<string[]>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
        }),
      ]);
      if (!found.length) throw new Error('no address');
      return found;
    } catch {
      throw new PrinterAddressUnresolved();
    } finally {
      clearTimeout(timer);
    }
  };
  // The services' addresses, resolved once (a failure: tried again next time).
  let services: Promise<Array<{ address: string; port: number }>> | null = null;
  const serviceAddresses = () => {
    services ??= Promise.all((options.services ?? []).map(async (s) => (await addressesOf(s.host).catch(() => [])).map((a) => ({ address: canonicalAddress(a), port: s.port }))))
      .then((lists) => lists.flat())
      .catch(() => {
        services = null;
        return [];
      });
    return services;
  };

  return {
    async check(host, port) {
      const addresses = await addressesOf(host);
      const own = new Set([...(options.ownAddresses ?? interfaceAddresses)()].map(canonicalAddress));
      const ownPorts = new Set(options.ownPorts());
      const used = await serviceAddresses();
      for (const raw of addresses) {
        const address = canonicalAddress(raw);
        const kind = ipAddressKind(address);
        if (!kind) throw new PrinterAddressUnresolved();
        const problem = problemOfKind(kind);
        if (problem && !(problem === 'loopback' && options.allowLoopback)) throw new PrinterAddressRefused(detailOf(PRINTER_ADDRESS_MESSAGES[problem]));
        if (ownPorts.has(port) && (kind === 'loopback' || own.has(address))) throw new PrinterAddressRefused(OWN_PORT(port));
        if (used.some((s) => s.port === port && (s.address === address || (kind === 'loopback' && ipAddressKind(s.address) === 'loopback')))) {
          throw new PrinterAddressRefused(OWN_PORT(port));
        }
      }
      return addresses[0]!.replace(/%.*$/, '');
    },
  };
}

/** The policy of this server's configuration. `listening`: the ports it listens on now. */
export function addressPolicyOf(
  config: { PRINTER_ALLOW_LOOPBACK: 'on' | 'off'; PORT: number; SIM_PORT: number; DATABASE_URL?: string | undefined; REDIS_URL?: string | undefined },
  listening: () => number[] = () => [],
): PrinterAddressPolicy {
  const services = [[config.DATABASE_URL, 5432], [config.REDIS_URL, 6379]].flatMap(([url, defaultPort]) => {
    if (!url) return [];
    try {
      const u = new URL(url);
      return u.hostname ? [{ host: u.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(u.port || defaultPort) }] : [];
    } catch {
      return [];
    }
  });
  return createAddressPolicy({
    allowLoopback: config.PRINTER_ALLOW_LOOPBACK === 'on',
    ownPorts: () => [config.PORT, config.SIM_PORT, ...listening()],
    services,
  });
}
