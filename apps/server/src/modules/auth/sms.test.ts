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
});
