import { useDeferredValue, useMemo, useState } from 'react';
import { Modal, Select, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storeEndpoints, userEndpoints, type StoreRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { myStoresKey } from '../../../shared/store/current-store';
import { STORES_KEY } from './StoreForm';
import './messages';

interface UserChoice {
  id: string;
  username: string;
  nickname?: string | null;
}

const labelOf = (u: UserChoice) => (u.nickname ? `${u.nickname}（${u.username}）` : u.username);

/** Who works in a store: its users, picked from 用户管理's list by user name, saved all at once. */
export function StoreUsers({ store, onClose }: { store: Pick<StoreRecord, 'id' | 'name'>; onClose: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const username = useDeferredValue(search.trim());
  const assigned = useQuery({ queryKey: [STORES_KEY, 'users', store.id], queryFn: () => call(storeEndpoints.users, { params: { id: store.id } }) });
  const found = useQuery({
    queryKey: ['/upms/user', 'store-users', username],
    queryFn: () => call(userEndpoints.page, { query: { current: 1, size: 50, ...(username ? { username } : {}) } }),
  });
  const [changed, setChosen] = useState<string[] | undefined>();
  const chosen = changed ?? assigned.data?.map((u) => u.id);
  const known = useMemo(() => {
    const byId = new Map<string, UserChoice>();
    for (const u of assigned.data ?? []) byId.set(u.id, u);
    for (const u of found.data?.records ?? []) byId.set(u.id, u);
    return byId;
  }, [assigned.data, found.data]);
  const options = [...known.values()].map((u) => ({ value: u.id, label: labelOf(u) }));

  const save = useAction({
    run: (userIds: string[]) => call(storeEndpoints.setUsers, { params: { id: store.id }, body: { userIds } }),
    success: 'storeShop.list.usersSaved',
    invalidates: [[STORES_KEY, 'users', store.id], myStoresKey],
    onSuccess: onClose,
  });

  return (
    <Modal
      open
      title={t('storeShop.list.usersTitle', { name: store.name })}
      onCancel={onClose}
      onOk={() => void save.run(chosen ?? [])}
      okText={t('resource.ok')}
      cancelText={t('resource.cancel')}
      okButtonProps={{ loading: save.busy, disabled: chosen === undefined }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('storeShop.list.usersHelp')}</Typography.Paragraph>
      {chosen === undefined ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Select
          mode="multiple"
          aria-label={t('storeShop.list.users')}
          style={{ width: '100%' }}
          value={chosen}
          onChange={setChosen}
          options={options}
          loading={found.isFetching}
          placeholder={t('storeShop.list.usersPlaceholder')}
          showSearch={{ filterOption: false, onSearch: setSearch }}
          data-testid="store-users-select"
        />
      )}
    </Modal>
  );
}
