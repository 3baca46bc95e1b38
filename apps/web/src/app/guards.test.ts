import { describe, expect, it } from 'vitest';
import { decide } from './guards';

const base = { hasToken: true, locked: false, rolesLoaded: true };

describe('route guards', () => {
  it('sends a visitor without a token to the login page, but leaves public pages open', () => {
    expect(decide({ ...base, hasToken: false, path: '/wel/index' })).toEqual({ action: 'redirect', to: '/login' });
    expect(decide({ ...base, hasToken: false, path: '/admin/user' })).toEqual({ action: 'redirect', to: '/login' });
    for (const path of ['/login', '/register', '/404', '/403', '/401', '/500', '/authredirect', '/lock']) {
      expect(decide({ ...base, hasToken: false, path })).toEqual({ action: 'allow' });
    }
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
