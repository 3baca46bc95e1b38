import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { batchClientLogs, maskSecretParams, trimClientLogEntry } from '@canteen/contract';
import { api } from '../http/client';
import { productStateStorage } from '../storage/storage';

/** One uncaught UI error as the specification stores it. */
export interface ErrorLogEntry {
  type: 'error';
  message: string;
  stack: string;
  /** Where it came from: the component stack, 'window.onerror', 'unhandledrejection'. */
  info: string;
  url: string;
  /** ISO 8601. */
  time: string;
}

/** The log keeps at most this many entries (the newest). */
export const ERROR_LOG_MAX = 500;

interface ErrorLogState {
  logs: ErrorLogEntry[];
  add: (entry: ErrorLogEntry) => void;
  clear: () => void;
  /** Forgets these entries (the ones uploaded), keeping any recorded meanwhile. */
  remove: (entries: readonly ErrorLogEntry[]) => void;
}

export const useErrorLog = create<ErrorLogState>()(
  persist(
    (set) => ({
      logs: [],
      add: (entry) => set((s) => ({ logs: [entry, ...s.logs].slice(0, ERROR_LOG_MAX) })),
      clear: () => set({ logs: [] }),
      remove: (entries) => {
        const gone = new Set(entries);
        set((s) => ({ logs: s.logs.filter((e) => !gone.has(e)) }));
      },
    }),
    { name: 'logs', storage: productStateStorage('local') },
  ),
);

const describe = (error: unknown): { message: string; stack: string } => {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? '' };
  if (typeof error === 'string') return { message: error, stack: '' };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
};

/** An entry as it may be kept and sent: fields within the upload's limits, no secret in the page URL. */
const safeEntry = (entry: ErrorLogEntry): ErrorLogEntry => trimClientLogEntry({ ...entry, url: maskSecretParams(entry.url) });

/**
 * Stores an uncaught error with its message, stack, info, page URL and time. The URL's
 * password, code and token parameters are masked (/authredirect?code=…: issue 22 #7).
 */
export function recordError(error: unknown, info: string): ErrorLogEntry {
  // Each field within the upload's limits (the contract's rule), so the stored log stays small too.
  const entry = safeEntry({ type: 'error', ...describe(error), info, url: window.location.href, time: new Date().toISOString() });
  useErrorLog.getState().add(entry);
  return entry;
}

/** The path of the local-log upload (the specification does not show it). */
export const ERROR_LOG_UPLOAD_PATH = '/upms/log/logs';

/**
 * Uploads the local log oldest first, in batches the server takes (the contract's count and
 * body limits, each field trimmed by its rule), and forgets each batch once the server has it.
 * A failed batch stops the upload and rejects; the entries not yet sent stay. Answers how many
 * entries were sent.
 */
export async function uploadErrorLog(): Promise<number> {
  const entries = [...useErrorLog.getState().logs].reverse();
  let sent = 0;
  // Entries kept by an older version of the app may hold a page URL with its secrets.
  for (const batch of batchClientLogs(entries.map(safeEntry))) {
    await api.post<unknown>(ERROR_LOG_UPLOAD_PATH, batch);
    useErrorLog.getState().remove(entries.slice(sent, sent + batch.length));
    sent += batch.length;
  }
  return sent;
}

let installed = false;

/** Window errors and unhandled promise rejections go to the log (once per page). */
export function installGlobalErrorHandlers(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    // Resource load failures (img, script) have no error object and are not UI errors.
    if (!event.error && !event.message) return;
    recordError(event.error ?? event.message, `window.onerror ${event.filename ?? ''}:${event.lineno ?? ''}:${event.colno ?? ''}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    recordError(event.reason, 'unhandledrejection');
  });
}
