import { useMemo } from 'react';
import type { BellFeed, BellSource } from '../../shared/bell/bell';
import { addMessages } from '../../shared/i18n';
import { navigate } from '../../shared/navigation/navigation';
import { useUnreadFeed } from './unread/feed';
import { useUnreadBell, type BellRow } from './unread/unread';

addMessages(
  'wxmp',
  {
    bell: {
      title: '未读消息',
      // A new follower's first message arrives before the platform has told us their nickname.
      newFollower: '新粉丝',
      kinds: { image: '[图片]', voice: '[语音]', video: '[视频]', shortvideo: '[小视频]', location: '[位置]', link: '[链接]', news: '[图文]', music: '[音乐]', file: '[文件]', other: '[消息]' },
    },
  },
  {
    bell: {
      title: 'Unread messages',
      newFollower: 'New follower',
      kinds: { image: '[Image]', voice: '[Voice]', video: '[Video]', shortvideo: '[Short video]', location: '[Location]', link: '[Link]', news: '[Article]', music: '[Music]', file: '[File]', other: '[Message]' },
    },
  },
);

/** The message list page; with appId and wxUserId in the query it opens that conversation. */
export const MESSAGES_PATH = '/views/wxmp/wxmsg/index';

export const conversationHref = (row: Pick<BellRow, 'appId' | 'wxUserId'>) =>
  `${MESSAGES_PATH}?${new URLSearchParams({ appId: row.appId, wxUserId: row.wxUserId }).toString()}`;

/** The unread rows, kept current by the feed while the bell mounts it, 10 followers a page. */
function useUnreadMessages(): BellFeed<BellRow> {
  const feed = useUnreadFeed();
  const count = useUnreadBell((s) => s.count);
  const rows = useUnreadBell((s) => s.rows);
  const available = useUnreadBell((s) => s.hasMore);
  const loading = useUnreadBell((s) => s.loadingMore);
  return useMemo(
    () => ({ count, rows, more: { available: available && feed !== undefined, loading, load: () => void feed?.loadMore() } }),
    [count, rows, available, loading, feed],
  );
}

/**
 * Unread follower messages (the specification's bell): one row per follower with their latest
 * message and how many are unread; a click opens that conversation and drops the row.
 */
const unreadMessages: BellSource<BellRow> = {
  key: 'wxmp.unread',
  order: 100,
  permission: 'wxmp:wxmsg:index',
  title: 'wxmp.bell.title',
  useFeed: useUnreadMessages,
  item: (row, t) => ({
    key: `${row.appId}/${row.wxUserId}`,
    avatar: row.headimgUrl,
    count: row.countMsg,
    title: row.nickName || t('wxmp.bell.newFollower'),
    tag: row.appName || undefined,
    description: !row.repType || row.repType === 'text' ? (row.repContent ?? '') : t(`wxmp.bell.kinds.${row.repType}`, { defaultValue: t('wxmp.bell.kinds.other') }),
    time: row.createTime,
    data: { 'data-wx-user-id': row.wxUserId },
  }),
  open: (row) => {
    useUnreadBell.getState().remove(row);
    navigate(conversationHref(row));
  },
  viewAll: MESSAGES_PATH,
};

/** The messaging feature's sources of the header bell (joined by `app/bell-registry.ts`). */
export const wxmpBellSources: BellSource<unknown>[] = [unreadMessages];
