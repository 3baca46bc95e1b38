import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { signIn } from '../../../test/auth.js';
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
});
