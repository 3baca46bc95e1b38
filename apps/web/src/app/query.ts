import { QueryClient } from '@tanstack/react-query';
import { onSignOut } from '../shared/session/auth';

/** Server state of the signed-in pages (loaded with the shell, so the login page stays light). */
export const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } } });

// A session's cached answers never outlive it.
onSignOut(() => queryClient.clear());
