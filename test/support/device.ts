/**
 * The headers that name a device on `/api` requests (docs/PROTOCOL.md, "Devices"): its id, and
 * its secret when it has one (a test device without one is taken while no secret is kept).
 */
import { DEVICE_HEADERS } from '@percent/protocol';

export const deviceHeaders = (deviceId: string, secret?: string): Record<string, string> => ({
  [DEVICE_HEADERS.id]: deviceId,
  ...(secret === undefined ? {} : { [DEVICE_HEADERS.secret]: secret }),
});

/** `GET /api/history` for the device, as JSON. */
export async function historyOf(url: string, deviceId: string, query = ''): Promise<unknown> {
  const response = await fetch(`${url}/api/history${query}`, { headers: deviceHeaders(deviceId) });
  return response.json();
}
