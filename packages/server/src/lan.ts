import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

const ALL = new Set(['0.0.0.0', '::', '']);
const LOOPBACK = /^(127\.|localhost$|::1$|::ffff:127\.)/;

/**
 * The join URLs other devices can reach the server at, given the address it listens on:
 * every LAN IPv4 address when it listens on all of them; only the bound address when it is
 * one of this machine's LAN addresses; none on loopback (nobody else can reach it there).
 */
export function lanUrls(
  port: number,
  host: string,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  if (LOOPBACK.test(host)) return [];
  const external = Object.values(interfaces)
    .flat()
    .filter((a): a is NetworkInterfaceInfo => a !== undefined && !a.internal);
  if (ALL.has(host)) {
    return external.filter((a) => a.family === 'IPv4').map((a) => `http://${a.address}:${port}`);
  }
  const bound = external.find((a) => a.address === host);
  if (!bound) return [];
  return [bound.family === 'IPv6' ? `http://[${host}]:${port}` : `http://${host}:${port}`];
}
