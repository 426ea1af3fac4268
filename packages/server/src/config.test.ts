import { describe, expect, it } from 'vitest';
import { DATABASE_ALONE, DEFAULT_DATA_DIR, readConfig, redactUrl } from './config.ts';

describe('config', () => {
  it('defaults to port 3000 on every interface with ./data beside the server', () => {
    expect(readConfig({}, [])).toMatchObject({
      ok: true,
      config: { port: 3000, host: '0.0.0.0', dataDir: DEFAULT_DATA_DIR },
    });
    expect(DEFAULT_DATA_DIR).toMatch(/packages[/\\]server[/\\]data$/);
  });

  it('reads PORT, HOST, DATA_DIR, and lets --port win', () => {
    const env = { PORT: '4000', HOST: '127.0.0.1', DATA_DIR: '/tmp/p' };
    expect(readConfig(env, [])).toMatchObject({
      config: { port: 4000, host: '127.0.0.1', dataDir: '/tmp/p' },
    });
    expect(readConfig(env, ['--port', '5000'])).toMatchObject({ config: { port: 5000 } });
    expect(readConfig(env, ['--port=5001'])).toMatchObject({ config: { port: 5001 } });
  });

  it('refuses a bad port with the value', () => {
    expect(readConfig({ PORT: 'abc' }, [])).toEqual({
      ok: false,
      message: 'port must be an integer 0–65535, got "abc"',
    });
  });
});

describe('config: workers', () => {
  it('runs one process unless told otherwise', () => {
    expect(readConfig({}, [])).toMatchObject({ config: { workers: 1 } });
    expect(readConfig({ WORKERS: '' }, [])).toMatchObject({ config: { workers: 1 } });
  });

  it('reads WORKERS, and --workers wins in either spelling', () => {
    expect(readConfig({ WORKERS: '3' }, [])).toMatchObject({ config: { workers: 3 } });
    expect(readConfig({ WORKERS: '3' }, ['--workers', '4'])).toMatchObject({
      config: { workers: 4 },
    });
    expect(readConfig({}, ['--port', '0', '--workers=64'])).toMatchObject({
      config: { workers: 64, port: 0 },
    });
  });

  it.each([
    [['--workers', '0'], '0'],
    [['--workers', '65'], '65'],
    [['--workers', '2.5'], '2.5'],
    [['--workers', '-1'], '-1'],
    [['--workers', 'two'], 'two'],
    [['--workers', ' 2'], ' 2'],
    [['--workers=0x2'], '0x2'],
    [['--workers='], ''],
    [['--workers'], ''],
    [['--workers', '--port', '3000'], '--port'],
  ])('refuses %j naming the flag and the value', (argv, value) => {
    expect(readConfig({ WORKERS: '2' }, argv)).toEqual({
      ok: false,
      message: `--workers must be a whole number 1–64, got "${value}"`,
    });
  });

  it('names WORKERS when the bad value came from the environment', () => {
    expect(readConfig({ WORKERS: '100' }, [])).toEqual({
      ok: false,
      message: 'WORKERS must be a whole number 1–64, got "100"',
    });
  });
});

