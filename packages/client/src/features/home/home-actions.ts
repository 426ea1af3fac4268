/**
 * What the home page does once asked: loaded on first use, so the first page load carries
 * neither Socket.IO nor the protocol's schemas (the room page needs them anyway).
 */
import { request, type NetError } from '../../net/connection.ts';
import { deviceId, deviceSecret, saveNickname, saveSessionToken } from '../../net/identity.ts';
export { codeFrom } from '../../state/room-code.ts';

/**
 * Creates a room with this device as host; keeps the seat's token for the room page.
 * `plays: false`: the host runs the room from this screen without playing (a TV).
 */
export async function createRoom(
  nickname: string,
  plays = true,
): Promise<{ ok: true; link: string } | { ok: false; error: NetError }> {
  saveNickname(nickname);
  const device = { deviceId: deviceId(), deviceSecret: deviceSecret() };
  const reply = await request('room:create', { nickname, ...device, plays });
  if (!reply.ok) return reply;
  saveSessionToken(reply.view.code, reply.sessionToken ?? undefined);
  return { ok: true, link: reply.view.link };
}
