import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lanUrls } from './lan.ts';

const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;

const interfaces = {
  lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
  eth0: [nic('192.168.1.20', 'IPv4'), nic('fe80::1', 'IPv6')],
  wlan0: [nic('10.0.0.7', 'IPv4')],
};

describe('the join URLs advertised', () => {
  it('are every LAN IPv4 address when the server listens on all of them', () => {
    expect(lanUrls(3000, '0.0.0.0', interfaces)).toEqual([
      'http://192.168.1.20:3000',
      'http://10.0.0.7:3000',
    ]);
    expect(lanUrls(3000, '::', interfaces)).toHaveLength(2);
  });

  it('are none on loopback, where no other device can reach the server', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.1.1'])
      expect(lanUrls(3000, host, interfaces), host).toEqual([]);
  });

  it('are only the bound address when the server listens on one', () => {
    expect(lanUrls(8080, '10.0.0.7', interfaces)).toEqual(['http://10.0.0.7:8080']);
    expect(lanUrls(8080, 'fe80::1', interfaces)).toEqual(['http://[fe80::1]:8080']);
    expect(lanUrls(8080, '172.16.0.9', interfaces)).toEqual([]);
  });
});
