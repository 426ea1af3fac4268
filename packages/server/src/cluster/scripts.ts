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
 * KEYS: lease, state, rooms, outbox, epoch. ARGV: token, ttlMs, code, movesPrefix, then the writes as
 * a JSON array. Refuses everything (error FENCED) unless the lease is still this token's; a
 * move must land at its seq (error SEQ otherwise). The lease is extended on success.
 */
export const COMMIT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return redis.error_reply('FENCED') end
local writes = cjson.decode(ARGV[5])
local lengths = {}
for _, w in ipairs(writes) do
  if w.t == 'm' then
    local n = lengths[w.race] or redis.call('LLEN', ARGV[4] .. w.race)
    if n ~= w.seq then return redis.error_reply('SEQ ' .. w.seq .. ' of ' .. n) end
    lengths[w.race] = n + 1
  end
end
for _, w in ipairs(writes) do
  if w.t == 'm' then
    redis.call('RPUSH', ARGV[4] .. w.race, w.move)
  elseif w.t == 's' then
    redis.call('HSET', KEYS[2], 'snapshot', w.snapshot, 'race', w.race, 'owner', w.owner)
    redis.call('SADD', KEYS[3], ARGV[3])
  elseif w.t == 'f' then
    redis.call('DEL', KEYS[2])
    redis.call('SREM', KEYS[3], ARGV[3])
    redis.call('EXPIRE', KEYS[5], 86400)
  elseif w.t == 'r' then
    redis.call('HSET', KEYS[4], w.race, w.record)
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;
