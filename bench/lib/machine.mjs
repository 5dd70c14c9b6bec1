// What the figures were measured on: they only compare with figures from the same kind of machine.
import { readFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';

function osName() {
  try {
    const text = readFileSync('/etc/os-release', 'utf8');
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(text)?.[1];
    if (pretty) return `${pretty} (kernel ${release()})`;
  } catch {
    // Not Linux, or no os-release.
  }
  return `${process.platform} ${release()}`;
}

/** CPU model, core count, RAM, OS and Node version of this machine. */
export function describeMachine() {
  const list = cpus();
  return {
    cpu: list[0]?.model?.trim() ?? 'unknown CPU',
    cores: list.length,
    ramGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: osName(),
    node: process.version,
  };
}
