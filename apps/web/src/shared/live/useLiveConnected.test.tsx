import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import type { LiveConnect } from './client';
import { liveClient } from './live';
import { TestBroker } from '../../../test/live-broker';
import { useLiveConnected } from './useLiveConnected';
import { useLiveSubscription } from './useLiveSubscription';
import { signOutLocally } from '../session/auth';
import { signInWith } from '../../../test/render';

// The app's live client, pointed at a real broker (the server's StompBroker).
const target = vi.hoisted(() => ({ url: '' }));
vi.mock('./live', async (importOriginal) => (await import('../../../test/live-broker')).liveOnTestBroker(await importOriginal(), target));

let broker: TestBroker;
beforeAll(async () => {
  broker = new TestBroker();
  await broker.start();
  target.url = broker.url;
});
afterAll(async () => {
  signOutLocally();
  await broker.close();
});

function Probe({ seen, enabled }: { seen: LiveConnect[]; enabled: boolean }) {
  useLiveSubscription('/weixin/wx_msg', () => undefined);
  useLiveConnected((connect) => seen.push(connect), enabled);
  return null;
}

describe('useLiveConnected', () => {
  it('reports the first connect and each reconnect while mounted and enabled', async () => {
    signInWith(['wxmp:wxmsg:index']);
    const seen: LiveConnect[] = [];
    const idle: LiveConnect[] = [];
    const other = render(<Probe seen={idle} enabled={false} />);
    const { unmount } = render(<Probe seen={seen} enabled />);
    await expect.poll(() => seen).toHaveLength(1);
    const port = broker.port;
    await broker.stop();
    await broker.start(port);
    await expect.poll(() => seen, { message: 'reconnect' }).toHaveLength(2);
    expect(seen).toEqual([{ reconnect: false }, { reconnect: true }]);
    expect(idle).toEqual([]);

    unmount();
    await broker.stop();
    await broker.start(port);
    await expect.poll(() => liveClient().connected && broker.stats().subscriptions, { message: 'connected again for the other probe' }).toBe(1);
    expect(seen).toHaveLength(2);
    other.unmount();
  });
});
