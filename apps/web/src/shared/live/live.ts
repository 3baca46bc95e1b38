import { beforeLogout, refreshToken } from '../session/auth';
import { useLock } from '../session/lock';
import { useSession } from '../session/session';
import { LiveClient, type LiveClientOptions, type TokenRequest } from './client';

/**
 * The access token for a live connection attempt: the session's current one, refreshed first
 * (through the shared single-flight refresh) when it has run out or the broker refused it.
 * Signed out: nothing. A failed refresh rejects (a 401 there signs the user out).
 */
export async function freshAccessToken({ rejected }: TokenRequest): Promise<string | undefined> {
  const token = useSession.getState().token;
  if (!token) return undefined;
  if (token.expires_in <= 0 || (rejected !== undefined && rejected === token.access_token)) {
    const next = await refreshToken();
    return next.access_token;
  }
  return token.access_token;
}

let client: LiveClient | undefined;
/** Set from the start of a sign-out until the session is cleared: no reconnecting meanwhile. */
let signingOut = false;

/**
 * Starts or stops the client with the session: open while signed in and not locked (the lock
 * screen shows nothing live, and the token is not refreshed meanwhile).
 */
const follow = (live: LiveClient) => () => {
  const signedIn = Boolean(useSession.getState().token);
  if (!signedIn) signingOut = false;
  if (signedIn && !useLock.getState().isLock && !signingOut) live.start();
  else void live.stop();
};

/** Builds the app's client wired to the session (tests build their own). */
export function createSessionLiveClient(options: Partial<LiveClientOptions> = {}): LiveClient {
  const live = new LiveClient({ getToken: freshAccessToken, warn: (message) => console.warn(message), ...options });
  const sync = follow(live);
  useSession.subscribe(sync);
  useLock.subscribe(sync);
  beforeLogout(async () => {
    signingOut = true;
    await live.stop();
  });
  if (typeof window !== 'undefined') window.addEventListener('online', () => live.retryNow());
  sync();
  return live;
}

/** The one live client of the app (created on first use). */
export function liveClient(): LiveClient {
  client ??= createSessionLiveClient();
  return client;
}
