import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { signOutLocally } from '../../shared/session/auth';
import { registerPagesForFile, renderPage } from '../../../test/page';
import { signInWith } from '../../../test/render';
import { pageRegistry } from '../page-registry';
import '../messages';

const load = vi.fn(async () => ({ default: () => <div data-testid="guarded-page">guarded</div> }));
registerPagesForFile({
  'views/test/guarded/index': { load, permission: 'store:dish:index' },
  'views/test/open/index': { load: async () => ({ default: () => <div data-testid="open-page">open</div> }), permission: null },
});

afterEach(() => {
  act(() => signOutLocally());
  load.mockClear();
});

describe('a registered page', () => {
  it('shows the one 403 view without its declared permission, without loading the page', () => {
    signInWith(['store:dish:add']);
    renderPage('views/test/guarded/index');
    expect(screen.getByTestId('forbidden')).toHaveTextContent('抱歉，您无权访问此页面');
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the page with its permission, and a page declared for everyone to any signed-in user', async () => {
    signInWith(['store:dish:index']);
    const { unmount } = renderPage('views/test/guarded/index');
    expect(await screen.findByTestId('guarded-page')).toBeInTheDocument();
    unmount();
    signInWith([]);
    renderPage('views/test/open/index');
    expect(await screen.findByTestId('open-page')).toBeInTheDocument();
  });

  it('turns into the 403 view when the permission is taken away while it is open', async () => {
    signInWith(['store:dish:index']);
    renderPage('views/test/guarded/index');
    expect(await screen.findByTestId('guarded-page')).toBeInTheDocument();
    act(() => signInWith([]));
    expect(screen.getByTestId('forbidden')).toBeInTheDocument();
  });

  it('is the not-available view for a component name nothing registered', () => {
    signInWith([]);
    renderPage('views/test/missing/index');
    expect(screen.getByTestId('not-available')).toBeInTheDocument();
  });

  it('declares the view permission of every page of every feature', () => {
    for (const [name, entry] of Object.entries(pageRegistry)) {
      expect(typeof entry.load, name).toBe('function');
      expect(entry.permission === null || /^[a-z]+:[a-z]+:[a-z]+$/.test(entry.permission), name).toBe(true);
    }
    expect(pageRegistry['views/wxmp/wxmsg/index']?.permission).toBe('wxmp:wxmsg:index');
    expect(pageRegistry['views/wel/index']?.permission).toBeNull();
  });
});
