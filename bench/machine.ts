import { readFileSync } from 'node:fs';
import os from 'node:os';

/** What BENCHMARKS.md must state about the machine every number was measured on. */
export interface MachineInfo {
  readonly cpu: string;
  readonly cores: number;
  readonly ramGiB: number;
  readonly node: string;
  readonly os: string;
}

export function machineInfo(): MachineInfo {
  return {
    cpu: cpuModel(),
    cores: os.availableParallelism(),
    ramGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    os: `${distribution()} (${os.type()} ${os.release()}, ${os.arch()})`,
  };
}

/** `model name` of /proc/cpuinfo, falling back to Node's view on other systems. */
function cpuModel(): string {
  const fromProc = readOptional('/proc/cpuinfo')?.match(/^model name\s*:\s*(.+)$/m)?.[1];
  return (fromProc ?? os.cpus()[0]?.model ?? 'unknown').trim();
}

/** `PRETTY_NAME` of /etc/os-release, e.g. `Debian GNU/Linux 12 (bookworm)`. */
function distribution(): string {
  const pretty = readOptional('/etc/os-release')?.match(/^PRETTY_NAME="?([^"\n]+)"?$/m)?.[1];
  return pretty ?? os.platform();
}

function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
