import { access, constants, stat } from 'node:fs/promises';
import { CliError, describeError } from '../errors.ts';

/**
 * The size in bytes of a readable regular file, or a one-line `CliError` saying why it cannot
 * be read (`percent: cannot read 'f': no such file`), for every command that opens a file.
 */
export async function readableSize(file: string): Promise<number> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new CliError(`percent: cannot read '${file}': not a regular file`);
    await access(file, constants.R_OK);
    return info.size;
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : describeError(error);
    throw new CliError(`percent: cannot read '${file}': ${reason}`);
  }
}
