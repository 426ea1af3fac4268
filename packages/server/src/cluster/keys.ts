/**
 * Every Redis key of the cluster. A room's keys share the hash tag `{CODE}`. One Redis (or a
 * Sentinel-managed primary) holds them all; the Lua scripts build a room's move-log key from its
 * code, so Redis Cluster is not supported.
 */
const PREFIX = 'percent:';

export const Keys = {
  /** The lease on a room: `nodeId/epoch` of its owner, expiring unless renewed. */
  lease: (code: string) => `${PREFIX}room:{${code}}:lease`,
  /** The fencing counter of a room: incremented at every acquisition. */
  epoch: (code: string) => `${PREFIX}room:{${code}}:epoch`,
  /** A live room: hash of `snapshot`, `race` (the live race's id or ''), `owner` (node id). */
  state: (code: string) => `${PREFIX}room:{${code}}:state`,
  /** The move log of one race of the room: a list of JSON moves, index = seq. */
  moves: (code: string, raceId: string) => `${PREFIX}room:{${code}}:moves:${raceId}`,
  /** The codes of every live room (a room is live from its first write to `forgetRoom`). */
  rooms: `${PREFIX}rooms`,
  /** Finished races stored with their room but not yet in the history database: raceId → JSON. */
  outbox: `${PREFIX}races:outbox`,
  /** A node's last sign of life: JSON `{ at, final }`. */
  node: (nodeId: string) => `${PREFIX}node:${nodeId}`,
  /** Commands forwarded to a node, and replies to it (pub/sub). */
  rpc: (nodeId: string) => `${PREFIX}rpc:${nodeId}`,
} as const;

/** The owner's node id in a lease token (`nodeId/epoch`). */
export const nodeOfToken = (token: string): string => token.slice(0, token.lastIndexOf('/'));
