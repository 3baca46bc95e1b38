import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { Alert, App, Button, Progress } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/http/client';
import { formatDateTime } from '../../../shared/resource';
import type { SyncProgress } from '../api';
import '../messages';

/** A background sync of one account's data from the platform (followers, materials). */
export interface SyncKind {
  /** `POST { appId }`: starts the sync and answers its progress. */
  start: string;
  /** `GET ?appId=`: the progress (the contract's `syncProgressSchema`). */
  progress: string;
  /**
   * The message group with `sync`, `syncConfirm`, `syncing`, `syncDone` ({{total}}), `syncFailed` ({{msg}}),
   * `lastSyncFailed` ({{time}}, {{msg}}) and `resync`.
   */
  texts: string;
}

export interface SyncOptions {
  /** A sync this page watched has finished with `done` (after the 同步完成 message): reload what it filled. */
  onDone: (result: SyncProgress) => void;
  /** Ask for the progress only once this is true (default: at once). */
  enabled?: boolean;
  /**
   * When the data on screen was read (this browser's clock). Given, a sync that the first answer
   * finds already finished counts as just finished when it finished after that (less a minute for
   * the difference of the clocks): the data on screen may predate it.
   */
  shownSince?: number;
}

export interface SyncState {
  kind: SyncKind;
  progress: SyncProgress | undefined;
  running: boolean;
  /** Asks for a confirmation, then starts the sync and watches it. */
  start: () => void;
}

const POLL_MS = 800;
const CLOCK_SLACK_MS = 60_000;

const finishedAfter = (progress: SyncProgress, since: number | undefined) =>
  since !== undefined && (progress.state === 'done' || progress.state === 'failed') && progress.finishTime !== null && Date.parse(progress.finishTime) >= since - CLOCK_SLACK_MS;

/**
 * An account's sync: its progress, asked while it runs (polled every 800 ms, not otherwise); when a
 * sync this page watched finishes, 同步完成 (and `onDone`) or 同步失败 with the server's message.
 */
export function useSyncProgress(kind: SyncKind, appId: string, { onDone, enabled = true, shownSince }: SyncOptions): SyncState {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const latest = useRef({ onDone, shownSince });
  useLayoutEffect(() => {
    latest.current = { onDone, shownSince };
  });
  // Not under the list's key, so reloading the list does not poll the sync again.
  const key = useMemo(() => [kind.progress, appId], [kind.progress, appId]);

  const progress = useQuery({
    queryKey: key,
    queryFn: async () => {
      const next = await api.get<SyncProgress>(kind.progress, { params: { appId } });
      const before = queryClient.getQueryData<SyncProgress>(key);
      const justFinished = before ? before.state === 'running' && next.state !== 'running' : finishedAfter(next, latest.current.shownSince);
      if (justFinished) {
        if (next.state === 'done') {
          void message.success(t(`${kind.texts}.syncDone`, { total: next.done }));
          latest.current.onDone(next);
        } else if (next.state === 'failed') {
          void message.error(t(`${kind.texts}.syncFailed`, { msg: next.message ?? '' }));
        }
      }
      return next;
    },
    enabled,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? POLL_MS : false),
  });

  const start = useCallback(() => {
    modal.confirm({
      title: t(`${kind.texts}.sync`),
      content: t(`${kind.texts}.syncConfirm`),
      okText: t('wxmp.common.ok'),
      cancelText: t('wxmp.common.cancel'),
      onOk: async () => {
        try {
          const started = await api.post<SyncProgress>(kind.start, { appId });
          queryClient.setQueryData(key, started.state === 'running' ? started : { ...started, state: 'running' });
          void queryClient.invalidateQueries({ queryKey: key });
        } catch {
          /* shown by the HTTP client */
        }
      },
    });
  }, [modal, t, kind, appId, queryClient, key]);

  return { kind, progress: progress.data, running: progress.data?.state === 'running', start };
}

/**
 * The progress bar of a running sync (`data-testid="sync-progress"`); when the account's last sync
 * failed, a lasting notice with the server's message (`data-testid="sync-failed"`) and, when
 * `canSync` (the page's permission to start a sync), 重新同步; nothing otherwise. The notice goes
 * once a new sync starts (its progress is `running`, then `done`).
 */
export function SyncProgressBar({ sync, canSync }: { sync: SyncState; canSync: boolean }) {
  const { t } = useTranslation();
  const { progress } = sync;
  if (progress?.state === 'failed') {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="sync-failed"
        title={t(`${sync.kind.texts}.lastSyncFailed`, { time: formatDateTime(progress.finishTime ?? progress.startTime), msg: progress.message ?? '' })}
        action={
          canSync && (
            <Button size="small" onClick={sync.start} data-testid="sync-retry">
              {t(`${sync.kind.texts}.resync`)}
            </Button>
          )
        }
      />
    );
  }
  if (!sync.running) return null;
  return (
    <div style={{ marginBottom: 12 }} data-testid="sync-progress">
      <span>{t(`${sync.kind.texts}.syncing`)}</span>
      <Progress percent={progress?.percent ?? 0} status="active" />
    </div>
  );
}
