import { describe, expect, it } from 'vitest';
import { isControlHost, isTakenHost } from '../src/core/control-hosts.ts';

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
    ['demo.localhost:99999', [], false],
  ] as const)('%j with %j → %s', (host, extra, answered) => {
    expect(isControlHost(host, extra)).toBe(answered);
  });
});

describe('which Host any request may name (a 400 otherwise, never a 500)', () => {
  it.each([
    [null, true], // HTTP/1.0 or in-process (MSW): no Host header
    ['127.0.0.1:4010', true],
    ['demo.localhost', true],
    ['demo.localhost:65535', true],
    ['[::1]:4010', true],
    ['services:4010', true],
    ['marketkit_sandbox:4010', true], // a container's service name may hold an underscore
    ['demo.localhost:99999', false],
    ['demo.localhost:65536', false],
    ['demo.localhost:', false],
    ['', false],
    ['evil.example/x', false],
    ['user@127.0.0.1', false],
  ] as const)('%j → %s', (host, taken) => {
    expect(isTakenHost(host)).toBe(taken);
  });
});
