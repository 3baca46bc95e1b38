import { useMemo } from 'react';
import { Descriptions, Empty, Form, Input, Modal, Tag, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../shared/navigation/navigation';
import { useLock } from '../../shared/session/lock';
import { useHeldPermissions, useSession, type MenuNode } from '../../shared/session/session';
import { LOCK_PATH } from '../guards';

export interface SupportContacts {
  phone: string;
  email: string;
  hours: string;
}

/** Sets the lock password, then locks: only /lock is reachable until it is entered. */
export function LockDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const submit = async () => {
    const { password } = await form.validateFields();
    useLock.getState().lock(password, `${window.location.pathname}${window.location.search}`);
    onClose();
    navigate(LOCK_PATH, { replace: true });
  };
  return (
    <Modal open title={t('shell.lock.title')} onCancel={onClose} onOk={() => void submit().catch(() => undefined)} okText={t('shell.lock.submit')} width={400} data-testid="lock-dialog">
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="password" label={t('shell.lock.password')} rules={[{ required: true, message: t('shell.lock.required') }]}>
          <Input.Password autoFocus placeholder={t('shell.lock.placeholder')} data-testid="lock-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The deployment's support contacts (SUPPORT_PHONE, SUPPORT_EMAIL, SUPPORT_HOURS): an empty one is not shown. */
export function SupportDialog({ support, onClose }: { support: SupportContacts; onClose: () => void }) {
  const { t } = useTranslation();
  const items = [
    support.phone && { key: 'phone', label: t('shell.support.phone'), children: support.phone },
    support.email && { key: 'email', label: t('shell.support.email'), children: <a href={`mailto:${support.email}`}>{support.email}</a> },
    support.hours && { key: 'hours', label: t('shell.support.hours'), children: support.hours },
  ].filter((item) => !!item);
  return (
    <Modal open title={t('shell.support.title')} onCancel={onClose} footer={null} data-testid="support-dialog">
      <p>{t('shell.support.intro')}</p>
      <Descriptions column={1} bordered size="small" items={items} />
    </Modal>
  );
}

const lastSegment = (path: string) => path.split('/').filter(Boolean).pop() ?? '';

/** Where a permission code (`domain:screen:action`) belongs in the menu: the screen whose path ends the same, or the only screen of its group. */
function screenFor(code: string, leaves: MenuNode[]): MenuNode | undefined {
  const [domain, screen] = code.split(':');
  return (
    leaves.find((leaf) => lastSegment(leaf.path) === screen) ??
    (() => {
      const group = leaves.filter((leaf) => leaf.path.split('/').filter(Boolean)[0] === domain);
      return group.length === 1 ? group[0] : undefined;
    })()
  );
}

/** The user's menus and buttons as a tree. */
export function PermissionsDialog({ tree, onClose }: { tree: MenuNode[]; onClose: () => void }) {
  const { t } = useTranslation();
  const held = useHeldPermissions();
  const roles = useSession((s) => s.roles);
  const data = useMemo(() => {
    const leaves: MenuNode[] = [];
    const walk = (nodes: MenuNode[]) => nodes.forEach((n) => (n.children?.length ? walk(n.children) : leaves.push(n)));
    walk(tree);
    const byScreen = new Map<string, string[]>();
    const other: string[] = [];
    for (const code of held) {
      const screen = screenFor(code, leaves);
      if (screen) byScreen.set(screen.id, [...(byScreen.get(screen.id) ?? []), code]);
      else other.push(code);
    }
    const button = (code: string): TreeDataNode => ({ key: `code:${code}`, title: <Tag color="blue">{code}</Tag>, isLeaf: true });
    const build = (nodes: MenuNode[]): TreeDataNode[] =>
      nodes.map((n) => ({ key: n.id, title: n.label, children: n.children?.length ? build(n.children) : (byScreen.get(n.id) ?? []).map(button) }));
    const out = build(tree);
    if (other.length) out.push({ key: 'other', title: t('shell.perms.other'), children: other.map(button) });
    return out;
  }, [tree, held, t]);
  return (
    <Modal open title={t('shell.perms.title')} onCancel={onClose} footer={null} width={560} data-testid="permissions-dialog">
      <p>
        {t('shell.perms.roles')}: {roles.map((r) => <Tag key={r}>{r}</Tag>)}
      </p>
      {data.length ? <Tree treeData={data} defaultExpandAll selectable={false} style={{ maxHeight: 480, overflow: 'auto' }} /> : <Empty description={t('shell.perms.empty')} />}
    </Modal>
  );
}
