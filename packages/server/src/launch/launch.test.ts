import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { modeOf } from './banner.ts';
import { Redis } from 'ioredis';
import { canRunRedis, startLocalRedis, type LocalRedis } from './local-redis.ts';
import { planRedis } from './redis-plan.ts';
import { restartDelayMs } from './workers.ts';
import { freePort } from './ports.ts';

const REDIS_SERVER = process.env.REDIS_SERVER || 'redis-server';
const hasRedis = canRunRedis(REDIS_SERVER);
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('which Redis --workers uses', () => {
  const config = { workers: 3, redisServer: '/opt/redis-server' };

  it('takes REDIS_URL when given, without looking for a binary', () => {
    const looked: string[] = [];
    const canRun = (command: string) => (looked.push(command), true);
    expect(planRedis({ ...config, redisUrl: 'redis://cache:6379' }, canRun)).toEqual({
      kind: 'given',
      url: 'redis://cache:6379',
    });
    expect(looked).toEqual([]);
  });

  it('starts the named binary when it runs', () => {
    expect(planRedis(config, () => true)).toEqual({ kind: 'local', command: '/opt/redis-server' });
  });

  it('refuses, saying both ways out with the same worker count, when it does not', () => {
    const plan = planRedis(config, () => false);
    expect(plan.kind).toBe('refused');
    const message = plan.kind === 'refused' ? plan.message : '';
    expect(message).toContain('"/opt/redis-server" cannot be run');
    expect(message).toContain('REDIS_URL=redis://127.0.0.1:6379 pnpm start --workers 3');
    expect(message).toContain('apt-get install redis-server');
  });

  it('finds no Redis in a binary that is missing or is something else', () => {
    expect(canRunRedis('/nonexistent/redis-server')).toBe(false);
    expect(canRunRedis(process.execPath)).toBe(false); // node --version: not a Redis
  });
});

describe('restarting a dying worker', () => {
  it('waits 0.5 s after a first early death, doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(restartDelayMs)).toEqual([
      0, 500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('the mode line', () => {
  const base = { port: 3000, host: '0.0.0.0', dataDir: '/srv/percent', restoredRooms: 0 };

  it('says one process on SQLite by default', () => {
    expect(modeOf({ ...base, workers: 1 })).toBe('1 process, history in SQLite (/srv/percent)');
  });

  it('names the workers, a local Redis and PostgreSQL, hiding passwords', () => {
    const banner = {
      ...base,
      workers: 4,
      redis: { url: 'redis://127.0.0.1:41000', localDir: '/srv/percent/redis' },
      databaseUrl: 'postgres://percent:hunter2@db/percent',
    };
    expect(modeOf(banner)).toBe(
      '4 workers, Redis at redis://127.0.0.1:41000 (started here, data in /srv/percent/redis), ' +
        'history in PostgreSQL (postgres://percent:***@db/percent)',
    );
  });
});

describe.skipIf(!hasRedis)(
  `the local Redis${hasRedis ? '' : ` (skipped: ${REDIS_SERVER} is missing)`}`,
  () => {
    it('keeps its data in DATA_DIR/redis, append-only, and stops', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'percent-local-redis-'));
      dirs.push(dataDir);
      const redis = await startLocalRedis(REDIS_SERVER, dataDir);
      expect(redis.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
      expect(redis.dir).toBe(join(dataDir, 'redis'));
      expect(Number(readFileSync(join(redis.dir, 'redis.pid'), 'utf8'))).toBe(redis.pid);
      expect(existsSync(join(redis.dir, 'appendonlydir'))).toBe(true);
      // Written before each answer, synced once a second (SQLite NORMAL's durability).
      const client = new Redis(redis.url);
      const fsync = await client.config('GET', 'appendfsync');
      client.disconnect();
      expect(fsync).toEqual(['appendfsync', 'everysec']);
      await redis.stop();
      expect(existsSync(`/proc/${redis.pid}`)).toBe(false);
    });

    it('stops a Redis left running on the same data by a primary that was killed', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'percent-local-redis-'));
      dirs.push(dataDir);
      const dir = join(dataDir, 'redis');
      mkdirSync(dir);
      // A daemonized Redis has lost its parent, as one whose primary got SIGKILL has. On a busy
      // machine the free port may be taken before it binds (it then exits): another port.
      let orphan = 0;
      for (let attempt = 0; attempt < 5 && !existsSync(`/proc/${orphan}`); attempt++) {
        rmSync(join(dir, 'redis.pid'), { force: true });
        const left = spawnSync(REDIS_SERVER, [
          ...['--port', String(await freePort()), '--bind', '127.0.0.1'],
          ...['--daemonize', 'yes', '--dir', dir],
          ...['--pidfile', join(dir, 'redis.pid'), '--appendonly', 'yes'],
        ]);
        expect(left.status).toBe(0);
        const deadline = Date.now() + 5000;
        while (!existsSync(join(dir, 'redis.pid')) && Date.now() < deadline) await sleep(20);
        orphan = Number(readFileSync(join(dir, 'redis.pid'), 'utf8'));
        await sleep(100); // still there a moment later: it bound its port
      }
      expect(existsSync(`/proc/${orphan}`)).toBe(true);

      let redis: LocalRedis | undefined;
      try {
        redis = await startLocalRedis(REDIS_SERVER, dataDir);
        expect(existsSync(`/proc/${orphan}`)).toBe(false);
        expect(redis.pid).not.toBe(orphan);
      } finally {
        await redis?.stop();
        if (existsSync(`/proc/${orphan}`)) process.kill(orphan, 'SIGKILL');
      }
    });
  },
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
