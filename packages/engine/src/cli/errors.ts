/**
 * An expected failure the user can fix (bad file, bad option): `main` prints its message on
 * one line without a stack trace and exits with `exitCode`. Anything else thrown is a bug and
 * keeps its stack.
 */
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/** The message of an unknown thrown value, e.g. a Node system error, without its stack. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
