/**
 * The cluster's atomic steps, as Lua run inside Redis: nothing else runs between a script's
 * check and its writes, which is what makes a lease a fence. KEYS are declared; a commit also
 * builds its room's move-log keys from the code (same hash tag).
 */

/**
 * KEYS: lease, epoch, state. ARGV: nodeId, ttlMs, mustBeNew ('1': no state may exist yet).
 * Returns the token and the node that last wrote the room (its `owner`, set by each snapshot:
 * a takeover that fails before writing leaves the real last owner for the next one).
 */
export const ACQUIRE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
if ARGV[3] == '1' and redis.call('EXISTS', KEYS[3]) == 1 then return false end
local epoch = redis.call('INCR', KEYS[2])
local token = ARGV[1] .. '/' .. epoch
redis.call('SET', KEYS[1], token, 'PX', ARGV[2])
local previous = redis.call('HGET', KEYS[3], 'owner')
return {token, previous or ''}
`;

/** KEYS: leases. ARGV: ttlMs, then one token per lease. Returns 1 (renewed) or 0 (lost) each. */
export const RENEW = `
local out = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[i + 1] then
    redis.call('PEXPIRE', key, ARGV[1])
    out[i] = 1
  else
    out[i] = 0
  end
end
return out
`;

/** KEYS: lease. ARGV: token. Deletes the lease only if it is still this token's. */
export const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * The commits of several rooms in one call (a window's, `RoomCommits`), each room's all or none
 * under its own lease. KEYS: rooms, outbox, then per room its lease, state and epoch. ARGV:
 * ttlMs, then per room its token, code, move-log key prefix and writes (a JSON array). Returns,
 * per room in order, 1 (written; its lease extended), 'FENCED' (the lease is not this token's)
 * or 'SEQ s of n' (a move would not land at its place in the log) — both writing nothing.
 */
export const COMMIT_MANY = `
local out = {}
for i = 1, (#KEYS - 2) / 3 do
  local lease, state, epoch = KEYS[3 * i], KEYS[3 * i + 1], KEYS[3 * i + 2]
  local token, code, prefix = ARGV[4 * i - 2], ARGV[4 * i - 1], ARGV[4 * i]
  local result = 1
  local writes = {}
  if redis.call('GET', lease) ~= token then
    result = 'FENCED'
  else
    writes = cjson.decode(ARGV[4 * i + 1])
    local lengths = {}
    for _, w in ipairs(writes) do
      if w.t == 'm' and result == 1 then
        local n = lengths[w.race] or redis.call('LLEN', prefix .. w.race)
        if n ~= w.seq then result = 'SEQ ' .. w.seq .. ' of ' .. n end
        lengths[w.race] = n + 1
      end
    end
  end
  if result == 1 then
    for _, w in ipairs(writes) do
      if w.t == 'm' then
        redis.call('RPUSH', prefix .. w.race, w.move)
      elseif w.t == 's' then
        redis.call('HSET', state, 'snapshot', w.snapshot, 'race', w.race, 'owner', w.owner)
        redis.call('SADD', KEYS[1], code)
      elseif w.t == 'f' then
        redis.call('DEL', state)
        redis.call('SREM', KEYS[1], code)
        redis.call('EXPIRE', epoch, 86400)
      elseif w.t == 'r' then
        redis.call('HSET', KEYS[2], w.race, w.record)
      end
    end
    redis.call('PEXPIRE', lease, ARGV[1])
  end
  out[i] = result
end
return out
`;
