import { useState } from 'react';
import { Badge, Button, Card, Empty, Tabs, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORDER_TAB_KEYS, orderEndpoints, type OrderTab } from '@canteen/contract';
import { atLeast } from './counts';
import { call } from '../../../shared/http/call';
import { navigate } from '../../../shared/navigation/navigation';
import { usePaneSearch } from '../../../shared/navigation/pane';
import { useCurrentStore } from '../../../shared/store/current-store';
import { ORDER_LIST_PATH } from '../paths';
import { ORDERS_KEY, orderCountsKey } from '../queryKeys';
import type { OrderFilterQuery } from './filters';
import { OrderDrawer } from './OrderDrawer';
import { OrderFilters } from './OrderFilters';
import { OrderTable } from './OrderTable';
import '../messages-list';

/**
 * 订单列表 (STORE.md §6): the chosen store's orders under the tabs 全部 / 待处理 / 制作中 / 已完成 /
 * 已取消 with their counts, the filters, and the order drawer with the actions of its state. New
 * orders come in live (the shell's new-order alert refreshes these queries); `?orderId=` in the
 * tab's query (the alert's link) opens that order.
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { storeId, loading: storesLoading } = useCurrentStore();
  const linked = new URLSearchParams(usePaneSearch()).get('orderId');
  const [viewing, setViewing] = useState<string | undefined>(linked ?? undefined);
  const [lastLinked, setLastLinked] = useState(linked);
  if (linked !== lastLinked) {
    setLastLinked(linked);
    if (linked) setViewing(linked);
  }
  const [tab, setTab] = useState<OrderTab>('all');
  const [filters, setFilters] = useState<OrderFilterQuery>({});
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  // Another store chosen in the header: its orders from the first page.
  const [shownStore, setShownStore] = useState(storeId);
  if (storeId !== shownStore) {
    setShownStore(storeId);
    setPaging((p) => ({ ...p, current: 1 }));
  }

  const query = { storeId: storeId ?? undefined, tab, current: paging.current, size: paging.size, ...filters };
  const list = useQuery({
    queryKey: [ORDERS_KEY, 'list', query],
    queryFn: () => call(orderEndpoints.page, { query }),
    enabled: storeId !== null,
    placeholderData: keepPreviousData,
  });
  const counts = useQuery({
    queryKey: orderCountsKey(storeId),
    queryFn: () => call(orderEndpoints.counts, { query: { storeId: storeId! } }),
    enabled: storeId !== null,
  });

  const closeDrawer = () => {
    setViewing(undefined);
    // The alert's link opened it: drop the query, so the same order's link opens it again.
    if (linked) navigate(ORDER_LIST_PATH, { replace: true });
  };

  if (!storesLoading && storeId === null) {
    return (
      <Card variant="borderless" data-testid="order-page">
        <Empty description={t('orderList.noStore')} />
      </Card>
    );
  }

  const tabLabel = (key: OrderTab) => {
    const n = counts.data?.[key];
    return (
      <span data-testid={`order-tab-${key}`}>
        {t(`orderList.tabs.${key}`)}{' '}
        {key === 'todo' ? (
          <Badge count={n} overflowCount={999} size="small" data-testid="order-tab-count-todo" />
        ) : n !== undefined ? (
          <Typography.Text type="secondary" data-testid={`order-tab-count-${key}`}>{atLeast(n)}</Typography.Text>
        ) : null}
      </span>
    );
  };

  return (
    <Card variant="borderless" data-testid="order-page" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as OrderTab);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
        items={ORDER_TAB_KEYS.map((key) => ({ key, label: tabLabel(key) }))}
        tabBarExtraContent={
          <Tooltip title={t('orderList.refresh')}>
            <Button shape="circle" icon={<ReloadOutlined />} aria-label={t('orderList.refresh')} onClick={() => void queryClient.invalidateQueries({ queryKey: [ORDERS_KEY] })} />
          </Tooltip>
        }
      />
      <OrderFilters
        onChange={(next) => {
          setFilters(next);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
      />
      <OrderTable
          rows={list.data?.records ?? []}
          total={list.data?.total ?? 0}
          paging={paging}
          onPaging={setPaging}
          loading={list.isFetching}
          pending={list.isPending}
          filtered={Object.keys(filters).length > 0}
          onOpen={setViewing}
        />
      {viewing && <OrderDrawer id={viewing} onClose={closeDrawer} />}
    </Card>
  );
}
