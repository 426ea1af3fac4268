import { accessSync, constants, statSync } from 'node:fs';
import { CliError, describeError } from '../errors.ts';

/**
 * The size in bytes of a readable regular file, or a one-line `CliError` saying why it cannot
 * be read (`percent: cannot read 'f': no such file`), for every command that opens a file.
 * Synchronous: two system calls, cheaper than a round trip through libuv's thread pool.
 */
export function readableSize(file: string): number {
  try {
    const info = statSync(file);
    if (!info.isFile()) throw new CliError(`percent: cannot read '${file}': not a regular file`);
    accessSync(file, constants.R_OK);
    return info.size;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`percent: cannot read '${file}': ${reasonOf(error)}`);
  }
}

/** `no such file`, `permission denied`, or the system's message. */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  return code === 'EACCES' ? 'permission denied' : describeError(error);
}
