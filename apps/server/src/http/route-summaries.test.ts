import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';

/**
 * Every route's summary is a short Chinese name of what it does: the API document lists it, and
 * the operation log shows it as the title of every change (日志管理); longer English notes belong
 * in the description.
 */
const { app } = await createTestApp();
await app.ready();

describe('route summaries', () => {
  it('names every route in a few Chinese words', () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, { summary?: string }>> };
    const unnamed: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (path.startsWith('/health/')) continue; // a load balancer's probes, never logged
      for (const [method, { summary = '' }] of Object.entries(operations)) {
        if (!/^[\u4e00-\u9fff]/.test(summary) || summary.length > 24) unnamed.push(`${method.toUpperCase()} ${path}: "${summary}"`);
      }
    }
    expect(unnamed).toEqual([]);
  });

  it('logs a change under its summary', async () => {
    const { signIn } = await import('../../test/auth.js');
    const admin = await signIn(app, 'admin');
    const res = await app.inject({ method: 'POST', url: '/weixin/wxusertags', headers: admin, payload: { appId: 'nope', name: '常客' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    await app.operationLog.flush();
    const page = (await app.inject({ method: 'GET', url: '/upms/log/page?size=5', headers: admin })).json<{ data: { records: Array<{ title: string; requestUri: string }> } }>().data;
    expect(page.records.find((r) => r.requestUri === '/weixin/wxusertags')?.title).toBe('新增粉丝标签');
  });
});
