import { useMemo, useState } from 'react';
import { App, Avatar, Button, Card, Empty, Form, Input, Modal, Progress, Result, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { ClearOutlined, EditOutlined, ReloadOutlined, SearchOutlined, SyncOutlined, TagOutlined, TagsOutlined, UserOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '@canteen/contract';
import { api } from '../../../shared/http/client';
import { formatDateTime } from '../../../shared/resource';
import { usePermission } from '../../../shared/session/session';
import { listTags, type Account, type Follower, type SyncProgress } from '../api';
import { AccountLayout } from '../components/AccountTree';
import '../messages';

const FOLLOWER_KEY = '/weixin/wxuser';
const STATE_COLORS: Record<string, string> = { '1': 'green', '0': 'red', '2': 'blue' };

interface Filters {
  nickName?: string;
  subscribe?: string;
  tagId?: number;
}

/** Tags the selected rows (`PUT /weixin/wxuser/tagid-list`, tagging or unTagging). */
function TaggingDialog({ appId, mode, openIds, tags, onClose, onDone }: {
  appId: string;
  mode: 'tagging' | 'unTagging';
  openIds: string[];
  tags: { value: number; label: string }[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!tagIds.length) {
      void message.warning(t('wxmp.follower.chooseTags'));
      return;
    }
    setSaving(true);
    try {
      await api.put('/weixin/wxuser/tagid-list', { taggingType: mode, appId, tagIds, openIds });
      void message.success(t('wxmp.follower.done'));
      onDone();
    } catch {
      /* shown by the HTTP client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t(mode === 'tagging' ? 'wxmp.follower.taggingTitle' : 'wxmp.follower.untaggingTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('wxmp.common.ok')}
      cancelText={t('wxmp.common.cancel')}
      confirmLoading={saving}
    >
      <p>{t('wxmp.follower.selected', { n: openIds.length })}</p>
      <Select mode="multiple" style={{ width: '100%' }} options={tags} value={tagIds} onChange={setTagIds} placeholder={t('wxmp.follower.chooseTags')} data-testid="tagging-select" />
    </Modal>
  );
}

/** 修改备注 (`PUT /weixin/wxuser/remark`). */
function RemarkDialog({ follower, onClose, onDone }: { follower: Follower; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [remark, setRemark] = useState(follower.remark ?? '');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      await api.put('/weixin/wxuser/remark', { id: follower.id, appId: follower.appId, remark: remark.trim() });
      void message.success(t('wxmp.common.saved'));
      onDone();
    } catch {
      /* shown by the HTTP client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={`${t('wxmp.follower.editRemark')}：${follower.nickName ?? follower.openId}`} onCancel={onClose} onOk={() => void submit()} okText={t('wxmp.common.ok')} cancelText={t('wxmp.common.cancel')} confirmLoading={saving}>
      <Input value={remark} maxLength={30} showCount onChange={(e) => setRemark(e.target.value)} data-testid="remark-input" />
    </Modal>
  );
}

function Followers({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const appId = account.appId;
  const canSync = usePermission('wxmp:wxuser:synchro');
  const canTag = usePermission('wxmp:wxuser:tagging');
  const canRemark = usePermission('wxmp:wxuser:edit:remark');
  const [searchForm] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [sort, setSort] = useState<{ column: string; order: 'ascend' | 'descend' } | undefined>({ column: 'subscribe_time', order: 'descend' });
  const [selected, setSelected] = useState<Follower[]>([]);
  const [tagging, setTagging] = useState<'tagging' | 'unTagging'>();
  const [remarking, setRemarking] = useState<Follower>();

  const params = {
    appId,
    current: paging.current,
    size: paging.size,
    ...(sort ? { [sort.order === 'ascend' ? 'ascs' : 'descs']: sort.column } : {}),
    ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')),
  };
  const list = useQuery({
    queryKey: [FOLLOWER_KEY, 'page', params],
    queryFn: () => api.get<Page<Follower>>('/weixin/wxuser/page', { params }),
    placeholderData: keepPreviousData,
  });
  const tags = useQuery({ queryKey: ['/weixin/wxusertags', 'options', appId], queryFn: () => listTags(appId) });
  const tagOptions = useMemo(() => (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name })), [tags.data]);
  const tagName = useMemo(() => new Map((tags.data ?? []).map((tag) => [tag.id, tag.name])), [tags.data]);

  const progressKey = [FOLLOWER_KEY, 'sync', appId];
  const progress = useQuery({
    queryKey: progressKey,
    queryFn: async () => {
      const next = await api.get<SyncProgress>('/weixin/wxuser/synchron/progress', { params: { appId } });
      // A sync this page watched has just finished: say how it went and reload.
      const before = queryClient.getQueryData<SyncProgress>(progressKey);
      if (before?.state === 'running' && next.state !== 'running') finished(next);
      return next;
    },
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 800 : false),
  });
  const syncState = progress.data?.state;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [FOLLOWER_KEY, 'page'] });

  function finished(result: SyncProgress) {
    if (result.state === 'done') {
      void message.success(t('wxmp.follower.syncDone', { total: result.done }));
      void queryClient.invalidateQueries({ queryKey: [FOLLOWER_KEY, 'page'] });
      void queryClient.invalidateQueries({ queryKey: ['/weixin/wxusertags'] });
    } else if (result.state === 'failed') {
      void message.error(t('wxmp.follower.syncFailed', { msg: result.message ?? '' }));
    }
  }

  const startSync = () =>
    modal.confirm({
      title: t('wxmp.follower.sync'),
      content: t('wxmp.follower.syncConfirm'),
      okText: t('wxmp.common.ok'),
      cancelText: t('wxmp.common.cancel'),
      onOk: async () => {
        try {
          const started = await api.post<SyncProgress>('/weixin/wxuser/synchron', { appId });
          queryClient.setQueryData(progressKey, started.state === 'running' ? started : { ...started, state: 'running' });
          void queryClient.invalidateQueries({ queryKey: progressKey });
        } catch {
          /* shown by the HTTP client */
        }
      },
    });

  const openTagging = (mode: 'tagging' | 'unTagging') => {
    if (!selected.length) {
      void message.warning(t('wxmp.follower.selectRows'));
      return;
    }
    setTagging(mode);
  };

  const submitSearch = (values: Filters) => {
    setFilters({ nickName: values.nickName?.trim() || undefined, subscribe: values.subscribe, tagId: values.tagId });
    setPaging((p) => ({ ...p, current: 1 }));
  };

  const sortOrder = (column: string) => (sort?.column === column ? sort.order : null);
  const running = syncState === 'running';

  return (
    <Card variant="borderless" title={account.name} data-testid="followers-page">
      <Form form={searchForm} layout="inline" onFinish={submitSearch} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="nickName" label={t('wxmp.follower.nickName')}>
          <Input allowClear maxLength={64} placeholder={t('wxmp.follower.nickName')} />
        </Form.Item>
        <Form.Item name="subscribe" label={t('wxmp.follower.subscribe')}>
          <Select allowClear style={{ width: 140 }} options={['1', '0', '2'].map((v) => ({ value: v, label: t(`wxmp.follower.states.${v}`) }))} />
        </Form.Item>
        <Form.Item name="tagId" label={t('wxmp.follower.tag')}>
          <Select allowClear style={{ width: 160 }} options={tagOptions} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('wxmp.common.search')}
            </Button>
            <Button
              icon={<ClearOutlined />}
              onClick={() => {
                searchForm.resetFields();
                submitSearch({});
              }}
            >
              {t('wxmp.common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          {canSync && (
            <Button type="primary" icon={<SyncOutlined spin={running} />} disabled={running} onClick={startSync} data-testid="sync-followers">
              {t('wxmp.follower.sync')}
            </Button>
          )}
          {canTag && (
            <>
              <Button icon={<TagOutlined />} onClick={() => openTagging('tagging')}>
                {t('wxmp.follower.tagging')}
              </Button>
              <Button icon={<TagsOutlined />} onClick={() => openTagging('unTagging')}>
                {t('wxmp.follower.untagging')}
              </Button>
            </>
          )}
        </Space>
        <Tooltip title={t('wxmp.common.refresh')}>
          <Button shape="circle" icon={<ReloadOutlined />} aria-label={t('wxmp.common.refresh')} onClick={() => void refresh()} />
        </Tooltip>
      </Space>
      {running && (
        <div style={{ marginBottom: 12 }} data-testid="sync-progress">
          <span>{t('wxmp.follower.syncing')}</span>
          <Progress percent={progress.data?.percent ?? 0} status="active" />
        </div>
      )}
      <Table<Follower>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        rowSelection={canTag ? { selectedRowKeys: selected.map((f) => f.id), onChange: (_keys, rows) => setSelected(rows), preserveSelectedRowKeys: true } : undefined}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wxmp.common.empty')} /> }}
        onChange={(pagination, _f, sorter) => {
          const one: SorterResult<Follower> | undefined = Array.isArray(sorter) ? sorter[0] : sorter;
          if (one?.order && one.columnKey) setSort({ column: String(one.columnKey), order: one.order });
          else if (one && !one.order) setSort(undefined);
          setPaging({ current: pagination.current ?? 1, size: pagination.pageSize ?? 10 });
        }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (n) => t('wxmp.common.total', { total: n }),
        }}
        columns={[
          { key: 'headimgUrl', dataIndex: 'headimgUrl', title: t('wxmp.follower.headimgUrl'), render: (v: string | null) => <Avatar src={v || undefined} icon={<UserOutlined />} /> },
          { key: 'nick_name', dataIndex: 'nickName', title: t('wxmp.follower.nickName'), sorter: true, sortOrder: sortOrder('nick_name') },
          {
            key: 'subscribe',
            dataIndex: 'subscribe',
            title: t('wxmp.follower.subscribe'),
            render: (v: string) => <Tag color={STATE_COLORS[v]}>{t(`wxmp.follower.states.${v}`, { defaultValue: v })}</Tag>,
          },
          { key: 'openId', dataIndex: 'openId', title: t('wxmp.follower.openId'), width: 170, ellipsis: { showTitle: true } },
          {
            key: 'subscribeScene',
            dataIndex: 'subscribeScene',
            title: t('wxmp.follower.subscribeScene'),
            render: (v: string | null) => (v ? t(`wxmp.follower.scenes.${v}`, { defaultValue: v }) : ''),
          },
          { key: 'subscribe_time', dataIndex: 'subscribeTime', title: t('wxmp.follower.subscribeTime'), sorter: true, sortOrder: sortOrder('subscribe_time'), render: (v: string | null) => formatDateTime(v) },
          { key: 'language', dataIndex: 'language', title: t('wxmp.follower.language') },
          {
            key: 'tagidList',
            dataIndex: 'tagidList',
            title: t('wxmp.follower.tags'),
            render: (ids: number[]) => ids.map((id) => <Tag key={id} color="blue">{tagName.get(id) ?? id}</Tag>),
          },
          { key: 'remark', dataIndex: 'remark', title: t('wxmp.follower.remark') },
          ...(canRemark
            ? [{
                key: 'actions',
                title: t('wxmp.common.actions'),
                fixed: 'right' as const,
                render: (_: unknown, row: Follower) => (
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setRemarking(row)}>
                    {t('wxmp.follower.editRemark')}
                  </Button>
                ),
              }]
            : []),
        ]}
      />
      {tagging && (
        <TaggingDialog
          appId={appId}
          mode={tagging}
          openIds={selected.map((f) => f.openId)}
          tags={tagOptions}
          onClose={() => setTagging(undefined)}
          onDone={() => {
            setTagging(undefined);
            setSelected([]);
            void refresh();
            void queryClient.invalidateQueries({ queryKey: ['/weixin/wxusertags'] });
          }}
        />
      )}
      {remarking && (
        <RemarkDialog
          follower={remarking}
          onClose={() => setRemarking(undefined)}
          onDone={() => {
            setRemarking(undefined);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}

/** 公众号用户: the selected account's followers, their sync, remarks and tags. */
export default function FollowersPage() {
  const { t } = useTranslation();
  const allowed = usePermission('wxmp:wxuser:index');
  if (!allowed) return <Result status="403" title="403" subTitle={t('resource.forbidden')} />;
  return <AccountLayout>{(account) => <Followers key={account.appId} account={account} />}</AccountLayout>;
}
