import { useCallback, useMemo, useState } from 'react';
import { App, Avatar, Input, Modal, Select, Tag } from 'antd';
import { EditOutlined, SyncOutlined, TagOutlined, TagsOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/http/client';
import { formatDateTime, ResourcePage, type ActionContext, type ResourceDef } from '../../../shared/resource';
import { usePermission } from '../../../shared/session/session';
import { listTags, type Account, type Follower } from '../api';
import { AccountLayout } from '../components/AccountTree';
import { SyncProgressBar, useSyncProgress, type SyncKind } from '../components/SyncProgress';
import '../messages';

const FOLLOWER_KEY = '/weixin/wxuser';
const FOLLOWER_SYNC: SyncKind = { start: '/weixin/wxuser/synchron', progress: '/weixin/wxuser/synchron/progress', texts: 'wxmp.follower' };
const STATE_COLORS: Record<string, string> = { '1': 'green', '0': 'red', '2': 'blue' };

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
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const appId = account.appId;
  const [tagging, setTagging] = useState<{ mode: 'tagging' | 'unTagging'; ctx: ActionContext<Follower> }>();
  const [remarking, setRemarking] = useState<Follower>();

  const tags = useQuery({ queryKey: ['/weixin/wxusertags', 'options', appId], queryFn: () => listTags(appId) });
  const tagOptions = useMemo(() => (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name })), [tags.data]);
  const tagName = useMemo(() => new Map((tags.data ?? []).map((tag) => [tag.id, tag.name])), [tags.data]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: [FOLLOWER_KEY, 'list'] });
  // The server starts an account's first sync when its followers are first listed (as 素材管理
  // does): the progress is asked once the first page is on screen, and watched while it runs.
  const [listedAt, setListedAt] = useState<number>();
  const onListed = useCallback((at: number) => setListedAt((first) => first ?? at), []);
  const sync = useSyncProgress(FOLLOWER_SYNC, appId, {
    enabled: listedAt !== undefined,
    shownSince: listedAt,
    onDone: () => {
      void refresh();
      void queryClient.invalidateQueries({ queryKey: ['/weixin/wxusertags'] });
    },
  });
  const { running, start: startSync } = sync;
  const canSync = usePermission('wxmp:wxuser:synchro');

  const def = useMemo<ResourceDef<Follower>>(() => {
    const openTagging = (mode: 'tagging' | 'unTagging', ctx: ActionContext<Follower>) => {
      if (!ctx.selected.length) {
        void message.warning(t('wxmp.follower.selectRows'));
        return;
      }
      setTagging({ mode, ctx });
    };
    return {
      base: FOLLOWER_KEY,
      selection: { permission: 'wxmp:wxuser:tagging' },
      defaultSort: { key: 'subscribeTime', order: 'descend' },
      search: [
        {
          name: 'nickName',
          label: 'wxmp.follower.nickName',
          type: 'custom',
          render: ({ value, onChange, id }) => (
            <Input id={id} allowClear maxLength={64} placeholder={t('wxmp.follower.nickName')} value={value as string | undefined} onChange={(e) => onChange(e.target.value)} />
          ),
        },
        {
          name: 'subscribe',
          label: 'wxmp.follower.subscribe',
          type: 'custom',
          render: ({ value, onChange, id }) => (
            <Select id={id} allowClear style={{ width: 140 }} options={['1', '0', '2'].map((v) => ({ value: v, label: t(`wxmp.follower.states.${v}`) }))} value={value as string | undefined} onChange={onChange} />
          ),
        },
        {
          name: 'tagId',
          label: 'wxmp.follower.tag',
          type: 'custom',
          render: ({ value, onChange, id }) => (
            <Select id={id} allowClear style={{ width: 160 }} options={tagOptions} value={value as number | undefined} onChange={onChange} />
          ),
        },
      ],
      toolbar: [
        { key: 'sync', label: 'wxmp.follower.sync', primary: true, icon: <SyncOutlined spin={running} />, disabled: running, testId: 'sync-followers', permission: 'wxmp:wxuser:synchro', onClick: startSync },
        { key: 'tagging', label: 'wxmp.follower.tagging', icon: <TagOutlined />, permission: 'wxmp:wxuser:tagging', onClick: (ctx) => openTagging('tagging', ctx) },
        { key: 'unTagging', label: 'wxmp.follower.untagging', icon: <TagsOutlined />, permission: 'wxmp:wxuser:tagging', onClick: (ctx) => openTagging('unTagging', ctx) },
      ],
      columns: [
        { key: 'headimgUrl', label: 'wxmp.follower.headimgUrl', render: (v) => <Avatar src={(v as string | null) || undefined} icon={<UserOutlined />} /> },
        { key: 'nickName', label: 'wxmp.follower.nickName', sortable: 'nick_name' },
        {
          key: 'subscribe',
          label: 'wxmp.follower.subscribe',
          render: (v) => <Tag color={STATE_COLORS[v as string]}>{t(`wxmp.follower.states.${v as string}`, { defaultValue: v as string })}</Tag>,
        },
        { key: 'openId', label: 'wxmp.follower.openId', width: 170, ellipsis: true },
        { key: 'subscribeScene', label: 'wxmp.follower.subscribeScene', render: (v) => (v ? t(`wxmp.follower.scenes.${v as string}`, { defaultValue: v as string }) : '') },
        { key: 'subscribeTime', label: 'wxmp.follower.subscribeTime', sortable: 'subscribe_time', render: (v) => formatDateTime(v) },
        { key: 'language', label: 'wxmp.follower.language' },
        { key: 'tagidList', label: 'wxmp.follower.tags', render: (ids) => (ids as number[]).map((id) => <Tag key={id} color="blue">{tagName.get(id) ?? id}</Tag>) },
        { key: 'remark', label: 'wxmp.follower.remark' },
      ],
      rowActions: [
        { key: 'remark', label: 'wxmp.follower.editRemark', icon: <EditOutlined />, permission: 'wxmp:wxuser:edit:remark', onClick: (row) => setRemarking(row) },
      ],
    };
  }, [t, message, startSync, running, tagOptions, tagName]);

  const query = useMemo(() => ({ appId }), [appId]);

  return (
    <>
      <ResourcePage<Follower>
        def={def}
        query={query}
        title={account.name}
        testId="followers-page"
        onListed={onListed}
        beforeTable={<SyncProgressBar sync={sync} canSync={canSync} />}
      />
      {tagging && (
        <TaggingDialog
          appId={appId}
          mode={tagging.mode}
          openIds={tagging.ctx.selected.map((f) => f.openId)}
          tags={tagOptions}
          onClose={() => setTagging(undefined)}
          onDone={() => {
            const { ctx } = tagging;
            setTagging(undefined);
            ctx.clearSelection();
            void ctx.refresh();
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
    </>
  );
}

/** 公众号用户: the selected account's followers, their sync, remarks and tags. */
export default function FollowersPage() {
  return <AccountLayout>{(account) => <Followers key={account.appId} account={account} />}</AccountLayout>;
}
