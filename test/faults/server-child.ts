import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { freePort } from '../support/redis.ts';

/**
 * The race server (`server-entry.ts`) in a child process that can be killed and started again
 * on the same port and DATA_DIR, as a crash and a restart would: what it stored is all that
 * survives.
 */
export class ServerChild {
  private child: ChildProcess | undefined;
  /** Every process `restart` started, for `killAll`. */
  private readonly spawned: ChildProcess[] = [];
  private log = '';

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {}

  static async start(dataDir: string, env: Record<string, string> = {}): Promise<ServerChild> {
    const server = new ServerChild(await freePort(), dataDir, env);
    try {
      await server.restart();
    } catch (error) {
      await server.killAll(); // a server that never became healthy must not outlive the test
      throw error;
    }
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last lines the server printed, for failure messages. */
  output(): string {
    return this.log;
  }

  /** Starts the server (again) and resolves once `/healthz` answers; ms it took. */
  async restart(): Promise<number> {
    const started = performance.now();
    const entry = new URL('./server-entry.ts', import.meta.url).pathname;
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: new URL('../../', import.meta.url).pathname,
      env: {
        ...process.env,
        ...this.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => (this.log = (this.log + chunk.toString()).slice(-4000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.child = child;
    this.spawned.push(child);
    await this.waitForHealth(child);
    return performance.now() - started;
  }

  /**
   * SIGKILL to every process this child ever started that is still alive — not only the
   * current one (a test that restarted while an older one lived must not leave it behind).
   */
  async killAll(): Promise<void> {
    await Promise.all(
      this.spawned.map((child) => {
        if (child.exitCode !== null || child.signalCode !== null) return undefined;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGKILL');
        return exited;
      }),
    );
  }

  /** SIGKILL: the process dies at once, mid-whatever. */
  async kill9(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM: the graceful path; resolves with the exit code and how long the exit took. */
  async terminate(): Promise<{ code: number | null; ms: number }> {
    const started = performance.now();
    const code = await this.signal('SIGTERM');
    return { code, ms: performance.now() - started };
  }

  /** SIGSTOP: the process freezes mid-whatever (a long GC pause, a stalled VM); `cont` resumes. */
  stop(): void {
    this.child?.kill('SIGSTOP');
  }

  cont(): void {
    this.child?.kill('SIGCONT');
  }

  /** Its `/healthz` JSON. */
  async health(): Promise<Record<string, unknown>> {
    return (await (await fetch(`${this.url}/healthz`)).json()) as Record<string, unknown>;
  }

  private signal(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null)
      return Promise.resolve(null);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill(signal);
    return exited;
  }

  private async waitForHealth(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${this.log}`);
      try {
        if ((await fetch(`${this.url}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${this.log}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * A test file's server child: `start()` runs it on a fresh DATA_DIR; after the file's tests it
 * is killed and the folder removed, whatever happened.
 */
export function useServerChild(name: string): { start(): Promise<ServerChild> } {
  const dataDir = mkdtempSync(join(tmpdir(), `percent-${name}-`));
  // Every server of the file: a second test's start must not leave the first one running.
  const servers: ServerChild[] = [];
  afterAll(async () => {
    for (const server of servers) await server.killAll();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    start: async () => {
      const server = await ServerChild.start(dataDir);
      servers.push(server);
      return server;
    },
  };
}
