/**
 * The machine a run measured on, as the report states it: figures from a shared 2-core VM
 * mean little without it.
 */
import fs from 'node:fs';
import os from 'node:os';
import {chromiumVersion} from './chromium';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryBytes: number;
  os: string;
  kernel: string;
  node: string;
  chromium: string;
  lighthouse: string;
  /** 1-minute load average when the run started: above the core count, other work was competing. */
  loadAverageAtStart: number;
}

function osName(): string {
  try {
    return /^PRETTY_NAME="?([^"\n]+)"?/m.exec(fs.readFileSync('/etc/os-release', 'utf8'))?.[1] ?? os.type();
  } catch {
    return os.type();
  }
}

function packageVersion(name: string): string {
  try {
    return (JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {version: string}).version;
  } catch {
    return 'unknown';
  }
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryBytes: os.totalmem(),
    os: osName(),
    kernel: os.release(),
    node: process.version,
    chromium: chromiumVersion(),
    lighthouse: packageVersion('lighthouse'),
    loadAverageAtStart: os.loadavg()[0]!,
  };
}
