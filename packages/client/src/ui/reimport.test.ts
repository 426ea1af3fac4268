import { describe, expect, it } from 'vitest';
import { failedChunkUrl, reimporting } from './reimport.ts';

describe('failedChunkUrl', () => {
  it('reads the chunk URL from the browsers’ messages', () => {
    const chromium = new TypeError(
      'Failed to fetch dynamically imported module: http://localhost:3000/assets/home-actions-Bx1.js',
    );
    expect(failedChunkUrl(chromium)).toBe('http://localhost:3000/assets/home-actions-Bx1.js');
    const firefox = new TypeError(
      'error loading dynamically imported module: https://a.example/assets/x-1.mjs?retry=2',
    );
    expect(failedChunkUrl(firefox)).toBe('https://a.example/assets/x-1.mjs');
    expect(failedChunkUrl(new Error('network down'))).toBeUndefined();
  });
});

describe('reimporting', () => {
  it('passes the first failure on, then tries the import as it is before anything else', async () => {
    let calls = 0;
    const load = reimporting(
      () => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ v: 7 })),
      (m) => m.v,
    );
    await expect(load()).rejects.toThrow('offline');
    expect(await load()).toBe(7);
    expect(calls).toBe(2);
  });
});
