import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';

// Issue 22 #9: the OpenAPI UI was public in production.
const { app: production } = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
const { app: enabled } = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent', API_DOCS: 'on' });

describe('/docs', () => {
  it('is not served in production unless API_DOCS is on', async () => {
    for (const url of ['/docs', '/docs/json']) expect((await production.inject(url)).statusCode).toBe(404);
    expect((await enabled.inject('/docs/json')).json().paths['/health/ready']).toBeDefined();
  });
});
