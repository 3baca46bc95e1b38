import { useMemo, useState } from 'react';
import { Card, Drawer, Skeleton, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storeEndpoints, type StoreRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { ResourcePage, type ResourceDef } from '../../../shared/resource';
import { usePermission } from '../../../shared/session/session';
import { myStoresKey, useCurrentStore } from '../../../shared/store/current-store';
import { NoStore } from './StoreGate';
import { STORES_KEY, StoreForm, storeKey } from './StoreForm';
import { StoreUsers } from './StoreUsers';
import './messages';

/** The current store's form (the store chosen in the header). */
function CurrentStore({ admin }: { admin: boolean }) {
  const { storeId, loading } = useCurrentStore();
  const detail = useQuery({
    queryKey: storeKey(storeId ?? ''),
    queryFn: () => call(storeEndpoints.get, { params: { id: storeId! } }),
    enabled: storeId !== null,
  });
  if (loading || (storeId && detail.isPending)) return <Skeleton active data-testid="store-loading" />;
  if (!storeId || !detail.data) return <NoStore admin={admin} />;
  return <StoreForm key={`${detail.data.id}:${detail.data.updateTime}`} store={detail.data} />;
}

const statusOf = (s: StoreRecord) => (s.openNow ? 'opened' : s.isOpen ? 'outsideHours' : 'closed');
const STATUS_COLORS = { opened: 'green', outsideHours: 'orange', closed: 'default' } as const;

/** Every store (admins): add, edit, assign staff, delete. */
function StoreList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ store?: StoreRecord } | undefined>();
  const [staffOf, setStaffOf] = useState<StoreRecord | undefined>();
  const def = useMemo<ResourceDef<StoreRecord>>(
    () => ({
      base: STORES_KEY,
      columns: [
        { key: 'name', label: 'storeShop.name', sortable: true },
        { key: 'logo', label: 'storeShop.logo', type: 'image' },
        { key: 'phone', label: 'storeShop.phone' },
        { key: 'address', label: 'storeShop.list.address', render: (_v, row) => [row.region, row.address].filter(Boolean).join(' ') },
        {
          key: 'openNow',
          label: 'storeShop.list.status',
          render: (_v, row) => <Tag color={STATUS_COLORS[statusOf(row)]}>{t(`storeShop.${statusOf(row)}`)}</Tag>,
        },
        { key: 'sort', label: 'storeShop.sort', sortable: true },
        { key: 'createTime', label: 'storeShop.list.createTime', type: 'datetime', sortable: true },
      ],
      search: [{ name: 'name', label: 'storeShop.name' }],
      toolbar: [
        { key: 'add', label: 'storeShop.list.add', icon: <PlusOutlined />, primary: true, permission: 'store:shop:add', testId: 'store-add', onClick: () => setEditing({}) },
      ],
      rowActions: [
        { key: 'edit', label: 'storeShop.list.edit', permission: 'store:shop:edit', onClick: (row) => setEditing({ store: row }) },
        { key: 'users', label: 'storeShop.list.users', permission: 'store:shop:edit', onClick: (row) => setStaffOf(row) },
        {
          key: 'delete',
          label: 'storeShop.list.delete',
          permission: 'store:shop:del',
          danger: true,
          confirm: 'storeShop.list.confirmDelete',
          success: 'storeShop.list.deleted',
          onClick: async (row) => {
            await call(storeEndpoints.remove, { params: { id: row.id } });
            await queryClient.invalidateQueries({ queryKey: myStoresKey });
          },
        },
      ],
    }),
    [t, queryClient],
  );
  return (
    <>
      <ResourcePage def={def} testId="store-list" />
      <Drawer
        open={editing !== undefined}
        size={760}
        title={editing?.store ? t('storeShop.list.editTitle', { name: editing.store.name }) : t('storeShop.list.addTitle')}
        onClose={() => setEditing(undefined)}
        destroyOnHidden
      >
        {editing && (
          <StoreForm
            key={editing.store?.id ?? 'new'}
            store={editing.store}
            onSaved={() => setEditing(undefined)}
            onCancel={() => setEditing(undefined)}
          />
        )}
      </Drawer>
      {staffOf && <StoreUsers store={staffOf} onClose={() => setStaffOf(undefined)} />}
    </>
  );
}

/**
 * 门店信息: the form of the store chosen in the header; for those who may add stores (admins)
 * also the list of every store.
 */
export default function ShopPage() {
  const { t } = useTranslation();
  const admin = usePermission('store:shop:add');
  if (!admin) {
    return (
      <Card variant="borderless">
        <CurrentStore admin={false} />
      </Card>
    );
  }
  return (
    <Card variant="borderless">
      <Tabs
        items={[
          { key: 'info', label: t('storeShop.tabInfo'), children: <CurrentStore admin /> },
          { key: 'list', label: t('storeShop.tabList'), children: <StoreList /> },
        ]}
      />
    </Card>
  );
}
