import { describe, expect, it } from 'vitest';
import { ipAddressKind, isPrinterPort, parseIpv6, printerHostProblem } from './printer-address.js';
import { printerBodySchema } from './printing.js';

describe('ipAddressKind', () => {
  it('tells every kind of IPv4 address', () => {
    expect(ipAddressKind('169.254.169.254')).toBe('metadata');
    expect(ipAddressKind('100.100.100.200')).toBe('metadata');
    expect(ipAddressKind('169.254.1.2')).toBe('link_local');
    expect(ipAddressKind('127.0.0.1')).toBe('loopback');
    expect(ipAddressKind('127.8.9.10')).toBe('loopback');
    expect(ipAddressKind('0.0.0.0')).toBe('unspecified');
    expect(ipAddressKind('224.0.0.251')).toBe('multicast');
    expect(ipAddressKind('255.255.255.255')).toBe('broadcast');
    for (const lan of ['10.0.0.8', '172.16.0.1', '172.31.255.254', '192.168.1.100']) expect(ipAddressKind(lan)).toBe('lan');
    expect(ipAddressKind('172.32.0.1')).toBe('public');
    expect(ipAddressKind('8.8.8.8')).toBe('public');
    expect(ipAddressKind('printer.local')).toBeNull();
    expect(ipAddressKind('256.1.1.1')).toBeNull();
  });

  it('tells IPv6 addresses, and reads the IPv4 address inside mapped and NAT64 ones', () => {
    expect(parseIpv6('fe80::1')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipAddressKind('::1')).toBe('loopback');
    expect(ipAddressKind('::')).toBe('unspecified');
    expect(ipAddressKind('fe80::1')).toBe('link_local');
    expect(ipAddressKind('febf::1')).toBe('link_local');
    expect(ipAddressKind('fd00:ec2::254')).toBe('metadata');
    expect(ipAddressKind('FD00:0EC2:0:0:0:0:0:254')).toBe('metadata');
    expect(ipAddressKind('ff02::1')).toBe('multicast');
    expect(ipAddressKind('fd12:3456::8')).toBe('lan');
    expect(ipAddressKind('::ffff:169.254.169.254')).toBe('metadata');
    expect(ipAddressKind('::ffff:a9fe:a9fe')).toBe('metadata');
    expect(ipAddressKind('::ffff:127.0.0.1')).toBe('loopback');
    expect(ipAddressKind('64:ff9b::a9fe:a9fe')).toBe('metadata');
    expect(ipAddressKind('2001:db8::1')).toBe('public');
    expect(ipAddressKind('1::2::3')).toBeNull();
  });
});

describe('printerHostProblem (no DNS)', () => {
  it('refuses link-local, metadata, unspecified and multicast literals and numbers that are no dotted quad; leaves names and loopback to the server', () => {
    expect(printerHostProblem('169.254.169.254')).toBe('link_local');
    expect(printerHostProblem('fd00:ec2::254')).toBe('link_local');
    expect(printerHostProblem('0.0.0.0')).toBe('unspecified');
    expect(printerHostProblem('239.1.2.3')).toBe('multicast');
    for (const odd of ['2852039166', '127.1', '0x7f.0.0.1', '010.0.0.1', '1:2']) expect(printerHostProblem(odd)).toBe('invalid_ip');
    for (const fine of ['192.168.1.100', '10.0.0.8', 'kitchen-printer.lan', '127.0.0.1', 'localhost']) expect(printerHostProblem(fine)).toBeNull();
  });

  it('is the printer schema\'s message', () => {
    const body = { storeId: '1', name: '后厨', brand: 'escpos', host: '169.254.169.254', paper: 58, tickets: ['kitchen'] };
    const parsed = printerBodySchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['host'], message: '打印机地址不允许：链路本地或云元数据地址' });
    expect(printerBodySchema.safeParse({ ...body, host: '192.168.1.50' }).success).toBe(true);
  });

  it('9100–9109 are printer ports', () => {
    expect([9099, 9100, 9109, 9110, 80].map(isPrinterPort)).toEqual([false, true, true, false, false]);
  });
});
