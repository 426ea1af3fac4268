import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR, readConfig } from './config.ts';

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
