import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';

const { app } = await createTestApp({ JOB_POLL_MS: '20' });

describe('the app and its job runner', () => {
  it('starts the runner when ready, and its close waits for a running job', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ran: string[] = [];
    const kind = app.jobs.register('test.app', { handler: async (p: { n: string }) => {
      ran.push(p.n);
      if (p.n === 'slow') await held;
    } });
    await app.ready();
    const quick = await kind.enqueue({ n: 'quick' });
    await expect.poll(async () => (await app.jobs.get(quick.job.id))!.state).toBe('done');
    const slow = await kind.enqueue({ n: 'slow' });
    await expect.poll(() => ran).toContain('slow');
    const closing = app.close();
    release();
    await closing;
    expect(app.jobs.busy).toBe(0);
    const [row] = await app.database.exclusive((exec) => exec('select state from job where id = $1', [slow.job.id]));
    expect(row!.state).toBe('done');
  });
});
