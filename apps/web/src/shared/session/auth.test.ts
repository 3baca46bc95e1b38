import { beforeAll, describe, expect, it } from 'vitest';
import { apiServerForFile } from '../../../test/api-server';
import { configureHttp } from '../http/client';
import { refreshToken, requestPasswordToken, signOutLocally } from './auth';
import { useSession } from './session';

// Issue 22 #7: the sign-in password and the refresh token travelled in the query string.
let refreshes = 0;
const server = apiServerForFile(({ method, path }) => {
  if (method !== 'POST' || path !== '/auth/oauth/token') return undefined;
  refreshes += 1;
  return { body: { access_token: `a${refreshes}`, refresh_token: `r${refreshes}`, expires_in: 43200 } };
});
beforeAll(() => configureHttp({ getAccessToken: () => undefined, notify: () => undefined, onUnauthorized: () => undefined }));

const formOf = (body: unknown) => Object.fromEntries(new URLSearchParams(String(body)));

describe('the token calls', () => {
  it('send the password sign-in in a form body, nothing in the URL', async () => {
    await requestPasswordToken({ username: 'admin', password: '123456', randomStr: 'r1', code: 'ab12' });
    const [sent] = server.calls('POST', '/auth/oauth/token');
    expect(sent!.query).toEqual({});
    expect(sent!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const fields = formOf(sent!.body);
    expect(fields).toMatchObject({ username: 'admin', randomStr: 'r1', code: 'ab12', grant_type: 'password', scope: 'server' });
    expect(fields.password).toMatch(/^[A-Za-z0-9+/]+=*$/); // the cipher text, not 123456
  });

  it('send the refresh token in a form body, nothing in the URL', async () => {
    signOutLocally();
    useSession.getState().setToken({ access_token: 'a0', refresh_token: 'old-refresh', expires_in: 100 });
    await refreshToken();
    const [sent] = server.calls('POST', '/auth/oauth/token');
    expect(sent!.query).toEqual({});
    expect(formOf(sent!.body)).toEqual({ refresh_token: 'old-refresh', grant_type: 'refresh_token', scope: 'server' });
    expect(useSession.getState().token?.refresh_token).toMatch(/^r\d+$/);
    signOutLocally();
  });
});
