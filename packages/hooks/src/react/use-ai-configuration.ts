import { unwrap } from '@marketkit/sdk';
import { useQuery } from '@tanstack/react-query';
import { useMarket } from './provider.tsx';
import { useSession } from './use-session.ts';

/** Whether the AI assistant is on (fetched only when signed in, as the spec says). */
export function useAiConfiguration() {
  const market = useMarket();
  const session = useSession();
  const query = useQuery({
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
  };
}
