import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openSqliteStore } from './sqlite.ts';
import { openStore } from './store.ts';

/**
 * The store says when it cannot keep its promises (issue 21): an emptied database file is
 * refused, a write-ahead log lost after an unclean stop is reported, a store that cannot write
 * says so until a write works again.
 */
describe('store durability', () => {
  let base = '';
  beforeEach(() => (base = mkdtempSync(join(tmpdir(), 'percent-durable-'))));
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('refuses a database file of 0 bytes, leaving it as it is', () => {
    const file = join(base, DATABASE_FILE);
    writeFileSync(file, '');
    expect(() => openStore({ dataDir: base })).toThrow(/empty \(0 bytes\).*left as it is/s);
    expect(existsSync(file)).toBe(true);
  });

  it('reports a write-ahead log missing after an unclean stop, and nothing after a clean one', () => {
    const first = openStore({ dataDir: base });
    first.heartbeat(1000); // running: no final beat, as when the process is killed
    first.close(); // closing removes the log: the state a deleted log leaves
    const second = openStore({ dataDir: base });
    expect(second.health().problems).toEqual([
      expect.stringMatching(/write-ahead log .* of an unclean stop is missing/),
    ]);
    second.heartbeat(2000, true); // a clean stop
    second.close();
    const third = openStore({ dataDir: base });
    expect(third.health()).toEqual({ writable: true, failing: null, problems: [] });
    third.close();
  });

  it('says it cannot write while writes fail, and can again once one works', () => {
    const store = openSqliteStore({ memory: true });
    const db = (store as unknown as { db: { pragma(text: string): unknown } }).db;
    db.pragma('query_only = ON'); // as a full disk or a read-only file would
    expect(() => store.heartbeat(1000)).toThrow();
    expect(store.health()).toMatchObject({ writable: false, failing: expect.any(String) });
    db.pragma('query_only = OFF');
    store.heartbeat(2000);
    expect(store.health().writable).toBe(true);
    store.close();
  });
});
