import type { ReactNode } from 'react';
import { Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentStore } from '../../../shared/store/current-store';
import './messages';

export interface GatedStore {
  storeId: string;
  storeName: string;
}

/** The empty state of a store-side screen for a user who works in no store. */
export function NoStore({ admin = false }: { admin?: boolean }) {
  const { t } = useTranslation();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={t(admin ? 'storeShop.noStoreAdmin' : 'storeShop.noStore')}
      data-testid="no-store"
    />
  );
}

/**
 * A store-side screen's frame: a skeleton while the user's stores load, the "ask an admin to
 * assign you a store" empty state when there are none, else the screen for the current store
 * (rendered again from scratch when the header's switcher changes it).
 */
export function StoreGate({ children }: { children: (store: GatedStore) => ReactNode }) {
  const { t } = useTranslation();
  const { storeId, storeName, loading } = useCurrentStore();
  if (loading) {
    return (
      <Card variant="borderless" data-testid="store-loading" aria-label={t('storeShop.loading')}>
        <Skeleton active />
      </Card>
    );
  }
  if (!storeId) {
    return (
      <Card variant="borderless">
        <NoStore />
      </Card>
    );
  }
  return <div key={storeId}>{children({ storeId, storeName: storeName ?? '' })}</div>;
}
