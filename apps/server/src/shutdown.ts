import type { App } from './app.js';

export interface ShutdownOptions {
  /** How long in-flight requests and running jobs get (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Work to stop alongside the app (the embedded database's autovacuum). */
  stopAlongside?: () => Promise<void>;
  /** Closes the database once the app is closed (main.ts); left open when omitted (tests sharing one). */
  closeDatabase?: () => Promise<void>;
}

/** What a hung close hook still gets after the deadline before the process gives up on it, ms. */
const HARD_STOP_GRACE_MS = 2_000;

/**
 * Graceful shutdown (issue 17, item 4), what main.ts does on SIGTERM or SIGINT; answers the exit
 * code: 0 when everything finished in time, 1 when the deadline cut something off.
 *
 * - Stop accepting: from the first moment every new request (on a new or a kept-alive connection)
 *   is answered 503 with `Connection: close`, /health/ready included, so a load balancer sends
 *   traffic elsewhere; the listening socket closes once the jobs below are settled.
 * - Running jobs finish within four fifths of the deadline, or are told to stop and handed back
 *   (queued again, lease released) for another instance or the next start (jobs/runner.ts stop).
 * - Live sockets are closed with a reconnect hint (STOMP ERROR `server restarting: reconnect`
 *   with `reconnect-after-ms`, close code 1012); clients reconnect and catch up.
 * - Requests in flight complete (Fastify's close waits for them); at the deadline the connections
 *   still open are closed, and the database is closed last.
 */
export async function shutdown(app: App, options: ShutdownOptions): Promise<number> {
  let forced = false;
  const deadline = setTimeout(() => {
    forced = true;
    app.log.warn({ timeoutMs: options.timeoutMs }, 'shutdown: deadline passed, closing the connections still open');
    app.server.closeAllConnections();
  }, options.timeoutMs);
  let hardStop: NodeJS.Timeout | undefined;
  const givenUp = new Promise<'hung'>((resolve) => {
    hardStop = setTimeout(() => resolve('hung'), options.timeoutMs + HARD_STOP_GRACE_MS);
  });
  try {
    const closed = Promise.all([app.close(), options.stopAlongside?.()]);
    if ((await Promise.race([closed, givenUp])) === 'hung') {
      app.log.error('shutdown: the app did not close after the deadline, exiting anyway');
      return 1;
    }
    await options.closeDatabase?.();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    return 1;
  } finally {
    clearTimeout(deadline);
    clearTimeout(hardStop);
  }
  if (!forced) app.log.info('shutdown: complete');
  return forced ? 1 : 0;
}
