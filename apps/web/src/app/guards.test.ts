import { describe, expect, it } from 'vitest';
import { decide } from './guards';
import { isKnownPath } from './known-paths';

const base = { hasToken: true, locked: false, rolesLoaded: true };

describe('route guards', () => {
  it('sends a visitor without a token to the login page, but leaves public pages open', () => {
    expect(decide({ ...base, hasToken: false, path: '/wel/index' })).toEqual({ action: 'redirect', to: '/login' });
    expect(decide({ ...base, hasToken: false, path: '/admin/user' })).toEqual({ action: 'redirect', to: '/login' });
    for (const path of ['/login', '/register', '/404', '/403', '/401', '/500', '/authredirect', '/lock']) {
      expect(decide({ ...base, hasToken: false, path })).toEqual({ action: 'allow' });
    }
  });

  it('sends a visitor without a token on an unknown path to /404, not to the login page', () => {
    expect(decide({ ...base, hasToken: false, path: '/no/such/page', known: isKnownPath('/no/such/page') })).toEqual({ action: 'redirect', to: '/404' });
    // A page the app has (a bookmark of a menu page) still goes to the login page first.
    expect(decide({ ...base, hasToken: false, path: '/admin/user', known: isKnownPath('/admin/user') })).toEqual({ action: 'redirect', to: '/login' });
    // Signed in, the shell decides with the user's menu.
    expect(decide({ ...base, path: '/no/such/page', known: false })).toEqual({ action: 'allow' });
  });

  it('knows the fixed routes, the registered pages and their groups before anyone signs in', () => {
    for (const path of ['/', '/wel', '/wel/index', '/info/index', '/views/wxmp/wxmsg/index', '/myiframe/urlPath', '/admin', '/admin/user', '/admin/user/index', '/store/dish/', '/wxmp/wxuser']) {
      expect(isKnownPath(path), path).toBe(true);
    }
    for (const path of ['/no/such/page', '/admin/nothing', '/wel/other', '/myiframe']) expect(isKnownPath(path), path).toBe(false);
  });

  it('keeps a locked session on the lock page only', () => {
    expect(decide({ ...base, locked: true, path: '/wel/index' })).toEqual({ action: 'redirect', to: '/lock' });
    expect(decide({ ...base, locked: true, path: '/login' })).toEqual({ action: 'redirect', to: '/lock' });
    expect(decide({ ...base, locked: true, path: '/404' })).toEqual({ action: 'redirect', to: '/lock' });
    expect(decide({ ...base, locked: true, path: '/lock' })).toEqual({ action: 'allow' });
  });

  it('sends a signed-in user on the login page home', () => {
    expect(decide({ ...base, path: '/login' })).toEqual({ action: 'redirect', to: '/wel/index' });
    expect(decide({ ...base, path: '/register' })).toEqual({ action: 'redirect', to: '/wel/index' });
    expect(decide({ ...base, path: '/lock' })).toEqual({ action: 'redirect', to: '/wel/index' });
  });

  it('loads the user info first when the roles are missing', () => {
    expect(decide({ ...base, rolesLoaded: false, path: '/admin/user' })).toEqual({ action: 'loadUser' });
    expect(decide({ ...base, rolesLoaded: false, path: '/404' })).toEqual({ action: 'allow' });
  });

  it('lets a signed-in user with roles through', () => {
    expect(decide({ ...base, path: '/admin/user' })).toEqual({ action: 'allow' });
  });
});
