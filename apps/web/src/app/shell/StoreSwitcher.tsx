import { Select, Tag } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCurrentStore } from '../../shared/store/current-store';

/**
 * The header's store switcher, for users who work in several stores: the chosen store is what
 * every store-side page lists and edits. Hidden for one store or none.
 */
export function StoreSwitcher() {
  const { t } = useTranslation();
  const { storeId, stores, setStoreId } = useCurrentStore();
  if (stores.length < 2) return null;
  return (
    <Select
      className="shell-store"
      data-testid="store-switcher"
      aria-label={t('shell.header.store')}
      value={storeId ?? undefined}
      onChange={setStoreId}
      suffixIcon={<ShopOutlined />}
      popupMatchSelectWidth={false}
      options={stores.map((s) => ({
        value: s.id,
        label: (
          <span>
            {s.name}
            {s.openNow ? null : <Tag className="shell-store-closed">{t('shell.header.storeClosed')}</Tag>}
          </span>
        ),
      }))}
    />
  );
}
