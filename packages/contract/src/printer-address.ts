/**
 * Where a network printer may be (issue 22 #4), as far as it can be told from the address itself:
 * what kind of address an IP literal is, and the problems of a host that need neither DNS nor
 * the server's settings. The server's address policy (printing/address-policy.ts) applies the
 * same kinds to every address a host resolves to, at save time and at every connection, and adds
 * what only it knows (loopback allowed or not, its own ports).
 */

/**
 * loopback 127.0.0.0/8, ::1; link_local 169.254.0.0/16, fe80::/10; metadata the clouds' instance
 * metadata services (169.254.169.254, fd00:ec2::254, 100.100.100.200); unspecified 0.0.0.0/8, ::;
 * multicast 224.0.0.0/4, ff00::/8; broadcast 255.255.255.255 and the reserved 240.0.0.0/4;
 * lan 10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7; public the rest.
 */
export type IpAddressKind = 'loopback' | 'link_local' | 'metadata' | 'unspecified' | 'multicast' | 'broadcast' | 'lan' | 'public';

/** The kinds a printer is never at, whatever the settings. */
export const NEVER_PRINTER_KINDS: readonly IpAddressKind[] = ['link_local', 'metadata', 'unspecified', 'multicast', 'broadcast'];

/** A problem with a printer's address, and its message (the web has the same under printing.addressProblems). */
export type PrinterAddressProblem = 'link_local' | 'unspecified' | 'multicast' | 'loopback' | 'invalid_ip';
export const PRINTER_ADDRESS_MESSAGES: Record<PrinterAddressProblem, string> = {
  link_local: '打印机地址不允许：链路本地或云元数据地址',
  unspecified: '打印机地址不允许：0.0.0.0 等未指定地址',
  multicast: '打印机地址不允许：组播、广播或保留地址',
  loopback: '打印机地址不允许：本机回环地址（127.0.0.1、localhost），服务器未开启 PRINTER_ALLOW_LOOPBACK',
  invalid_ip: '打印机地址不是有效的IP地址（应为 192.168.1.100 这样的四段十进制数）',
};

/** The problem of an address of this kind, or null when a printer may be there (loopback: when allowed). */
export function problemOfKind(kind: IpAddressKind): PrinterAddressProblem | null {
  switch (kind) {
    case 'link_local':
    case 'metadata':
      return 'link_local';
    case 'unspecified':
      return 'unspecified';
    case 'multicast':
    case 'broadcast':
      return 'multicast';
    case 'loopback':
      return 'loopback';
    default:
      return null;
  }
}

/** The ports of network printers (raw TCP 9100 and its neighbours); others need an administrator (store:printer:port). */
export const PRINTER_PORT_RANGE = { from: 9100, to: 9109 } as const;
export const isPrinterPort = (port: number): boolean => port >= PRINTER_PORT_RANGE.from && port <= PRINTER_PORT_RANGE.to;
export const printerPortMessage = (port: number): string =>
  `端口 ${port} 不在 ${PRINTER_PORT_RANGE.from}–${PRINTER_PORT_RANGE.to} 之间，需要管理员设置（权限 store:printer:port）`;

const OCTET = /^(0|[1-9]\d{0,2})$/;

/** An IPv4 address in canonical dotted-quad form as a 32-bit number, else null. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => OCTET.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** An IPv6 address (with `::` and a trailing dotted quad allowed, no zone) as its 8 groups, else null. */
export function parseIpv6(text: string): number[] | null {
  let s = text.toLowerCase();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  if (!s.includes(':') || !/^[0-9a-f:.]+$/.test(s)) return null;
  // A trailing IPv4 part becomes two groups.
  const v4 = /:(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (v4) {
    const n = parseIpv4(v4[1]!);
    if (n === null) return null;
    s = `${s.slice(0, v4.index + 1)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...head, ...tail].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((g) => parseInt(g, 16));
}

const inV4 = (n: number, base: string, bits: number) => {
  const size = 2 ** (32 - bits);
  return Math.floor(n / size) === Math.floor(parseIpv4(base)! / size);
};

function ipv4Kind(n: number): IpAddressKind {
  if (n === parseIpv4('169.254.169.254') || n === parseIpv4('100.100.100.200')) return 'metadata';
  if (inV4(n, '0.0.0.0', 8)) return 'unspecified';
  if (inV4(n, '127.0.0.0', 8)) return 'loopback';
  if (inV4(n, '169.254.0.0', 16)) return 'link_local';
  if (inV4(n, '224.0.0.0', 4)) return 'multicast';
  if (inV4(n, '240.0.0.0', 4)) return 'broadcast';
  if (inV4(n, '10.0.0.0', 8) || inV4(n, '172.16.0.0', 12) || inV4(n, '192.168.0.0', 16) || inV4(n, '100.64.0.0', 10)) return 'lan';
  return 'public';
}

function ipv6Kind(g: number[]): IpAddressKind {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const embedded = () => ipv4Kind(g[6]! * 65536 + g[7]!);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the IPv4 address.
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return embedded();
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return embedded();
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && zeros(2, 7) && g[7] === 0x254) return 'metadata';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link_local';
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  if ((g[0]! & 0xfe00) === 0xfc00) return 'lan';
  return 'public';
}

/** The kind of an IP literal (IPv4 dotted quad or IPv6), or null when it is not one. */
export function ipAddressKind(address: string): IpAddressKind | null {
  const v4 = parseIpv4(address);
  if (v4 !== null) return ipv4Kind(v4);
  const v6 = parseIpv6(address);
  return v6 ? ipv6Kind(v6) : null;
}

/** `localhost` and the names under it (RFC 6761): loopback without asking DNS. */
export const isLocalhostName = (host: string): boolean => /^(.+\.)?localhost\.?$/i.test(host);

/**
 * What can be told of a printer's host without DNS or the server's settings: an IP literal no
 * printer is ever at, or a numeric host that is no canonical dotted quad (`127.1`, `2852039166`,
 * `0x7f.0.0.1`, `010.0.0.1`: resolvers read them as other addresses). Loopback is the server's
 * to judge (PRINTER_ALLOW_LOOPBACK).
 */
export function printerHostProblem(host: string): PrinterAddressProblem | null {
  const h = host.trim();
  if (!h) return null;
  const kind = ipAddressKind(h);
  if (kind) {
    const problem = problemOfKind(kind);
    return problem === 'loopback' ? null : problem;
  }
  if (/^(0x[0-9a-f]*|\d+)(\.(0x[0-9a-f]*|\d+))*\.?$/i.test(h) || h.includes(':')) return 'invalid_ip';
  return null;
}
