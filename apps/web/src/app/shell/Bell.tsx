import { useCallback, useEffect, useState } from 'react';
import { Avatar, Badge, Button, Empty, List, Popover, Tag, Typography } from 'antd';
import { BellOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { bellSources, type BellFeed, type BellSource } from '../../shared/bell/bell';
import { addMessages } from '../../shared/i18n';
import { navigate } from '../../shared/navigation/navigation';
import { usePermissionCheck } from '../../shared/session/session';
import '../bell-registry';

addMessages('bell', { viewAll: '查看全部', more: '加载更多' }, { viewAll: 'View all', more: 'Load more' });

type Source = BellSource<unknown>;
type Feed = BellFeed<unknown>;

/** Runs one source's feed while mounted and hands what it holds to the bell. */
function SourceFeed({ source, onFeed }: { source: Source; onFeed: (key: string, feed: Feed | undefined) => void }) {
  const feed = source.useFeed();
  useEffect(() => onFeed(source.key, feed), [source.key, feed, onFeed]);
  useEffect(() => () => onFeed(source.key, undefined), [source.key, onFeed]);
  return null;
}

/**
 * The header bell: the count and rows of every source the features register (`app/bell-registry.ts`)
 * that the user may use; a source the user may not use is never asked. A click on a row runs the
 * source's action (e.g. opens that conversation).
 */
export function Bell() {
  const { t } = useTranslation();
  const allowed = usePermissionCheck();
  const sources = bellSources().filter((source) => allowed(source.permission));
  const [feeds, setFeeds] = useState<Record<string, Feed>>({});
  const [open, setOpen] = useState(false);
  const onFeed = useCallback(
    (key: string, feed: Feed | undefined) =>
      setFeeds((all) => {
        if (feed) return { ...all, [key]: feed };
        const { [key]: _gone, ...rest } = all;
        return rest;
      }),
    [],
  );
  const shown = sources.flatMap((source) => (feeds[source.key] ? [{ source, feed: feeds[source.key]! }] : []));
  const count = shown.reduce((n, { feed }) => n + feed.count, 0);
  const anyRows = shown.some(({ feed }) => feed.rows.length > 0);

  const section = ({ source, feed }: (typeof shown)[number]) => (
    <div key={source.key} data-source={source.key}>
      {shown.length > 1 && source.title ? <Typography.Text strong>{t(source.title)}</Typography.Text> : null}
      {feed.rows.length > 0 && (
        <List
          size="small"
          style={{ maxHeight: 360, overflow: 'auto' }}
          dataSource={feed.rows.map((row) => ({ row, item: source.item(row, t) }))}
          rowKey={({ item }) => item.key}
          renderItem={({ row, item }) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => {
                setOpen(false);
                source.open(row);
              }}
              data-testid="bell-row"
              {...item.data}
            >
              <List.Item.Meta
                avatar={
                  <Badge count={item.count} size="small" data-testid="bell-row-count">
                    <Avatar src={item.avatar || undefined} icon={<UserOutlined />} />
                  </Badge>
                }
                title={
                  <span>
                    {item.title} {item.tag ? <Tag style={{ marginInlineStart: 4 }}>{item.tag}</Tag> : null}
                  </span>
                }
                description={
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240 }} data-testid="bell-row-content">
                    {item.description}
                  </Typography.Text>
                }
              />
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {item.time ? dayjs(item.time).format('MM-DD HH:mm') : ''}
              </Typography.Text>
            </List.Item>
          )}
          loadMore={
            feed.more?.available ? (
              <div style={{ textAlign: 'center', margin: '4px 0' }}>
                <Button size="small" loading={feed.more.loading} onClick={feed.more.load} data-testid="bell-more">
                  {t('bell.more')}
                </Button>
              </div>
            ) : null
          }
        />
      )}
      {source.viewAll && (
        <div style={{ textAlign: 'right', marginTop: 4 }}>
          <Button
            type="link"
            size="small"
            data-testid="bell-view-all"
            onClick={() => {
              setOpen(false);
              navigate(source.viewAll!);
            }}
          >
            {t('bell.viewAll')}
          </Button>
        </div>
      )}
    </div>
  );

  const content = (
    <div style={{ width: 320 }} data-testid="bell-popover">
      {anyRows ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.header.noMessages')} />}
      {shown.map(section)}
    </div>
  );
  return (
    <>
      {sources.map((source) => (
        <SourceFeed key={source.key} source={source} onFeed={onFeed} />
      ))}
      <Popover content={content} title={t('shell.header.bell')} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
        <Badge count={count} overflowCount={99} size="small" offset={[-4, 4]} data-testid="bell-badge">
          <Button type="text" icon={<BellOutlined />} aria-label={t('shell.header.bell')} data-testid="bell" />
        </Badge>
      </Popover>
    </>
  );
}
