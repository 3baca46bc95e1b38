import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LogSmsSender } from './sms.js';

// Issue 22 #7: SMS sign-in codes were written to the server log.
describe('the development SMS sender', () => {
  it('never writes an SMS code to the log', async () => {
    const lines: string[] = [];
    const log = { info: (message: string) => lines.push(message) } as unknown as ConstructorParameters<typeof LogSmsSender>[0];
    await new LogSmsSender(log).send('13800138000', '493817');
    expect(lines.join('\n')).not.toContain('493817');
  });

  it('appends each code to the outbox file when one is set, and still logs none', async () => {
    const lines: string[] = [];
    const log = { info: (message: string) => lines.push(message) } as unknown as ConstructorParameters<typeof LogSmsSender>[0];
    const dir = mkdtempSync(path.join(os.tmpdir(), 'canteen-sms-'));
    try {
      const outbox = path.join(dir, 'sms-outbox.jsonl');
      const sender = new LogSmsSender(log, outbox);
      await sender.send('13800138000', '493817');
      await sender.send('13900139000', '102938');
      const sent = readFileSync(outbox, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { phone: string; code: string });
      expect(sent.map(({ phone, code }) => ({ phone, code }))).toEqual([{ phone: '13800138000', code: '493817' }, { phone: '13900139000', code: '102938' }]);
      expect(lines.join('\n')).not.toMatch(/493817|102938/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
