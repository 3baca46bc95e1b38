import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_LOG_BATCH_MAX, CLIENT_LOG_BODY_MAX_BYTES, CLIENT_LOG_FIELD_MAX } from '@canteen/contract';
import { okReply, apiServerForFile, type Received } from '../../../test/api-server';
import { ERROR_LOG_MAX, ERROR_LOG_UPLOAD_PATH, installGlobalErrorHandlers, recordError, uploadErrorLog, useErrorLog } from './errorlog';

let failAfter = Infinity;
/** The server's rules for the upload: at most 100 entries, 256 KB, and fields within their limits. */
const server = apiServerForFile((req: Received) => {
  if (req.path !== ERROR_LOG_UPLOAD_PATH) return undefined;
  const batch = req.body as Array<{ stack: string }>;
  const bytes = Buffer.byteLength(JSON.stringify(batch));
  const uploads = server.calls('POST', ERROR_LOG_UPLOAD_PATH).length;
  if (uploads > failAfter || batch.length > CLIENT_LOG_BATCH_MAX || bytes > CLIENT_LOG_BODY_MAX_BYTES || batch.some((e) => e.stack.length > CLIENT_LOG_FIELD_MAX.stack)) {
    return { status: 400, body: { code: 1, msg: '日志太大', data: null } };
  }
  return okReply(true);
});

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

describe('error log upload', () => {
  beforeEach(() => {
    useErrorLog.getState().clear();
    failAfter = Infinity;
  });
  /** A full log (newest first) of entries with long Chinese stacks: far more than one upload's 256 KB. */
  const fill = () => {
    const logs = Array.from({ length: ERROR_LOG_MAX }, (_, i) => ({ type: 'error' as const, message: `e${i}`, stack: `栈${i} ${'栈'.repeat(3000)}`, info: 'x', url: 'http://localhost/', time: new Date().toISOString() }));
    useErrorLog.setState({ logs: logs.reverse() });
  };

  it('sends a full log of large entries in batches the server takes, oldest first, then forgets them', async () => {
    fill();
    expect(await uploadErrorLog()).toBe(ERROR_LOG_MAX);
    const uploads = server.calls('POST', ERROR_LOG_UPLOAD_PATH);
    expect(uploads.length).toBeGreaterThan(ERROR_LOG_MAX / CLIENT_LOG_BATCH_MAX);
    const sent = uploads.flatMap((u) => u.body as Array<{ message: string; stack: string }>);
    expect(sent.map((e) => e.message)).toEqual(Array.from({ length: ERROR_LOG_MAX }, (_, i) => `e${i}`));
    expect(useErrorLog.getState().logs).toEqual([]);
  });

  it('trims oversized fields by the contract\'s rule when recording and when sending', async () => {
    const error = new Error('big');
    error.stack = 'x'.repeat(20_000);
    recordError(error, 'x');
    expect(useErrorLog.getState().logs[0]!.stack).toHaveLength(CLIENT_LOG_FIELD_MAX.stack);
    useErrorLog.setState({ logs: [{ type: 'error', message: 'old', stack: 'y'.repeat(20_000), info: '', url: '', time: '' }] });
    expect(await uploadErrorLog()).toBe(1);
    const [sent] = server.calls('POST', ERROR_LOG_UPLOAD_PATH)[0]!.body as Array<{ stack: string }>;
    expect(sent!.stack).toHaveLength(CLIENT_LOG_FIELD_MAX.stack);
  });

  it('keeps what was not sent when a batch fails', async () => {
    fill();
    failAfter = 1;
    await expect(uploadErrorLog()).rejects.toThrow();
    const left = useErrorLog.getState().logs;
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(ERROR_LOG_MAX);
    expect(left.at(-1)!.message).not.toBe('e0');
    expect(left[0]!.message).toBe(`e${ERROR_LOG_MAX - 1}`);
  });

  it('masks code, password and token parameters of the page URL it keeps and sends (issue 22 #7)', async () => {
    const before = window.location.href;
    window.history.replaceState(null, '', '/authredirect?state=dev&code=9f8e7d6c&password=pw1&x=1#/a?token=t1&refresh_token=r1');
    try {
      const entry = recordError(new Error('at sign-in'), 'x');
      expect(entry.url).toBe(`${window.location.origin}/authredirect?state=dev&code=***&password=***&x=1#/a?token=***&refresh_token=***`);
      expect(localStorage.getItem('canteen-logs')).not.toMatch(/9f8e7d6c|pw1|t1&|r1/);
      // One kept unmasked by an older version goes out masked.
      useErrorLog.getState().add({ type: 'error', message: 'old', stack: '', info: 'x', url: 'http://localhost/authredirect?code=old-code', time: new Date().toISOString() });
      await uploadErrorLog();
      const sent = server.calls('POST', ERROR_LOG_UPLOAD_PATH).flatMap((c) => c.body as Array<{ url: string }>).map((e) => e.url);
      expect(sent).toContain('http://localhost/authredirect?code=***');
      expect(JSON.stringify(sent)).not.toMatch(/9f8e7d6c|pw1|old-code|t1&|=r1/);
    } finally {
      window.history.replaceState(null, '', before);
    }
  });
});
