import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_LOG_MAX, installGlobalErrorHandlers, recordError, useErrorLog } from './errorlog';

describe('error log', () => {
  beforeEach(() => useErrorLog.getState().clear());

  it('stores type, message, stack, info, url and time, newest first', () => {
    recordError(new TypeError('first'), 'component stack');
    recordError('second', 'unhandledrejection');
    const [newest, oldest] = useErrorLog.getState().logs;
    expect(newest).toMatchObject({ type: 'error', message: 'second', stack: '', info: 'unhandledrejection', url: window.location.href });
    expect(oldest).toMatchObject({ type: 'error', message: 'first', info: 'component stack' });
    expect(oldest!.stack).toContain('TypeError');
    expect(Number.isNaN(Date.parse(oldest!.time))).toBe(false);
  });

  it('is remembered in product storage and cleared on demand', () => {
    recordError(new Error('kept'), 'x');
    expect(localStorage.getItem('canteen-logs')).toContain('kept');
    useErrorLog.getState().clear();
    expect(useErrorLog.getState().logs).toEqual([]);
  });

  it('keeps at most the newest entries', () => {
    for (let i = 0; i < ERROR_LOG_MAX + 5; i++) recordError(new Error(`e${i}`), 'x');
    expect(useErrorLog.getState().logs).toHaveLength(ERROR_LOG_MAX);
    expect(useErrorLog.getState().logs[0]!.message).toBe(`e${ERROR_LOG_MAX + 4}`);
  });

  it('records window errors and unhandled rejections', () => {
    installGlobalErrorHandlers();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom', filename: 'a.js', lineno: 1, colno: 2 }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('rejected');
    window.dispatchEvent(rejection);
    const messages = useErrorLog.getState().logs.map((l) => l.message);
    expect(messages).toEqual(['rejected', 'boom']);
    expect(useErrorLog.getState().logs[1]!.info).toContain('window.onerror');
  });
});
