import type { Schema } from '@marketkit/sdk';

/** The longest question the assistant takes (dm_ml.yaml `askAi`). */
export const MAX_AI_QUESTION_LENGTH = 500;

export type AiQuestionProblem = 'required' | 'too-long';

/** A typed question as the assistant wants it (trimmed), or why it cannot be sent. */
export function readAiQuestion(
  text: string,
): { ok: true; question: string } | { ok: false; problem: AiQuestionProblem } {
  const question = text.trim();
  if (!question) return { ok: false, problem: 'required' };
  if (question.length > MAX_AI_QUESTION_LENGTH) return { ok: false, problem: 'too-long' };
  return { ok: true, question };
}

/** The conversation a follow-up question continues: the one the last answer belongs to. */
export const conversationIdOf = (
  exchanges: readonly { answer: Pick<Schema<'AiAnswer'>, 'conversation_id'> }[],
): string | undefined => exchanges.at(-1)?.answer.conversation_id;

/** This device first, then the others from the most recently active. */
export function sortDevices<T extends Pick<Schema<'Device'>, 'is_current' | 'last_active_at'>>(
  devices: readonly T[],
): T[] {
  return [...devices].sort(
    (a, b) =>
      Number(b.is_current) - Number(a.is_current) ||
      Date.parse(b.last_active_at) - Date.parse(a.last_active_at),
  );
}

const POLICY_SLUG = /^[a-z0-9-]{1,100}$/;

/**
 * What `/policies/{rest}` shows: the list (nothing after `/policies`), one policy (a slug as the
 * contract spells them: lower case, digits and dashes; paths are case-insensitive, so it is lowered)
 * or nothing known (anything else, such as `a/b` or a broken escape), without asking the server.
 */
export function policyRoute(
  rest: string | undefined,
): { kind: 'index' } | { kind: 'policy'; slug: string } | { kind: 'unknown' } {
  const path = (rest ?? '').replace(/\/+$/, '');
  if (!path) return { kind: 'index' };
  let slug: string;
  try {
    slug = decodeURIComponent(path).toLowerCase();
  } catch {
    return { kind: 'unknown' };
  }
  return POLICY_SLUG.test(slug) ? { kind: 'policy', slug } : { kind: 'unknown' };
}