describe('config: Redis and PostgreSQL', () => {
  it('has neither by default, and redis-server as the local Redis binary', () => {
    const read = readConfig({}, []);
    expect(read.ok && read.config).toMatchObject({ redisServer: 'redis-server' });
    expect(read.ok && 'redisUrl' in read.config).toBe(false);
    expect(read.ok && 'databaseUrl' in read.config).toBe(false);
  });

  it('takes REDIS_URL, DATABASE_URL and REDIS_SERVER as given', () => {
    const env = {
      REDIS_URL: 'rediss://:secret@cache.example:6380/2',
      DATABASE_URL: 'postgresql://percent:pw@db.example:5432/percent',
      REDIS_SERVER: '/opt/redis/bin/redis-server',
    };
    expect(readConfig(env, [])).toMatchObject({
      ok: true,
      config: {
        redisUrl: env.REDIS_URL,
        databaseUrl: env.DATABASE_URL,
        redisServer: '/opt/redis/bin/redis-server',
      },
    });
    const plain = { REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgres://h/db' };
    expect(readConfig(plain, [])).toMatchObject({
      config: { redisUrl: plain.REDIS_URL, databaseUrl: plain.DATABASE_URL },
    });
  });

  it('refuses DATABASE_URL without a cluster, and takes it with REDIS_URL or --workers', () => {
    const database = { DATABASE_URL: 'postgres://percent@db/percent' };
    expect(readConfig(database, [])).toEqual({ ok: false, message: DATABASE_ALONE });
    expect(readConfig({ ...database, REDIS_URL: 'redis://cache:6379' }, []).ok).toBe(true);
    expect(readConfig(database, ['--workers', '2']).ok).toBe(true);
    expect(DATABASE_ALONE).toMatch(/REDIS_URL.*--workers/);
  });

  it('reads the quotas, large ones too, and refuses a bad one naming it', () => {
    const env = { QUOTA_SOCKETS: '1000000', QUOTA_LOOKUPS: '7', QUOTA_DAILY_MOVES: '90' };
    const read = readConfig({ ...env, TRUST_PROXY: '1' }, []);
    expect(read.ok && read.config.quotas).toEqual({
      socketsPerAddress: 1_000_000,
      createsPerMinute: 30,
      lookupsPerMinute: 7,
      dailyStartsPerMinute: 20,
      dailyMovesPerMinute: 90,
      trustProxy: true,
    });
    expect(readConfig({ QUOTA_CREATES: '0' }, [])).toEqual({
      ok: false,
      message: 'QUOTA_CREATES must be a whole number ≥ 1, got "0"',
    });
  });

  it('reads the group-commit window (0 allowed, 4 by default) and refuses a bad one', () => {
    const groupCommit = (value?: string) => {
      const read = readConfig(value === undefined ? {} : { GROUP_COMMIT_MS: value }, []);
      return read.ok ? read.config.groupCommitMs : read.message;
    };
    expect(groupCommit()).toBe(4);
    expect(groupCommit('')).toBe(4);
    expect(groupCommit('0')).toBe(0);
    expect(groupCommit('25')).toBe(25);
    for (const bad of ['101', '-1', '2.5', 'soon'])
      expect(groupCommit(bad)).toBe(
        `GROUP_COMMIT_MS must be a whole number of ms from 0 to 100, got "${bad}"`,
      );
  });

  it('treats an empty variable as unset', () => {
    const read = readConfig({ REDIS_URL: '', DATABASE_URL: '' }, []);
    expect(read.ok && Object.keys(read.config)).not.toContain('redisUrl');
    expect(read.ok && Object.keys(read.config)).not.toContain('databaseUrl');
  });

  it.each([
    [
      { REDIS_URL: 'http://127.0.0.1:6379' },
      'REDIS_URL must start with redis:// or rediss://, got "http://127.0.0.1:6379"',
    ],
    [
      { REDIS_URL: 'localhost:6379' },
      'REDIS_URL must start with redis:// or rediss://, got "localhost:6379"',
    ],
    [
      { REDIS_URL: 'localhost' },
      'REDIS_URL is not a URL (expected redis:// or rediss://…), got "localhost"',
    ],
    [{ REDIS_URL: 'redis://' }, 'REDIS_URL names no host, got "redis://"'],
    [
      { DATABASE_URL: 'mysql://u:hunter2@db/percent' },
      'DATABASE_URL must start with postgres:// or postgresql://, got "mysql://u:***@db/percent"',
    ],
    [
      { DATABASE_URL: 'percent.sqlite' },
      'DATABASE_URL is not a URL (expected postgres:// or postgresql://…), got "percent.sqlite"',
    ],
  ])('refuses %j with a message that never shows the password', (env, message) => {
    expect(readConfig(env, [])).toEqual({ ok: false, message });
  });
});

describe('redactUrl', () => {
  it('hides a password and leaves everything else', () => {
    expect(redactUrl('redis://:s3cret@h:6379/0')).toBe('redis://:***@h:6379/0');
    expect(redactUrl('postgres://me:pw@db/x')).toBe('postgres://me:***@db/x');
    expect(redactUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redactUrl('not a url')).toBe('not a url');
  });
});
