import { describe, expect, it } from 'vitest';
import {
  conversationIdOf,
  MAX_AI_QUESTION_LENGTH,
  policyRoute,
  readAiQuestion,
  sortDevices,
} from '../../src/core/index.ts';

describe('a question for the assistant', () => {
  it.each([
    ['', { ok: false, problem: 'required' }],
    ['   \n ', { ok: false, problem: 'required' }],
    ['  kettle under 500  ', { ok: true, question: 'kettle under 500' }],
    ['x'.repeat(MAX_AI_QUESTION_LENGTH), { ok: true, question: 'x'.repeat(MAX_AI_QUESTION_LENGTH) }],
    [` ${'x'.repeat(MAX_AI_QUESTION_LENGTH)} `, { ok: true, question: 'x'.repeat(MAX_AI_QUESTION_LENGTH) }],
    ['x'.repeat(MAX_AI_QUESTION_LENGTH + 1), { ok: false, problem: 'too-long' }],
  ])('%j → %j', (text, expected) => {
    expect(readAiQuestion(text)).toEqual(expected);
  });

  it.each([
    [[], undefined],
    [[{ answer: { conversation_id: 'c1' } }], 'c1'],
    [[{ answer: { conversation_id: 'c1' } }, { answer: { conversation_id: 'c2' } }], 'c2'],
  ])('follow-ups continue the last answer’s conversation (%j → %s)', (exchanges, expected) => {
    expect(conversationIdOf(exchanges)).toBe(expected);
  });
});

describe('signed-in devices', () => {
  const device = (id: string, lastActive: string, current = false) => ({
    device_id: id,
    is_current: current,
    last_active_at: lastActive,
  });

  it.each([
    [[], []],
    [
      [device('a', '2026-01-01T10:00:00Z'), device('b', '2026-01-02T10:00:00Z')],
      ['b', 'a'],
    ],
    [
      [
        device('old', '2026-01-01T10:00:00Z'),
        device('here', '2025-12-01T10:00:00Z', true),
        device('new', '2026-01-03T10:00:00Z'),
      ],
      ['here', 'new', 'old'],
    ],
  ])('this device first, then the most recently active (%#)', (devices, order) => {
    expect(sortDevices(devices).map((d) => d.device_id)).toEqual(order);
  });

  it('does not reorder the list it was given', () => {
    const list = [device('a', '2026-01-01T10:00:00Z'), device('b', '2026-01-02T10:00:00Z', true)];
    sortDevices(list);
    expect(list.map((d) => d.device_id)).toEqual(['a', 'b']);
  });
});

describe('what /policies/{rest} shows', () => {
  it.each([
    [undefined, { kind: 'index' }],
    ['', { kind: 'index' }],
    ['/', { kind: 'index' }],
    ['returns', { kind: 'policy', slug: 'returns' }],
    ['returns/', { kind: 'policy', slug: 'returns' }],
    ['Privacy-Policy', { kind: 'policy', slug: 'privacy-policy' }],
    ['terms%2Dof%2Dservice', { kind: 'policy', slug: 'terms-of-service' }],
    ['refund-2026', { kind: 'policy', slug: 'refund-2026' }],
    ['returns/more', { kind: 'unknown' }],
    ['no%2Fslash', { kind: 'unknown' }],
    ['%E0%A4%A', { kind: 'unknown' }],
    ['under_score', { kind: 'unknown' }],
    ['dot.policy', { kind: 'unknown' }],
    ['a'.repeat(101), { kind: 'unknown' }],
  ])('%j → %j', (rest, expected) => {
    expect(policyRoute(rest)).toEqual(expected);
  });
});
