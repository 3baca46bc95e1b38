import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reloads the queries under `queryKey` after a live event changed what they show. An answer
 * already on its way may predate the event, and invalidating a query that has no data yet only
 * joins its first fetch: so those fetches are dropped first, then every query is asked again.
 */
export async function refreshAfterEvent(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
