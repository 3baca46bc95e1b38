import { useRef, useState, type ReactNode } from 'react';
import { App, Button, Input, Space, Tabs, Typography } from 'antd';
import { CustomerServiceOutlined, DeleteOutlined, FileTextOutlined, FolderOpenOutlined, PictureOutlined, ReadOutlined, SoundOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REPLY_DESC_MAX, REPLY_NAME_MAX, REPLY_URL_MAX, validateUrl, type ReplyType } from '@canteen/contract';
import { validationText } from '../../../shared/resource';
import type { Material, MaterialType } from '../api';
import { MaterialPicker } from './MaterialPicker';
import { MaterialUpload } from './MaterialUpload';
import { NewsPreview, THUMB_SIZE } from './NewsPreview';
import { REPLY_TABS, emptyReply, replyFromMaterial, type Reply } from './reply';
import '../messages';

export interface ReplyEditorProps {
  /** The account the materials come from. */
  appId: string;
  /** Controlled value (works as an antd `Form.Item` control); without it the editor keeps its own. */
  value?: Reply;
  onChange?: (reply: Reply) => void;
  /** Keep only the first article of a picked news item, and say so (passive and sent replies). */
  oneNews?: boolean;
  /** The tabs offered (default all six). */
  types?: readonly ReplyType[];
}

const ICONS: Record<ReplyType, ReactNode> = {
  text: <FileTextOutlined />,
  image: <PictureOutlined />,
  voice: <SoundOutlined />,
  video: <VideoCameraOutlined />,
  news: <ReadOutlined />,
  music: <CustomerServiceOutlined />,
};

function UrlInput({ value, onChange, placeholder, testId }: { value?: string; onChange: (v: string) => void; placeholder: string; testId: string }) {
  const problem = value ? validateUrl(value) : null;
  return (
    <div>
      <Input
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={REPLY_URL_MAX}
        status={problem ? 'error' : undefined}
        data-testid={testId}
      />
      {problem && <Typography.Text type="danger" style={{ fontSize: 12 }}>{validationText(problem)}</Typography.Text>}
    </div>
  );
}

/**
 * The reply editor: tabs text, image, voice, video, news and music. Each tab remembers what was
 * chosen in it while the operator switches tabs; `onChange` always gets the current tab's reply.
 * Materials come from the material picker or, for image and voice, a new upload.
 */
/** A video's or music's title and description, within the server's limits. */
function TitleAndDescription({ kind, reply, patch }: { kind: 'video' | 'music'; reply: Reply; patch: (fields: Partial<Reply>) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Input value={reply.repName ?? ''} placeholder={t(`wxmp.reply.${kind}Title`)} maxLength={REPLY_NAME_MAX} onChange={(e) => patch({ repName: e.target.value })} data-testid={`reply-${kind}-title`} />
      <Input.TextArea
        rows={2}
        value={reply.repDesc ?? ''}
        placeholder={t(`wxmp.reply.${kind}Desc`)}
        maxLength={REPLY_DESC_MAX}
        showCount
        style={{ marginBottom: 18 }} // the count sits below the box
        onChange={(e) => patch({ repDesc: e.target.value })}
        data-testid={`reply-${kind}-desc`}
      />
    </>
  );
}

