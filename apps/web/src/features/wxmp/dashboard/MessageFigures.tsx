import { useState } from 'react';
import { Card, Statistic, Typography } from 'antd';
import { BellOutlined, UserAddOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/http/client';
import { addMessages } from '../../../shared/i18n';
import { wxmpKeys } from '../queryKeys';
import { useUnreadBell } from '../unread/unread';
import { localMidnightIso } from './midnight';

addMessages(
  'wxmp',
  { dashboard: { unreadMessages: '未读消息', unreadFollowers: '{{count}} 位粉丝', todayFollowers: '今日新增关注', followers: '粉丝总数 {{count}}' } },
  { dashboard: { unreadMessages: 'Unread messages', unreadFollowers: 'from {{count}} followers', todayFollowers: 'New followers today', followers: '{{count}} followers in all' } },
);

interface MessageSummary {
  unreadMessages: number;
  unreadFollowers: number;
  todayFollowers: number;
  followers: number;
  since: string;
}

/**
 * Unread follower messages and today's new followers (GET /weixin/wxmsg/summary, one call for
 * both cards), asked again whenever the bell's count moves (a live message, a row opened).
 */
function useMessageSummary() {
  const bellCount = useUnreadBell((s) => s.count);
  const [since] = useState(localMidnightIso);
  return useQuery({
    queryKey: wxmpKeys.messages.summary(since, bellCount),
    queryFn: () => api.get<MessageSummary>('/weixin/wxmsg/summary', { params: { since }, silent: true }),
    placeholderData: keepPreviousData,
  });
}

const secondary = (text: string) => <Typography.Text type="secondary" style={{ fontSize: 12 }}>{text}</Typography.Text>;

export function UnreadMessagesCard() {
  const { t } = useTranslation();
  const { data, isPending } = useMessageSummary();
  return (
    <Card loading={isPending}>
      <Statistic
        title={t('wxmp.dashboard.unreadMessages')}
        value={data?.unreadMessages ?? 0}
        prefix={<BellOutlined />}
        suffix={data ? secondary(t('wxmp.dashboard.unreadFollowers', { count: data.unreadFollowers })) : null}
        data-testid="home-unread"
      />
    </Card>
  );
}

export function TodayFollowersCard() {
  const { t } = useTranslation();
  const { data, isPending } = useMessageSummary();
  return (
    <Card loading={isPending}>
      <Statistic
        title={t('wxmp.dashboard.todayFollowers')}
        value={data?.todayFollowers ?? 0}
        prefix={<UserAddOutlined />}
        suffix={data ? secondary(t('wxmp.dashboard.followers', { count: data.followers })) : null}
        data-testid="home-today-followers"
      />
    </Card>
  );
}
