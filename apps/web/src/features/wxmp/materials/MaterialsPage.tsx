import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Empty, Modal, Popconfirm, Space, Table, Tabs } from 'antd';
import { PlusOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MATERIAL_PAGE_SIZE } from '@canteen/contract';
import { formatDateTime } from '../../../shared/resource';
import { useAction } from '../../../shared/http/useAction';
import { usePermission } from '../../../shared/session/session';
import { deleteMaterial, downloadMaterial, materialPage, videoDetail, type Material, type MaterialType, type VideoDetail } from '../api';
import { AccountLayout } from '../components/AccountTree';
import { MaterialUpload } from '../components/MaterialUpload';
import { MaterialPager, MaterialWall } from '../components/MaterialWall';
import { SyncProgressBar, useSyncProgress, type SyncKind } from '../components/SyncProgress';
import { NewsEditor } from './NewsEditor';
import { wxmpKeys } from '../queryKeys';
import { VideoUpload } from './VideoUpload';
import '../messages';

const TYPES: MaterialType[] = ['image', 'voice', 'video', 'news'];
const MATERIAL_SYNC: SyncKind = { start: '/weixin/wxmaterial/synchron', progress: '/weixin/wxmaterial/synchron/progress', texts: 'wxmp.material' };

/**
 * One tab: its own paging (20 a page, 10 or 20), upload or create, and the rows' buttons;
 * `onListed` hears when its list on screen was read.
 */
