import { describe, expect, it } from 'vitest';
import type { MenuNode as ServerMenuNode } from '@canteen/contract';
import { hasPermission, toMenuNodes, useSession } from './session';

const server = (id: string, path: string | null, children: ServerMenuNode[] = []): ServerMenuNode => ({
  id, parentId: '-1', name: id, label: id, path, icon: null, component: null, sort: 0, keepAlive: '0', type: '0', permission: null, meta: {}, children,
});

describe('session', () => {
  it('keeps the answered menu with string paths and no empty children', () => {
    const [top] = toMenuNodes([server('a', '/a', [server('b', null)])]);
    expect(top!.path).toBe('/a');
    expect(top!.children![0]!.path).toBe('');
    expect(top!.children![0]!.children).toBeUndefined();
  });

  it('answers permission checks from the user info', () => {
    useSession.getState().setUserInfo({
      sysUser: { id: '1', username: 'a', nickname: null, avatar: null, phone: null, deptId: null, deptName: null }, roles: [], permissions: ['sys:user:index'],
    });
    expect(hasPermission('sys:user:index')).toBe(true);
    expect(hasPermission('sys:user:add')).toBe(false);
    useSession.getState().clear();
    expect(hasPermission('sys:user:index')).toBe(false);
  });
});
