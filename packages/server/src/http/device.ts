/**
 * The asking device of an `/api` request, from its headers (`DEVICE_HEADERS`: never the URL,
 * which lands in logs and browser history), checked against the key kept for it (`devices.ts`).
 */
import { DEVICE_HEADERS, DeviceIdSchema, DeviceSecretSchema, ErrorCode } from '@percent/protocol';
import type { Request, Response } from 'express';
import type { DeviceKeys } from '../devices.ts';
import { badRequest, problem } from './answer.ts';

const NAMES = { id: 'Percent-Device-Id', secret: 'Percent-Device-Secret' } as const;

/**
 * The device the request names, `null` when it names none and `required` is false, or
 * undefined once a refusal is sent: 400 for a missing or malformed header (naming it), 403
 * `DEVICE_NOT_YOURS` when the id's kept secret was not sent.
 */
export async function deviceOf(
  req: Request,
  res: Response,
  devices: DeviceKeys,
  required: boolean,
): Promise<string | null | undefined> {
  const id = req.get(DEVICE_HEADERS.id);
  const secret = req.get(DEVICE_HEADERS.secret);
  if (id === undefined) {
    if (!required && secret === undefined) return null;
    badRequest(res, `header ${NAMES.id}`, 'required: the id of the asking device');
    return undefined;
  }
  const deviceId = DeviceIdSchema.safeParse(id);
  if (!deviceId.success) {
    badRequest(res, `header ${NAMES.id}`, deviceId.error.issues[0]?.message);
    return undefined;
  }
  const key = secret === undefined ? undefined : DeviceSecretSchema.safeParse(secret);
  if (key && !key.success) {
    badRequest(res, `header ${NAMES.secret}`, key.error.issues[0]?.message);
    return undefined;
  }
  const claim = await devices.check(deviceId.data, key?.data);
  if (claim.ok) return deviceId.data;
  problem(res, 403, ErrorCode.deviceNotYours, `header ${NAMES.secret}: ${claim.message}`);
  return undefined;
}
