import { useMemo, useState } from 'react';
import { Card, Col, Form, Input, Modal, Row, Spin, Tag, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userEndpoints, validatePassword, validatePhone } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { ResourcePage, validationText, type ResourceDef } from '../../../shared/resource';
import { deptOptions, deptTree, nullIfEmpty, roleOptions, type DeptRecord, type UserRecord } from '../api';
import { usePermission } from '../../../shared/session/session';
import { systemKeys } from '../queryKeys';
import '../messages';

const lockDict = [
  { value: '0', label: 'system.user.normal', color: 'green' },
  { value: '9', label: 'system.user.locked', color: 'red' },
];

interface TreeItem {
  key: string;
  title: string;
  children?: TreeItem[];
}
const toTreeItems = (nodes: DeptRecord[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.id, title: n.name, children: n.children?.length ? toTreeItems(n.children) : undefined }));

/** The department tree that filters the user list. */
function DeptFilter({ value, onChange }: { value?: string; onChange: (id?: string) => void }) {
  const { t } = useTranslation();
  const depts = useQuery({ queryKey: systemKeys.depts.filter(), queryFn: deptTree });
  const items = useMemo(() => [{ key: '', title: t('system.user.allDepts'), children: toTreeItems(depts.data ?? []) }], [depts.data, t]);
  return (
    <Card size="small" variant="borderless" data-testid="dept-filter">
      {depts.isLoading ? (
        <Spin />
      ) : (
        <Tree
          treeData={items}
          defaultExpandAll
          blockNode
          selectedKeys={[value ?? '']}
          onSelect={(keys) => onChange(keys[0] ? String(keys[0]) : undefined)}
        />
      )}
    </Card>
  );
}

/** Asks for a new password and sets it (`PUT /upms/user { id, password }`). */
function ResetPasswordDialog({ user, onClose }: { user?: UserRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useAction({
    run: ({ id, password }: { id: string; password: string }) => call(userEndpoints.update, { body: { id, password } }),
    success: 'system.user.resetDone',
    onSuccess: onClose,
  });
  const submit = async () => {
    const { password } = await form.validateFields();
    if (user) await reset.run({ id: user.id, password });
  };
  return (
    <Modal
      open={user !== undefined}
      title={`${t('system.user.resetPassword')}：${user?.username ?? ''}`}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      confirmLoading={reset.busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={t('system.user.newPassword')}
          required
          rules={[{ validator: async (_r, v: unknown) => { const m = validatePassword(v); if (m) throw new Error(validationText(m)); } }]}
        >
          <Input.Password autoComplete="new-password" maxLength={12} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 用户管理: users with their department, roles and lock state. */
export default function UsersPage() {
  const canFilter = usePermission('sys:dept:index');
  const [deptId, setDeptId] = useState<string>();
  const [resetting, setResetting] = useState<UserRecord>();
  const query = useMemo(() => (deptId ? { deptId } : {}), [deptId]);
  const def = useMemo<ResourceDef<UserRecord>>(
    () => ({
      base: '/upms/user',
      permissions: { add: 'sys:user:add', edit: 'sys:user:edit', del: 'sys:user:del' },
      columns: [
        { key: 'username', label: 'system.user.username', sortable: true },
        { key: 'nickname', label: 'system.user.nickname' },
        { key: 'avatar', label: 'system.user.avatar', type: 'avatar' },
        { key: 'phone', label: 'system.user.phone' },
        { key: 'deptName', label: 'system.user.dept' },
        {
          key: 'roles',
          label: 'system.user.roles',
          render: (_v, row) => row.roles.map((r) => <Tag key={r.id} color="blue">{r.roleName}</Tag>),
        },
        { key: 'lockFlag', label: 'system.user.lockFlag', type: 'tag', dict: lockDict },
        { key: 'createTime', label: 'system.user.createTime', type: 'datetime', sortable: true },
      ],
      search: [{ name: 'username', label: 'system.user.username' }],
      form: [
        { name: 'username', label: 'system.user.username', required: true, maxLength: 32, readOnlyOn: 'edit' },
        { name: 'password', label: 'system.user.password', type: 'password', required: true, validate: validatePassword, only: 'create', maxLength: 12 },
        { name: 'nickname', label: 'system.user.nickname', maxLength: 64 },
        { name: 'phone', label: 'system.user.phone', validate: validatePhone, maxLength: 11 },
        { name: 'deptId', label: 'system.user.dept', type: 'treeSelect', options: deptOptions },
        { name: 'roleIds', label: 'system.user.roles', type: 'multiSelect', options: roleOptions, required: true },
      ],
      toForm: (row) => ({ username: row.username, nickname: row.nickname, phone: row.phone, deptId: row.deptId ?? undefined, roleIds: row.roles.map((r) => r.id) }),
      toBody: (v, { mode }) => {
        const common = { nickname: nullIfEmpty(v.nickname), phone: v.phone ?? '', deptId: nullIfEmpty(v.deptId), roleIds: v.roleIds ?? [] };
        return mode === 'create' ? { username: v.username, password: v.password, ...common } : common;
      },
      rowActions: [
        {
          key: 'lock',
          label: (row) => (row.lockFlag === '9' ? 'system.user.unlock' : 'system.user.lock'),
          permission: 'sys:user:edit',
          confirm: (row) => (row.lockFlag === '9' ? 'system.user.confirmUnlock' : 'system.user.confirmLock'),
          success: 'resource.done',
          onClick: (row) => call(userEndpoints.update, { body: { id: row.id, lockFlag: row.lockFlag === '9' ? '0' : '9' } }),
        },
        { key: 'reset', label: 'system.user.resetPassword', permission: 'sys:user:edit', onClick: (row) => setResetting(row) },
      ],
    }),
    [],
  );
  const dialog = <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} />;
  // The department filter needs the department tree.
  if (!canFilter)
    return (
      <>
        <ResourcePage def={def} />
        {dialog}
      </>
    );
  return (
    <Row gutter={16} wrap={false}>
      <Col flex="220px">
        <DeptFilter value={deptId} onChange={setDeptId} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <ResourcePage def={def} query={query} />
      </Col>
      {dialog}
    </Row>
  );
}
