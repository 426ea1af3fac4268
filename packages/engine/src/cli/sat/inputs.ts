// `fs.promises` is read where it is used: Node loads its module (and readline and streams
// behind it) on first access, ~0.8 ms that a one-file `percent sat` never needs.
import { promises as fsp, statSync } from 'node:fs';
import path from 'node:path';
import { CliError } from '../errors.ts';
import { defaultResPath } from './res-file.ts';

/** One file of `percent sat DIR/ a.cnf …` and where its result goes. */
export interface SatInput {
  readonly file: string;
  readonly resPath: string;
}

/** A path given on the command line: a folder is searched, anything else is one input. */
interface Listed {
  readonly file: string;
  /** The path below `--out` (a folder's files keep their place below that folder). */
  readonly outName: string;
}

/**
 * True when the arguments ask for folder mode: several paths, or one that is a folder.
 * A single path that is not a folder (even a missing one) keeps the single-file report.
 */
export function isFolderMode(paths: readonly string[]): boolean {
  if (paths.length !== 1) return true;
  return isDirectory(paths[0]!);
}

/**
 * Every input of folder mode, in order: each path as given, a folder replaced by the `.cnf`
 * files below it at any depth (sorted by path; names starting with `.` and symbolic links
 * to folders skipped). Each `.res` goes beside its input, or below `out` keeping the layout
 * under the folder given (subfolders of `out` are created). A path that cannot be read stays
 * in the list: its row reports why.
 */
export async function collectInputs(
  paths: readonly string[],
  out: string | undefined,
): Promise<SatInput[]> {
  const listed: Listed[] = [];
  for (const given of paths) {
    if (!isDirectory(given)) listed.push({ file: given, outName: path.basename(given) });
    else for (const file of await cnfFilesBelow(given)) listed.push(file);
  }
  if (listed.length === 0) {
    throw new CliError(`percent: no .cnf files in ${paths.map((p) => `'${p}'`).join(', ')}`);
  }
  const inputs = distinct(
    listed.map(({ file, outName }) => ({
      file,
      resPath: defaultResPath(out === undefined ? file : path.join(out, outName)),
    })),
  );
  if (out !== undefined) await makeFolders(inputs);
  return inputs;
}

/** False for anything unreadable too: the file's own row, or the single-file error, says why. */
function isDirectory(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

async function cnfFilesBelow(dir: string): Promise<Listed[]> {
  const names = await fsp
    .readdir(dir, { recursive: true, withFileTypes: true })
    .catch((error: unknown) => {
      throw new CliError(`percent: cannot list '${dir}': ${String(error)}`);
    });
  const found: Listed[] = [];
  for (const entry of names) {
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, file);
    if (relative.split(path.sep).some((part) => part.startsWith('.'))) continue;
    if (!entry.name.toLowerCase().endsWith('.cnf') || entry.isDirectory()) continue;
    found.push({ file, outName: relative });
  }
  return found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/**
 * The inputs with repeats dropped (a file named twice, or inside a folder also given), after
 * checking that no two files would write the same `.res` (`--out` with `x/a.cnf` and
 * `y/a.cnf`), which is a usage error.
 */
function distinct(inputs: readonly SatInput[]): SatInput[] {
  const seen = new Map<string, string>();
  const kept: SatInput[] = [];
  for (const input of inputs) {
    const key = path.resolve(input.resPath);
    const other = seen.get(key);
    if (other === undefined) {
      seen.set(key, path.resolve(input.file));
      kept.push(input);
    } else if (other !== path.resolve(input.file)) {
      throw new CliError(
        `percent: two inputs would both write '${input.resPath}' (one is '${input.file}')`,
      );
    }
  }
  return kept;
}

async function makeFolders(inputs: readonly SatInput[]): Promise<void> {
  const folders = new Set(inputs.map((input) => path.dirname(input.resPath)));
  for (const folder of folders) {
    await fsp.mkdir(folder, { recursive: true }).catch((error: unknown) => {
      throw new CliError(`percent: cannot create '${folder}': ${String(error)}`);
    });
  }
}
