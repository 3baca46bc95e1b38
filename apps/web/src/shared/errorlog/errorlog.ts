import { create } from 'zustand';
import { persist } from 'zustand/middleware';
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
}

export const useErrorLog = create<ErrorLogState>()(
  persist(
    (set) => ({
      logs: [],
      add: (entry) => set((s) => ({ logs: [entry, ...s.logs].slice(0, ERROR_LOG_MAX) })),
      clear: () => set({ logs: [] }),
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

/** Stores an uncaught error with its message, stack, info, page URL and time. */
export function recordError(error: unknown, info: string): ErrorLogEntry {
  const entry: ErrorLogEntry = { type: 'error', ...describe(error), info, url: window.location.href, time: new Date().toISOString() };
  useErrorLog.getState().add(entry);
  return entry;
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
