/**
 * Device keys: what makes a device id more than a name. A client makes a secret beside its
 * device id and sends both wherever the id goes (socket payloads, `/api` headers). The first
 * time the server sees an id with a secret it keeps the secret's SHA-256 (trust on first use);
 * from then on the id is taken only with that secret. An id that comes without a secret is
 * taken only while no secret is kept for it (a client from before secrets, a test bot): the
 * moment its owner's client sends one, the id is bound. See docs/SECURITY.md.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** Where the keys are kept: beside the daily, in the history's database (SQLite or PostgreSQL). */
export interface DeviceKeyStore {
  /**
   * Keeps `secretHash` for the device unless one is kept already (`ON CONFLICT DO NOTHING`),
   * and answers the hash kept now: whoever claimed the id first, every node agrees.
   */
  claimDevice(deviceId: string, secretHash: string, now: number): Promise<string>;
  /** The hash kept for the device, if any. */
  deviceHash(deviceId: string): Promise<string | undefined>;
}

export type DeviceCheck = { readonly ok: true } | { readonly ok: false; readonly message: string };

/** Verified ids kept in memory, so a busy device costs no query per event. */
const CACHE_LIMIT = 50_000;

export class DeviceKeys {
  /** Device id → the hash its secret matched. */
  private readonly verified = new Map<string, string>();

  constructor(
    private readonly store: DeviceKeyStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether `deviceId` may be taken as claimed with `secret` (undefined: none sent). */
  async check(deviceId: string, secret: string | undefined): Promise<DeviceCheck> {
    if (secret === undefined) {
      const kept = this.verified.get(deviceId) ?? (await this.store.deviceHash(deviceId));
      return kept === undefined ? OK : NOT_YOURS;
    }
    const hash = hashOf(secret);
    const known = this.verified.get(deviceId);
    const kept = known ?? (await this.store.claimDevice(deviceId, hash, this.now()));
    if (!same(kept, hash)) return NOT_YOURS;
    if (known === undefined) this.remember(deviceId, hash);
    return OK;
  }

  private remember(deviceId: string, hash: string): void {
    if (this.verified.size >= CACHE_LIMIT) this.verified.clear();
    this.verified.set(deviceId, hash);
  }
}

const OK: DeviceCheck = { ok: true };
const NOT_YOURS: DeviceCheck = {
  ok: false,
  message: 'this device id belongs to another device (its secret is not the one kept for it)',
};

const hashOf = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Keys in memory: for tests of the rooms without a database. */
export function memoryDeviceKeys(): DeviceKeyStore {
  const keys = new Map<string, string>();
  return {
    claimDevice: async (deviceId, secretHash) => {
      if (!keys.has(deviceId)) keys.set(deviceId, secretHash);
      return keys.get(deviceId)!;
    },
    deviceHash: async (deviceId) => keys.get(deviceId),
  };
}
