import { useMemo, useState } from 'react';
import { ResourcePage, type ResourceDef } from '../../../shared/resource';
import type { RoleRecord } from '../api';
import { PermissionDialog } from './PermissionDialog';
import '../messages';

const roleCodePattern = /^ROLE_[A-Z0-9_]+$/;

/** 角色管理: roles and their grant of menus and buttons. */
export default function RolesPage() {
  const [granting, setGranting] = useState<RoleRecord>();
  const def = useMemo<ResourceDef<RoleRecord>>(
    () => ({
      base: '/upms/role',
      permissions: { add: 'sys:role:add', edit: 'sys:role:edit', del: 'sys:role:del' },
      columns: [
        { key: 'roleName', label: 'system.role.roleName', sortable: true },
        { key: 'roleCode', label: 'system.role.roleCode', sortable: true },
        { key: 'roleDesc', label: 'system.role.roleDesc', ellipsis: true },
        { key: 'createTime', label: 'system.role.createTime', type: 'datetime', sortable: true },
      ],
      form: [
        { name: 'roleName', label: 'system.role.roleName', required: true, maxLength: 64 },
        {
          name: 'roleCode',
          label: 'system.role.roleCode',
          required: true,
          maxLength: 64,
          readOnlyOn: 'edit',
          placeholder: 'ROLE_',
          rules: [{ pattern: roleCodePattern, message: 'system.role.roleCodeRule' }],
        },
        { name: 'roleDesc', label: 'system.role.roleDesc', type: 'textarea', maxLength: 255 },
      ],
      toForm: (row) => ({ roleName: row.roleName, roleCode: row.roleCode, roleDesc: row.roleDesc ?? '' }),
      rowActions: [
        { key: 'grant', label: 'system.role.grant', permission: 'sys:role:perm', onClick: (row) => setGranting(row) },
      ],
    }),
    [],
  );
  return (
    <>
      <ResourcePage def={def} />
      <PermissionDialog role={granting} onClose={() => setGranting(undefined)} />
    </>
  );
}
