import { type Schema, unwrap } from '@marketkit/sdk';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { conversationIdOf } from '../core/index.ts';
import { asMarketCall } from './market-query.ts';
import { shopperOf, useMarket } from './provider.tsx';

/** One question and the assistant's answer (`answer.answer` is plain text: never render it as HTML). */
export interface AiExchange {
  /** Its place in the conversation (1, 2, …). */
  id: number;
  /** The question as asked (trimmed). */
  question: string;
  /** The assistant's answer. */
  answer: Schema<'AiAnswer'>;
}

/** What `useAskAi()` returns. */
export interface UseAskAiResult {
  /** The conversation so far, oldest first. */
  exchanges: readonly AiExchange[];
  /** The question on its way (shown while the assistant thinks), else null. */
  pending: string | null;
  /**
   * Asks one question (trimmed), continuing the conversation. Resolves with the answer, which joins
   * `exchanges`; a refusal rejects with the server's `MarketApiError` and changes nothing.
   */
  ask(question: string): Promise<Schema<'AiAnswer'>>;
  /** Starts a new conversation. */
  clear(): void;
}

const NONE: readonly AiExchange[] = [];

/**
 * The shopping assistant (dm_ml ask-ai; only when the AI configuration has `ask_ai` on). The
 * conversation is kept in memory, shared by every screen of the app (the page and the chat widget),
 * and forgotten when the session ends.
 */
export function useAskAi(): UseAskAiResult {
  const market = useMarket();
  const key = market.keys.askAi();
  const read = useCallback(
    () => market.queryClient.getQueryData<readonly AiExchange[]>(key) ?? NONE,
    [market, key],
  );
  // Client state in the query cache: a "refetch" gives back what is there; it never goes stale.
  const { data: exchanges = NONE } = useQuery({
    queryKey: key,
    queryFn: read,
    initialData: NONE,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const [pending, setPending] = useState<string | null>(null);

  const ask = useCallback(
    (text: string) =>
      asMarketCall(async () => {
        const question = text.trim();
        const conversation = read();
        const conversationId = conversationIdOf(conversation);
        // The session and the conversation the question belongs to: an answer is kept only for them.
        const askedAs = shopperOf(market.session.accessToken());
        setPending(question);
        try {
          const answer = await unwrap(
            market.client.POST('/dm_ml/rest/v3/ask-ai', {
              body: { question, ...(conversationId ? { conversation_id: conversationId } : {}) },
            }),
          );
          // An answer that arrives after the session ended (or another began), or after the shopper
          // started a new conversation, belongs to nobody.
          if (
            askedAs !== null &&
            shopperOf(market.session.accessToken()) === askedAs &&
            read() === conversation
          )
            market.queryClient.setQueryData<readonly AiExchange[]>(key, (before = NONE) => [
              ...before,
              { id: (before.at(-1)?.id ?? 0) + 1, question, answer },
            ]);
          return answer;
        } finally {
          setPending(null);
        }
      }),
    [market, key, read],
  );
  const clear = useCallback(() => market.queryClient.setQueryData(key, NONE), [market, key]);

  return { exchanges, pending, ask, clear };
}
