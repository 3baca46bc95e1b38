import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { refreshAfterEvent } from './refreshAfterEvent';

/** A server whose answers the test releases one by one, each with the value current when asked. */
function slowServer() {
  let value = 'before';
  const pending: Array<() => void> = [];
  return {
    set: (next: string) => (value = next),
    fetch: () => {
      const asked = value;
      return new Promise<string>((resolve) => pending.push(() => resolve(asked)));
    },
    answerAll: () => pending.splice(0).forEach((answer) => answer()),
    get asked() {
      return pending.length;
    },
  };
}

describe('refreshAfterEvent', () => {
  it('asks again when the event comes while the first answer is on its way (plain invalidation would keep that answer)', async () => {
    const server = slowServer();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(queryClient, { queryKey: ['printers', 1], queryFn: server.fetch });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(server.asked).toBe(1);

    server.set('after');
    const refreshed = refreshAfterEvent(queryClient, ['printers']);
    await expect.poll(() => server.asked).toBe(2);
    server.answerAll();
    await refreshed;
    expect(queryClient.getQueryData(['printers', 1])).toBe('after');
    unsubscribe();
  });
});
