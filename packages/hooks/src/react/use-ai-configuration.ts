import { type MarketApiError, type Schema, unwrap } from '@marketkit/sdk';
import { useMarketQuery } from './market-query.ts';
import { useMarket } from './provider.tsx';
import { useSession } from './use-session.ts';

/** What `useAiConfiguration()` returns. */
export interface UseAiConfigurationResult {
  /** Whether to offer the assistant: signed in, and `ask_ai` on. */
  askAi: boolean;
  /** The store's AI configuration, or null (a guest, not loaded, or none). */
  configuration: Schema<'AiConfiguration'> | null;
  /** The configuration's first read is under way. */
  isLoading: boolean;
  /** Why the configuration could not be read, else null. */
  error: MarketApiError | null;
}

/** Whether the AI assistant is on (fetched only when signed in, as the spec says). */
export function useAiConfiguration(): UseAiConfigurationResult {
  const market = useMarket();
  const session = useSession();
  const query = useMarketQuery({
    queryKey: market.keys.aiConfiguration(),
    queryFn: async () =>
      (await unwrap(market.client.GET('/cfs/rest/v3/ai-configuration'))).ai_configuration[0] ?? null,
    enabled: session.status === 'signed-in',
    staleTime: 5 * 60 * 1000,
  });
  return {
    askAi: session.status === 'signed-in' && query.data?.ask_ai === true,
    configuration: query.data ?? null,
    isLoading: query.isLoading,
    error: query.error,
  };
}
