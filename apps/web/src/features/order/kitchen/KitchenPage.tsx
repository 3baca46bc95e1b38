import { useCallback, useState } from 'react';
import { Alert, Button, Empty, Segmented, Skeleton, Typography } from 'antd';
import { CheckSquareOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../shared/http/client';
import { useAction } from '../../../shared/http/useAction';
import { usePermission } from '../../../shared/session/session';
import { useCurrentStore } from '../../../shared/store/current-store';
import { FLOOR_POLL_MS, useFloorRefresh } from '../useFloorRefresh';
import { KITCHEN_KEY, fetchKitchenBoard, kitchenBoardKey, markLines } from './api';
import { ALL_STATIONS, rememberStation, rememberedStation } from './station';
import { TicketCard, type MarkInput } from './TicketCard';
import { clockOffset } from './ticket';
import { useSecondTick } from './useSecondTick';
import './messages';
import './kitchen.css';

const NO_LINES: readonly string[] = [];

const stationGone = (error: unknown, station: string) => error instanceof HttpError && error.status === 404 && station !== ALL_STATIONS;

/** The board of one store: its station (remembered on this device), its tickets, live. */
function KitchenBoardView({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const canEdit = usePermission('order:kitchen:edit');
  const queryClient = useQueryClient();
  const [station, setStation] = useState(() => rememberedStation(storeId));
  const [done, setDone] = useState(false);
  const board = useQuery({
    queryKey: kitchenBoardKey(storeId, station, done),
    queryFn: async () => {
      try {
        return await fetchKitchenBoard(storeId, station, done);
      } catch (error) {
        // The remembered station's printer was removed: this device forgets it.
        if (stationGone(error, station)) rememberStation(storeId, ALL_STATIONS);
        throw error;
      }
    },
    refetchInterval: FLOOR_POLL_MS,
    // While another station's (or 已出餐's) board loads, the station choices stay where they are.
    placeholderData: keepPreviousData,
  });
  useFloorRefresh(storeId, [KITCHEN_KEY, storeId]);
  const localNow = useSecondTick();

  const chooseStation = (next: string) => {
    setStation(next);
    rememberStation(storeId, next);
  };
  // …and shows every category instead.
  const goneStation = stationGone(board.error, station);
  if (goneStation) setStation(ALL_STATIONS);

  const mark = useAction({
    run: (input: MarkInput) => markLines({ storeId, ...input }),
    invalidates: [[KITCHEN_KEY, storeId]],
    // Refused (another screen marked it first, a dish refunded): show the board as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: [KITCHEN_KEY, storeId] }),
  });
  const { run } = mark;
  const onMark = useCallback((input: MarkInput) => void run(input), [run]);

  // The button spins for its own click only, not for each event's or the 30 s reload.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    await board.refetch();
    setRefreshing(false);
  };

  const data = board.data;
  // Ages count on the server's clock (a tablet's own may be minutes off).
  const now = data ? localNow + clockOffset(data.asOf, board.dataUpdatedAt) : localNow;
  const stations = data?.stations ?? [];
  // …but never another station's tickets.
  const tickets = board.isPlaceholderData ? undefined : data?.tickets;

  return (
    <div className="kitchen" data-testid="kitchen">
      <div className="kitchen-toolbar">
        {stations.length > 1 && (
          <div className="kitchen-stations" aria-label={t('orderKitchen.station')}>
            <Segmented size="large" value={station} onChange={(v) => chooseStation(String(v))} options={stations.map((s) => ({ value: s.id, label: s.id === ALL_STATIONS ? t('orderKitchen.allStations') : s.name }))} />
          </div>
        )}
        <Button
          className="kitchen-touch"
          size="large"
          icon={<CheckSquareOutlined />}
          type={done ? 'primary' : 'default'}
          aria-pressed={done}
          onClick={() => setDone((d) => !d)}
        >
          {t('orderKitchen.showDone')}
        </Button>
        <Button className="kitchen-touch" size="large" icon={<ReloadOutlined />} aria-label={t('orderKitchen.refresh')} loading={refreshing} onClick={() => void refresh()} />
        {tickets && <Typography.Text type="secondary" className="kitchen-count">{t('orderKitchen.count', { count: tickets.length })}</Typography.Text>}
        {!canEdit && <Typography.Text type="secondary">{t('orderKitchen.readOnly')}</Typography.Text>}
      </div>
      {board.error && !goneStation && <Alert type="error" showIcon message={t('orderKitchen.failed', { message: board.error.message })} />}
      {!data || !tickets ? (
        board.isFetching && <Skeleton active />
      ) : tickets.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(done ? 'orderKitchen.emptyDone' : 'orderKitchen.empty')} />
      ) : (
        <div className="kitchen-tickets">
          {tickets.map((ticket) => (
            <TicketCard
              key={ticket.orderId}
              ticket={ticket}
              now={now}
              amberMinutes={data.amberMinutes}
              redMinutes={data.redMinutes}
              canEdit={canEdit}
              busyLines={mark.running?.lineIds ?? NO_LINES}
              onMark={onMark}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * 厨房看板 (issue 24): the chosen store's tickets for one station in arrival order, their ages
 * turning amber and red, 催菜 in red; a cook taps a dish (or a ticket's buttons) 制作中 and 已出餐,
 * a server taps 划菜 among the dishes already out. Live on the floor's channel, for a 10″ tablet.
 */
export default function KitchenPage() {
  const { t } = useTranslation();
  const { storeId, loading } = useCurrentStore();
  if (!storeId) return loading ? <Skeleton active /> : <Empty description={t('orderKitchen.noStore')} />;
  // Another store chosen in the header: its own station and board from the start.
  return <KitchenBoardView key={storeId} storeId={storeId} />;
}
