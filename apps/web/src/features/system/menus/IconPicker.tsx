import { createElement, useMemo, useState, type ComponentType, type CSSProperties } from 'react';
import * as AntIcons from '@ant-design/icons';
import { Button, Empty, Input, Modal, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import '../messages';

type IconComponent = ComponentType<{ style?: CSSProperties }>;

/** Every icon component of @ant-design/icons by name (`UserOutlined`, …). */
const icons: Record<string, IconComponent> = Object.fromEntries(
  Object.entries(AntIcons).filter(([name, value]) => /(Outlined|Filled|TwoTone)$/.test(name) && value !== null && typeof value === 'object'),
) as Record<string, IconComponent>;
export const ICON_NAMES = Object.keys(icons).sort();

/** The icon of a menu's `icon` name, or nothing for an unknown name. */
export function MenuIcon({ name }: { name?: string | null }) {
  const icon = name ? icons[name] : undefined;
  return icon ? createElement(icon) : null;
}

/** A form control: the chosen icon name, picked from a searchable grid of every antd icon. */
export function IconPicker({ value, onChange }: { value?: string | null; onChange: (name: string | null) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return ICON_NAMES.filter((n) => n.toLowerCase().includes(f)).slice(0, 300);
  }, [filter]);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value || null)}
          prefix={<MenuIcon name={value} />}
          placeholder={t('system.menu.pickIcon')}
          allowClear
          aria-label={t('system.menu.icon')}
        />
        <Button onClick={() => setOpen(true)}>{t('system.menu.pickIcon')}</Button>
      </Space.Compact>
      <Modal open={open} title={t('system.menu.pickIcon')} footer={null} onCancel={() => setOpen(false)} width={720} destroyOnHidden>
        <Input.Search placeholder={t('system.menu.searchIcon')} value={filter} onChange={(e) => setFilter(e.target.value)} allowClear style={{ marginBottom: 12 }} />
        {shown.length === 0 ? (
          <Empty description={t('resource.empty')} />
        ) : (
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(56px, 1fr))', gap: 8, maxHeight: 420, overflow: 'auto' }} data-testid="icon-grid">
            {shown.map((name) => (
              <Tooltip key={name} title={name}>
                <Button
                  aria-label={name}
                  type={value === name ? 'primary' : 'default'}
                  style={{ height: 48, fontSize: 20 }}
                  onClick={() => {
                    onChange(name);
                    setOpen(false);
                  }}
                >
                  <MenuIcon name={name} />
                </Button>
              </Tooltip>
            ))}
          </div>
        )}
      </Modal>
    </>
  );
}
