import { TOKEN_REFRESH_THRESHOLD_S, TOKEN_REFRESH_TICK_S } from '@canteen/contract';

export interface RefreshTimerOptions {
  /** Seconds left on the access token, or nothing when signed out. */
  getExpiresIn: () => number | undefined;
  setExpiresIn: (seconds: number) => void;
  /** The shared single-flight refresh (resolves when new tokens are stored). */
  refresh: () => Promise<unknown>;
  tickSeconds?: number;
  thresholdSeconds?: number;
  /** Told when the timer stops after a failed refresh. */
  onStopped?: (error: unknown) => void;
}

/**
 * The specification's token refresh check (section 9): every 10 s the remaining `expires_in`
 * drops by 10; at 1000 or less a refresh starts unless one is running; a failed refresh stops
 * the timer. Answers a function that stops it.
 */
export function startRefreshTimer(options: RefreshTimerOptions): () => void {
  const tick = options.tickSeconds ?? TOKEN_REFRESH_TICK_S;
  const threshold = options.thresholdSeconds ?? TOKEN_REFRESH_THRESHOLD_S;
  let refreshing = false;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearInterval(id);
  };
  const id = setInterval(() => {
    const left = options.getExpiresIn();
    if (left === undefined || stopped) return;
    const next = left - tick;
    options.setExpiresIn(next);
    if (next > threshold || refreshing) return;
    refreshing = true;
    options.refresh().then(
      () => {
        refreshing = false;
      },
      (error: unknown) => {
        refreshing = false;
        stop();
        options.onStopped?.(error);
      },
    );
  }, tick * 1000);
  return stop;
}

export interface KeepFreshOptions extends Omit<RefreshTimerOptions, 'onStopped'> {
  /** Told of every change to the session; answers the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

/**
 * Runs the refresh timer for as long as there is a session, on every page (the lock screen
 * too, which is outside the shell, so a locked session does not expire): started when tokens
 * appear, stopped when they go. After a failed refresh it stays stopped until the next sign-in.
 */
export function keepTokenFresh(options: KeepFreshOptions): () => void {
  let stop: (() => void) | undefined;
  let signedIn = false;
  const update = () => {
    const now = options.getExpiresIn() !== undefined;
    if (now && !signedIn) {
      stop?.();
      stop = startRefreshTimer(options);
    } else if (!now && signedIn) {
      stop?.();
      stop = undefined;
    }
    signedIn = now;
  };
  update();
  const unsubscribe = options.subscribe(update);
  return () => {
    unsubscribe();
    stop?.();
  };
}

/** Wraps a task so that concurrent callers share one run until it settles. */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    inFlight ??= task().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}
