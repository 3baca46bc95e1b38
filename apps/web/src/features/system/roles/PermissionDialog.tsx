import { useMemo, useState } from 'react';
import { Button, Modal, Space, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { menuEndpoints, roleEndpoints } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import type { MenuRecord, RoleRecord } from '../api';
import { systemKeys } from '../queryKeys';
import { allIds, ancestorsOf, checkedLeaves, grantedIds } from './grant';
import '../messages';

const toNodes = (menus: MenuRecord[], t: (k: string) => string): DataNode[] =>
  menus.map((m) => ({
    key: m.id,
    title: (
      <span>
        <span className="grant-name">{m.name}</span>
        {m.type === '1' ? <Tag style={{ marginLeft: 8 }}>{m.permission || t('system.menu.typeButton')}</Tag> : null}
      </span>
    ),
    children: m.children?.length ? toNodes(m.children, t) : undefined,
  }));

interface GrantTreeProps {
  role: RoleRecord;
  tree: MenuRecord[];
  granted: string[];
  onClose: () => void;
}

/** The checkable tree, started from the role's current grant. */
function GrantTree({ role, tree, granted, onClose }: GrantTreeProps) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<string[]>(() => checkedLeaves(tree, granted));
  // Before any click the half-checked parents are the ancestors of the checked leaves.
  const [halfChecked, setHalfChecked] = useState<string[]>(() => ancestorsOf(tree, checkedLeaves(tree, granted)));
  const [expanded, setExpanded] = useState<string[]>(() => allIds(tree));
  const nodes = useMemo(() => toNodes(tree, t), [tree, t]);
  const save = useAction({
    run: () => call(roleEndpoints.grant, { body: { roleId: role.id, menuIds: grantedIds(checked, halfChecked) } }),
    success: 'system.role.granted',
    onSuccess: onClose,
    invalidates: [systemKeys.menus.root],
  });

  return (
    <>
      <Space style={{ marginBottom: 8 }} wrap>
        <Button size="small" onClick={() => setExpanded(allIds(tree))}>{t('system.role.expandAll')}</Button>
        <Button size="small" onClick={() => setExpanded([])}>{t('system.role.collapseAll')}</Button>
        <Button size="small" onClick={() => { setChecked(allIds(tree)); setHalfChecked([]); }}>{t('system.role.checkAll')}</Button>
        <Button size="small" onClick={() => { setChecked([]); setHalfChecked([]); }}>{t('system.role.checkNone')}</Button>
      </Space>
      <div style={{ maxHeight: '60vh', overflow: 'auto' }} data-testid="permission-tree">
        <Tree
          checkable
          selectable={false}
          treeData={nodes}
          checkedKeys={checked}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          onCheck={(keys, info) => {
            setChecked((Array.isArray(keys) ? keys : keys.checked).map(String));
            setHalfChecked((info.halfCheckedKeys ?? []).map(String));
          }}
        />
      </div>
      <Space style={{ marginTop: 16, width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>{t('resource.cancel')}</Button>
        <Button type="primary" loading={save.busy} onClick={() => void save.run()}>{t('resource.ok')}</Button>
      </Space>
    </>
  );
}

/**
 * The role's grant: the full menu-and-button tree (`GET /upms/menu/all/tree`), checked from
 * `GET /upms/menu/tree/{roleId}`, saved with `PUT /upms/role/menu`.
 */
export function PermissionDialog({ role, onClose }: { role?: RoleRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const open = role !== undefined;
  const tree = useQuery({ queryKey: systemKeys.menus.allTree(), queryFn: () => call(menuEndpoints.allTree, {}), enabled: open });
  const granted = useQuery({
    queryKey: systemKeys.menus.roleGrant(role?.id),
    queryFn: () => call(roleEndpoints.menuIds, { params: { roleId: role!.id } }),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  const ready = tree.data !== undefined && granted.data !== undefined && !granted.isFetching;
  return (
    <Modal open={open} title={t('system.role.grantTitle', { name: role?.roleName ?? '' })} onCancel={onClose} footer={null} width={680} destroyOnHidden>
      {role && ready ? <GrantTree key={role.id} role={role} tree={tree.data} granted={granted.data} onClose={onClose} /> : <Spin />}
    </Modal>
  );
}