function MaterialTab({ appId, type, onListed }: { appId: string; type: MaterialType; onListed: (at: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canAdd = usePermission('wxmp:wxmaterial:add');
  const canGet = usePermission('wxmp:wxmaterial:get');
  const canEdit = usePermission('wxmp:wxmaterial:edit');
  const canDel = usePermission('wxmp:wxmaterial:del');
  const [paging, setPaging] = useState({ current: 1, size: MATERIAL_PAGE_SIZE });
  const [editing, setEditing] = useState<{ material?: Material }>();
  const [creatingVideo, setCreatingVideo] = useState(false);
  const [video, setVideo] = useState<VideoDetail>();
  const params = { appId, type, current: paging.current, size: paging.size };
  const page = useQuery({ queryKey: wxmpKeys.materials.page(params), queryFn: () => materialPage(params), placeholderData: keepPreviousData });
  const items = page.data?.items ?? [];
  const listed = page.isSuccess && !page.isPlaceholderData;
  useEffect(() => {
    if (listed) onListed(page.dataUpdatedAt);
  }, [listed, page.dataUpdatedAt, onListed]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: wxmpKeys.materials.root });

  const remove = useAction({
    run: (material: Material) => deleteMaterial(appId, material.mediaId),
    success: 'wxmp.common.deleted',
    invalidates: [wxmpKeys.materials.root],
  });
  const download = (material: Material) => downloadMaterial(appId, material).catch(() => undefined);
  const showVideo = useAction({ run: (material: Material) => videoDetail(appId, material.mediaId), onSuccess: (detail) => setVideo(detail) });

  const actions = (material: Material) => (
    <Space size={0} wrap>
      {type === 'video' && canGet && (
        <Button type="link" size="small" onClick={() => void showVideo.run(material)}>
          {t('wxmp.common.view')}
        </Button>
      )}
      {(type === 'image' || type === 'voice') && canGet && (
        <Button type="link" size="small" onClick={() => void download(material)}>
          {t('wxmp.common.download')}
        </Button>
      )}
      {type === 'news' && canEdit && (
        <Button type="link" size="small" onClick={() => setEditing({ material })}>
          {t('wxmp.common.edit')}
        </Button>
      )}
      {canDel && (
        <Popconfirm title={t('wxmp.common.confirmDelete')} okText={t('wxmp.common.ok')} cancelText={t('wxmp.common.cancel')} onConfirm={() => remove.run(material)}>
          <Button type="link" size="small" danger>
            {t('wxmp.common.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  const toolbar = (
    <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>
        {type === 'image' && <MaterialUpload appId={appId} type="image" label={t('wxmp.material.uploadImage')} hint={t('wxmp.material.imageHint')} onUploaded={() => void refresh()} />}
        {type === 'voice' && <MaterialUpload appId={appId} type="voice" label={t('wxmp.material.uploadVoice')} hint={t('wxmp.material.voiceHint')} onUploaded={() => void refresh()} />}
        {type === 'video' && canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreatingVideo(true)}>
            {t('wxmp.material.newVideo')}
          </Button>
        )}
        {type === 'news' && canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="news-create">
            {t('wxmp.material.addNews')}
          </Button>
        )}
      </Space>
      <Button shape="circle" icon={<ReloadOutlined />} aria-label={t('wxmp.common.refresh')} onClick={() => void refresh()} />
    </Space>
  );

  const wall = type === 'image' || type === 'news';
  return (
    <div data-testid={`material-tab-${type}`}>
      {toolbar}
      {wall ? (
        <MaterialWall items={items} actions={actions} />
      ) : (
        <Table<Material>
          rowKey="mediaId"
          size="middle"
          loading={page.isFetching}
          dataSource={items}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wxmp.common.empty')} /> }}
          columns={[
            ...(type === 'video'
              ? [
                  { key: 'title', dataIndex: 'title', title: t('wxmp.material.videoTitle') },
                  { key: 'introduction', dataIndex: 'introduction', title: t('wxmp.material.videoIntro'), ellipsis: true },
                ]
              : [
                  { key: 'name', dataIndex: 'name', title: t('wxmp.common.name') },
                  {
                    key: 'play',
                    title: t('wxmp.material.play'),
                    render: (_: unknown, row: Material) => row.url && <audio controls preload="none" src={row.url} style={{ height: 30, width: 240 }} />,
                  },
                ]),
            { key: 'mediaId', dataIndex: 'mediaId', title: t('wxmp.common.mediaId') },
            { key: 'updateTime', dataIndex: 'updateTime', title: t('wxmp.common.updateTime'), render: (v: string | null) => formatDateTime(v) },
            { key: 'actions', title: t('wxmp.common.actions'), render: (_: unknown, row: Material) => actions(row) },
          ]}
        />
      )}
      <MaterialPager
        current={paging.current}
        size={paging.size}
        total={page.data?.totalCount ?? 0}
        onChange={(current, size) => setPaging({ current: size === paging.size ? current : 1, size })}
      />
      {editing && (
        <NewsEditor
          appId={appId}
          material={editing.material}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void refresh();
          }}
        />
      )}
      {creatingVideo && (
        <VideoUpload
          appId={appId}
          onClose={() => setCreatingVideo(false)}
          onUploaded={() => {
            setCreatingVideo(false);
            void refresh();
          }}
        />
      )}
      <Modal open={video !== undefined} title={t('wxmp.material.detail')} footer={null} onCancel={() => setVideo(undefined)} width={640} destroyOnHidden>
        {video && (
          <Descriptions column={1} size="small" bordered data-testid="video-detail">
            <Descriptions.Item label={t('wxmp.material.videoTitle')}>{video.title}</Descriptions.Item>
            <Descriptions.Item label={t('wxmp.material.description')}>{video.description}</Descriptions.Item>
            <Descriptions.Item label={t('wxmp.material.downUrl')}>
              <a href={video.downUrl} target="_blank" rel="noreferrer">
                {video.downUrl}
              </a>
            </Descriptions.Item>
            <Descriptions.Item label={t('wxmp.material.play')}>
              <video src={video.downUrl} controls style={{ width: '100%', aspectRatio: '4 / 3', background: '#000' }} />
            </Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </div>
  );
}

/**
 * One account's materials: the four tabs and the sync of the platform's materials into the local
 * mirror. The server starts that sync the first time the account's materials are listed, so the
 * progress is asked once the first list is on screen, and watched while it runs; when it is done,
 * every list of the account is read again.
 */
function Materials({ appId, tab, onTab }: { appId: string; tab: MaterialType; onTab: (tab: MaterialType) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canAdd = usePermission('wxmp:wxmaterial:add');
  const [listedAt, setListedAt] = useState<number>();
  const onListed = useCallback((at: number) => setListedAt((first) => first ?? at), []);
  const sync = useSyncProgress(MATERIAL_SYNC, appId, {
    enabled: listedAt !== undefined,
    shownSince: listedAt,
    onDone: () => void queryClient.invalidateQueries({ queryKey: wxmpKeys.materials.root }),
  });
  return (
    <Card variant="borderless" data-testid="materials-page">
      <SyncProgressBar sync={sync} canSync={canAdd} />
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as MaterialType)}
        destroyOnHidden
        tabBarExtraContent={
          canAdd && (
            <Button icon={<SyncOutlined spin={sync.running} />} disabled={sync.running} onClick={sync.start} data-testid="sync-materials">
              {t('wxmp.material.sync')}
            </Button>
          )
        }
        items={TYPES.map((type) => ({ key: type, label: t(`wxmp.material.${type}`), children: <MaterialTab appId={appId} type={type} onListed={onListed} /> }))}
      />
    </Card>
  );
}

/** 素材管理: image, voice, video and news materials of the selected account. */
export default function MaterialsPage() {
  const [tab, setTab] = useState<MaterialType>('image');
  return <AccountLayout>{(account) => <Materials key={account.appId} appId={account.appId} tab={tab} onTab={setTab} />}</AccountLayout>;
}