export function ReplyEditor({ appId, value, onChange, oneNews = false, types = REPLY_TABS }: ReplyEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [inner, setInner] = useState<Reply>(() => value ?? emptyReply(types[0]));
  const reply = value ?? inner;
  // What each tab held when the operator left it.
  const memory = useRef<Partial<Record<ReplyType, Reply>>>({});
  const [picking, setPicking] = useState<MaterialType>();

  const emit = (next: Reply) => {
    memory.current[next.repType] = next;
    setInner(next);
    onChange?.(next);
  };
  const patch = (fields: Partial<Reply>) => emit({ ...reply, ...fields });
  const switchTo = (type: ReplyType) => {
    if (type === reply.repType) return;
    memory.current[reply.repType] = reply;
    emit(memory.current[type] ?? emptyReply(type));
  };
  const picked = (material: Material) => {
    setPicking(undefined);
    if (reply.repType === 'news' && oneNews && (material.content?.articles.length ?? 0) > 1) void message.warning(t('wxmp.reply.oneNewsOnly'));
    emit(replyFromMaterial(reply.repType, material, reply, oneNews));
  };

  const chooseButtons = (type: MaterialType, uploadType?: 'image' | 'voice') => (
    <Space wrap>
      <Button icon={<FolderOpenOutlined />} onClick={() => setPicking(type)} data-testid={`reply-pick-${type}`}>
        {t('wxmp.reply.fromLibrary')}
      </Button>
      {uploadType && <MaterialUpload appId={appId} type={uploadType} onUploaded={picked} />}
    </Space>
  );
  const removeButton = (fields: Partial<Reply>) => (
    <Button size="small" danger icon={<DeleteOutlined />} onClick={() => patch(fields)}>
      {t('wxmp.reply.remove')}
    </Button>
  );
  const cleared = { repMediaId: undefined, repName: undefined, repUrl: undefined };

  const panel = (type: ReplyType): ReactNode => {
    if (type !== reply.repType) return null;
    switch (type) {
      case 'text':
        return (
          <Input.TextArea
            rows={5}
            maxLength={600}
            showCount
            value={reply.repContent ?? ''}
            placeholder={t('wxmp.reply.textPlaceholder')}
            onChange={(e) => patch({ repContent: e.target.value })}
            data-testid="reply-text"
          />
        );
      case 'image':
        return reply.repMediaId ? (
          <Space direction="vertical" data-testid="reply-chosen">
            {reply.repUrl && <img src={reply.repUrl} alt={reply.repName ?? ''} style={{ height: THUMB_SIZE, maxWidth: 300, objectFit: 'contain' }} />}
            <Typography.Text>{reply.repName}</Typography.Text>
            {removeButton(cleared)}
          </Space>
        ) : (
          chooseButtons('image', 'image')
        );
      case 'voice':
        return reply.repMediaId ? (
          <Space direction="vertical" data-testid="reply-chosen">
            <Typography.Text>{reply.repName}</Typography.Text>
            {reply.repUrl && <audio controls preload="none" src={reply.repUrl} style={{ height: 32 }} />}
            {removeButton(cleared)}
          </Space>
        ) : (
          chooseButtons('voice', 'voice')
        );
      case 'video':
        return (
          <Space direction="vertical" style={{ width: '100%' }}>
            <TitleAndDescription kind="video" reply={reply} patch={patch} />
            {reply.repMediaId ? (
              <Space data-testid="reply-chosen">
                <VideoCameraOutlined />
                <Typography.Text>{reply.repMediaId}</Typography.Text>
                {removeButton({ repMediaId: undefined, repUrl: undefined })}
              </Space>
            ) : (
              chooseButtons('video')
            )}
          </Space>
        );
      case 'news':
        // A stored news reply has its articles only (the server keeps no media id for news).
        return reply.content?.articles.length ? (
          <Space direction="vertical" data-testid="reply-chosen">
            <NewsPreview articles={reply.content?.articles ?? []} />
            {removeButton({ repMediaId: undefined, repName: undefined, content: null })}
          </Space>
        ) : (
          chooseButtons('news')
        );
      case 'music':
        return (
          <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <div style={{ width: 120, textAlign: 'center' }}>
              <div style={{ width: 100, height: 100, margin: '0 auto 8px', border: '1px dashed #d9d9d9', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                {reply.repThumbUrl ? <img src={reply.repThumbUrl} alt="" style={{ maxWidth: 100, maxHeight: 100 }} data-testid="reply-music-thumb" /> : <Typography.Text type="secondary">{t('wxmp.reply.thumb')}</Typography.Text>}
              </div>
              <Space direction="vertical" size={4}>
                <Button size="small" onClick={() => setPicking('image')} data-testid="reply-pick-thumb">
                  {t('wxmp.reply.fromLibrary')}
                </Button>
                <MaterialUpload appId={appId} type="image" onUploaded={picked} />
              </Space>
            </div>
            <Space direction="vertical" style={{ flex: 1, minWidth: 240 }}>
              <TitleAndDescription kind="music" reply={reply} patch={patch} />
              <UrlInput value={reply.repUrl} onChange={(v) => patch({ repUrl: v })} placeholder={t('wxmp.reply.musicUrl')} testId="reply-music-url" />
              <UrlInput value={reply.repHqUrl} onChange={(v) => patch({ repHqUrl: v })} placeholder={t('wxmp.reply.hqUrl')} testId="reply-music-hq" />
            </Space>
          </div>
        );
    }
  };

  return (
    <div className="wxmp-reply-editor" data-testid="reply-editor">
      <Tabs
        type="card"
        activeKey={reply.repType}
        onChange={(key) => switchTo(key as ReplyType)}
        items={types.map((type) => ({
          key: type,
          label: (
            <span>
              {ICONS[type]} {t(`wxmp.reply.${type}`)}
            </span>
          ),
          children: <div style={{ minHeight: 120 }}>{panel(type)}</div>,
        }))}
      />
      {picking && (
        <MaterialPicker open appId={appId} type={picking} onSelect={picked} onClose={() => setPicking(undefined)} />
      )}
    </div>
  );
}
