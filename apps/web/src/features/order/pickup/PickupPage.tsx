import { useRef } from 'react';
import { Alert, Button, Empty, Popconfirm, Skeleton } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined, SoundOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PickupBoard } from '@canteen/contract';
import { useAction } from '../../../shared/http/useAction';
import { usePermission } from '../../../shared/session/session';
import { useCurrentStore } from '../../../shared/store/current-store';
import { FLOOR_POLL_MS, useFloorRefresh } from '../useFloorRefresh';
import { PICKUP_KEY, fetchPickupBoard, markCollected, pickupBoardKey } from './api';
import { isFresh } from './board';
import { useAnnouncer } from './useAnnouncer';
import { useFullscreen } from './useFullscreen';
import './messages';
import './pickup.css';

type Called = PickupBoard['ready'][number];

const PICKUP_KINDS = ['kitchen', 'pickup'] as const;

/** A number on the 请取餐 side; staff who may mark dishes tap it once the diner has it (已取餐). */
function ReadyNumber({ called, fresh, onCollect }: { called: Called; fresh: boolean; onCollect?: (called: Called) => void }) {
  const { t } = useTranslation();
  const className = `pickup-number pickup-number--ready${fresh ? ' pickup-number--fresh' : ''}`;
  if (!onCollect || !called.lineIds?.length) return <li className={className}>{called.pickupNo}</li>;
  return (
    <li className={className}>
      <Popconfirm title={t('orderPickup.collect', { no: called.pickupNo })} okText={t('orderPickup.collectOk')} cancelText={t('orderPickup.collectCancel')} onConfirm={() => onCollect(called)}>
        <button type="button" className="pickup-number-button">{called.pickupNo}</button>
      </Popconfirm>
    </li>
  );
}

function Board({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const screenRef = useRef<HTMLDivElement>(null);
  const board = useQuery({ queryKey: pickupBoardKey(storeId), queryFn: () => fetchPickupBoard(storeId), refetchInterval: FLOOR_POLL_MS });
  // A table's seating never changes the numbers: only kitchen and pickup changes do.
  useFloorRefresh(storeId, [PICKUP_KEY, storeId], PICKUP_KINDS);
  const announcer = useAnnouncer(board.data);
  const fullscreen = useFullscreen(screenRef);
  const canCollect = usePermission('order:kitchen:edit');
  const queryClient = useQueryClient();
  const collect = useAction({
    run: (called: Called) => markCollected(storeId, called.lineIds ?? []),
    invalidates: [pickupBoardKey(storeId)],
    // Refused (collected at another screen first): show the board as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: pickupBoardKey(storeId) }),
  });
  const data = board.data;

  return (
    <div ref={screenRef} className="pickup" data-testid="pickup">
      <header className="pickup-head">
        <h1 className="pickup-store">{data?.storeName}</h1>
        <div className="pickup-controls">
          {announcer.available ? (
            <Button size="large" icon={<SoundOutlined />} aria-pressed={announcer.enabled} type={announcer.enabled ? 'primary' : 'default'} onClick={announcer.toggle}>
              {t(announcer.enabled ? 'orderPickup.voiceOn' : 'orderPickup.voiceOff')}
            </Button>
          ) : (
            <span className="pickup-hint">{t('orderPickup.voiceMissing')}</span>
          )}
          {fullscreen.supported && (
            <Button size="large" icon={fullscreen.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={fullscreen.toggle}>
              {t(fullscreen.active ? 'orderPickup.exitFullscreen' : 'orderPickup.fullscreen')}
            </Button>
          )}
        </div>
      </header>
      {announcer.waitingForTap && <div className="pickup-hint pickup-hint--tap" role="status">{t('orderPickup.voiceTap')}</div>}
      {board.error && <Alert type="error" showIcon message={t('orderPickup.failed', { message: board.error.message })} />}
      {!data ? (
        board.isPending && <Skeleton active />
      ) : (
        <div className="pickup-columns">
          <section className="pickup-column pickup-column--making" aria-labelledby="pickup-making">
            <h2 id="pickup-making" className="pickup-column-title">{t('orderPickup.making')}</h2>
            <ul className="pickup-numbers" data-testid="pickup-making">
              {data.making.map((m) => <li key={m.orderId} className="pickup-number">{m.pickupNo}</li>)}
            </ul>
          </section>
          <section className="pickup-column pickup-column--ready" aria-labelledby="pickup-ready">
            <h2 id="pickup-ready" className="pickup-column-title">{t('orderPickup.ready')}</h2>
            <ul className="pickup-numbers" data-testid="pickup-ready">
              {data.ready.map((r) => (
                <ReadyNumber key={r.orderId} called={r} fresh={isFresh(r, data.asOf)} onCollect={canCollect ? (c) => void collect.run(c) : undefined} />
              ))}
            </ul>
          </section>
        </div>
      )}
    </div>
  );
}

/**
 * 取餐叫号屏 (issue 24): the chosen store's takeaway and pay-first numbers, 制作中 and 请取餐, in
 * type read across the room; live on the floor's channel; full screen on a wall display; a newly
 * ready number spoken in Chinese when announcements are on.
 */
export default function PickupPage() {
  const { t } = useTranslation();
  const { storeId, loading } = useCurrentStore();
  if (!storeId) return loading ? <Skeleton active /> : <Empty description={t('orderPickup.noStore')} />;
  return <Board key={storeId} storeId={storeId} />;
}
