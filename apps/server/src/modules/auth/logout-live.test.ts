import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTestUser, signIn } from '../../../test/auth.js';
import { connectFrame, liveUrl, RawStomp, stompConnect } from '../../../test/stomp.js';
import { header } from '../../live/frames.js';

/** Sign-out and the live channel, on the whole server with identity's real tokens. */
const { app } = await createTestApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const url = liveUrl(app);

describe('DELETE /auth/token/logout and live sockets', () => {
  it('closes the sockets of the signed-out token set at once and leaves the user’s other sessions open', async () => {
    const signedOut = await signIn(app, 'admin');
    const other = await signIn(app, 'admin');
    const raw = await RawStomp.open(url);
    raw.send(connectFrame(signedOut.authorization.slice('Bearer '.length)));
    expect((await raw.frame(0)).command).toBe('CONNECTED');
    const kept = await stompConnect(url, other.authorization.slice('Bearer '.length));
    await kept.subscribe('/weixin/wx_msg');

    const res = await app.inject({ method: 'DELETE', url: '/auth/token/logout', headers: signedOut });
    expect(res.json()).toEqual({ code: 0, msg: null, data: true });

    // No one else announces the revocation: the route does (the periodic re-check is a minute away).
    const error = await raw.frame(1);
    expect(error.command).toBe('ERROR');
    expect(header(error, 'message')).toMatch(/revoked/);
    expect((await raw.closed).code).toBe(1008);

    await app.live.publish('/weixin/wx_msg', { still: 'here' });
    expect(JSON.parse((await kept.nextMessage()).body)).toEqual({ still: 'here' });
    await kept.close();
  });

  /** A live socket signed in with this session; resolves with the frame that ends it. */
  async function openSocket(authorization: string) {
    const raw = await RawStomp.open(url);
    raw.send(connectFrame(authorization.slice('Bearer '.length)));
    expect((await raw.frame(0)).command).toBe('CONNECTED');
    return { ended: async () => ({ error: await raw.frame(1), close: await raw.closed }) };
  }

  it('closes the sockets of a session an administrator forces out, at once', async () => {
    await createTestUser(app, 'forced', ['ROLE_OPERATOR']);
    const session = await signIn(app, 'forced');
    const socket = await openSocket(session.authorization);
    const tokenId = (await app.identity.tokens.resolve(session.authorization.slice('Bearer '.length)))!.tokenId;
    const admin = await signIn(app, 'admin');
    expect((await app.inject({ method: 'DELETE', url: `/upms/token/${tokenId}`, headers: admin })).json().data).toBe(true);
    const { error, close } = await socket.ended();
    expect(error.command).toBe('ERROR');
    expect(close.code).toBe(1008);
  });

  it('closes the sockets of a user an administrator locks, at once', async () => {
    const id = await createTestUser(app, 'locked', ['ROLE_OPERATOR']);
    const socket = await openSocket((await signIn(app, 'locked')).authorization);
    const admin = await signIn(app, 'admin');
    expect((await app.inject({ method: 'PUT', url: '/upms/user', headers: admin, payload: { id, lockFlag: '9' } })).statusCode).toBe(200);
    const { error, close } = await socket.ended();
    expect(error.command).toBe('ERROR');
    expect(close.code).toBe(1008);
  });
});
