import { useState } from 'react';
import { Avatar, Badge, Button, Empty, List, Popover, Tag, Typography } from 'antd';
import { BellOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useBell, type BellRow } from '../../shared/bell/bell';
import { useBellFeed } from '../../shared/bell/feed';
import { addMessages } from '../../shared/i18n';
import { navigate } from '../../shared/navigation/navigation';

addMessages(
  'bell',
  {
    viewAll: '查看全部',
    // A new follower's first message arrives before the platform has told us their nickname.
    newFollower: '新粉丝',
    kinds: { image: '[图片]', voice: '[语音]', video: '[视频]', shortvideo: '[小视频]', location: '[位置]', link: '[链接]', news: '[图文]', music: '[音乐]', file: '[文件]', other: '[消息]' },
  },
  {
    viewAll: 'View all',
    newFollower: 'New follower',
    kinds: { image: '[Image]', voice: '[Voice]', video: '[Video]', shortvideo: '[Short video]', location: '[Location]', link: '[Link]', news: '[Article]', music: '[Music]', file: '[File]', other: '[Message]' },
  },
);

/** The message list page; with appId and wxUserId in the query it opens that conversation. */
export const MESSAGES_PATH = '/views/wxmp/wxmsg/index';

export const conversationHref = (row: Pick<BellRow, 'appId' | 'wxUserId'>) =>
  `${MESSAGES_PATH}?${new URLSearchParams({ appId: row.appId, wxUserId: row.wxUserId }).toString()}`;

/** The header bell: unread follower messages (one row per follower); a click opens that conversation and drops the row. */
export function Bell() {
  const { t } = useTranslation();
  const count = useBell((s) => s.count);
  const rows = useBell((s) => s.rows);
  const [open, setOpen] = useState(false);
  useBellFeed();

  const openRow = (row: BellRow) => {
    const bell = useBell.getState();
    bell.remove(row);
    setOpen(false);
    if (bell.onOpen) bell.onOpen(row);
    else navigate(conversationHref(row));
  };
  const summary = (row: BellRow) =>
    !row.repType || row.repType === 'text' ? (row.repContent ?? '') : t(`bell.kinds.${row.repType}`, { defaultValue: t('bell.kinds.other') });

  const content = (
    <div style={{ width: 320 }} data-testid="bell-popover">
      {rows.length ? (
        <List
          size="small"
          style={{ maxHeight: 360, overflow: 'auto' }}
          dataSource={rows}
          rowKey={(row) => `${row.appId}/${row.wxUserId}`}
          renderItem={(row) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => openRow(row)} data-testid="bell-row" data-wx-user-id={row.wxUserId}>
              <List.Item.Meta
                avatar={
                  <Badge count={row.countMsg} size="small" data-testid="bell-row-count">
                    <Avatar src={row.headimgUrl || undefined} icon={<UserOutlined />} />
                  </Badge>
                }
                title={
                  <span>
                    {row.nickName || t('bell.newFollower')} {row.appName ? <Tag style={{ marginInlineStart: 4 }}>{row.appName}</Tag> : null}
                  </span>
                }
                description={
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240 }} data-testid="bell-row-content">
                    {summary(row)}
                  </Typography.Text>
                }
              />
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {row.createTime ? dayjs(row.createTime).format('MM-DD HH:mm') : ''}
              </Typography.Text>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.header.noMessages')} />
      )}
      <div style={{ textAlign: 'right', marginTop: 4 }}>
        <Button
          type="link"
          size="small"
          data-testid="bell-view-all"
          onClick={() => {
            setOpen(false);
            navigate(MESSAGES_PATH);
          }}
        >
          {t('bell.viewAll')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover content={content} title={t('shell.header.bell')} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Badge count={count} size="small" offset={[-4, 4]} data-testid="bell-badge">
        <Button type="text" icon={<BellOutlined />} aria-label={t('shell.header.bell')} data-testid="bell" />
      </Badge>
    </Popover>
  );
}
