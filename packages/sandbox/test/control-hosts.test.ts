import { describe, expect, it } from 'vitest';
import { isControlHost } from '../src/core/control-hosts.ts';

describe('which Host the control API answers (DNS rebinding)', () => {
  it.each([
    [null, [], true], // in-process (MSW): no Host header
    ['127.0.0.1:4010', [], true],
    ['127.8.9.10', [], true],
    ['localhost:4010', [], true],
    ['LOCALHOST', [], true],
    ['demo.localhost:4173', [], true],
    ['[::1]:4010', [], true],
    ['evil.example:4010', [], false],
    ['evil.example', [], false],
    ['localhost.evil.example', [], false],
    ['127.0.0.1.evil.example', [], false],
    ['services:4010', [], false],
    ['services:4010', ['services'], true],
    ['SERVICES', ['services:4010'], true],
    ['other:4010', ['services'], false],
    ['', [], false],
    ['evil.example/x', [], false],
    ['user@127.0.0.1', [], false],
  ] as const)('%j with %j → %s', (host, extra, answered) => {
    expect(isControlHost(host, extra)).toBe(answered);
  });
});
