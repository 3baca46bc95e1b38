import { useRef, useState, type ReactNode } from 'react';
import { App, Button, Form, Input, Space, Tabs, Typography } from 'antd';
import { CustomerServiceOutlined, DeleteOutlined, FileTextOutlined, FolderOpenOutlined, PictureOutlined, ReadOutlined, SoundOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REPLY_DESC_MAX, REPLY_NAME_MAX, REPLY_URL_MAX, type ReplyType } from '@canteen/contract';
import type { Material, MaterialType } from '../api';
import { MaterialPicker } from './MaterialPicker';
import { MaterialUpload } from './MaterialUpload';
import { NewsPreview, THUMB_SIZE } from './NewsPreview';
import { REPLY_TABS, emptyReply, replyFromMaterial, replyProblems, type Reply, type ReplyPart } from './reply';
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
  /**
   * Show the problem of every part of the current tab (after a send was refused). Otherwise a
   * part's problem shows once it is touched.
   */
  showErrors?: boolean;
  /**
   * The surrounding form item says the reply's problem (its submit failed, see `FormReplyEditor`):
   * the wanting parts turn red, without repeating the message.
   */
  itemError?: boolean;
}

/** The editor as a form item's control: the item's failed submit marks the wanting parts. */
export function FormReplyEditor(props: Omit<ReplyEditorProps, 'itemError'>) {
  const { status } = Form.Item.useStatus();
  return <ReplyEditor {...props} itemError={status === 'error'} />;
}

/** How a part of the reply shows its problem: a red control, and (unless the form item says it) the message. */
interface PartError {
  status?: 'error';
  text?: string;
}

function ErrorText({ error, testId }: { error: PartError; testId?: string }) {
  return error.text ? (
    <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={testId}>
      {error.text}
    </Typography.Text>
  ) : null;
}

const ICONS: Record<ReplyType, ReactNode> = {
  text: <FileTextOutlined />,
  image: <PictureOutlined />,
  voice: <SoundOutlined />,
  video: <VideoCameraOutlined />,
  news: <ReadOutlined />,
  music: <CustomerServiceOutlined />,
};

function UrlInput({ value, onChange, onBlur, error, placeholder, testId }: {
  value?: string;
  onChange: (v: string) => void;
  onBlur: () => void;
  error: PartError;
  placeholder: string;
  testId: string;
}) {
  return (
    <div>
      <Input
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        placeholder={placeholder}
        maxLength={REPLY_URL_MAX}
        status={error.status}
        data-testid={testId}
      />
      <ErrorText error={error} />
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

export function ReplyEditor({ appId, value, onChange, oneNews = false, types = REPLY_TABS, showErrors = false, itemError: formError = false }: ReplyEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [inner, setInner] = useState<Reply>(() => value ?? emptyReply(types[0]));
  const reply = value ?? inner;
  // The parts the operator has changed or left, per tab: their problems show from then on.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const touch = (part: ReplyPart) => {
    const key = `${reply.repType}.${part}`;
    if (!touched.has(key)) setTouched(new Set(touched).add(key));
  };
  const problems = replyProblems(reply);
  const errorOf = (part: ReplyPart): PartError => {
    const problem = problems[part];
    if (!problem) return {};
    const seen = touched.has(`${reply.repType}.${part}`) || showErrors;
    return { status: seen || formError ? 'error' : undefined, text: seen && !formError ? problem : undefined };
  };
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

  /** 素材库选择: the same antd button wherever the editor offers the library. */
  const libraryButton = (type: MaterialType, testId: string, error: PartError = {}) => (
    <Button icon={<FolderOpenOutlined />} danger={error.status === 'error'} onClick={() => setPicking(type)} data-testid={testId}>
      {t('wxmp.reply.fromLibrary')}
    </Button>
  );
  const chooseButtons = (type: MaterialType, uploadType?: 'image' | 'voice') => (
    <Space direction="vertical" size={4}>
      <Space wrap>
        {libraryButton(type, `reply-pick-${type}`, errorOf('material'))}
        {uploadType && <MaterialUpload appId={appId} type={uploadType} onUploaded={picked} />}
      </Space>
      <ErrorText error={errorOf('material')} testId="reply-error-material" />
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
          <>
            <Input.TextArea
              rows={5}
              maxLength={600}
              showCount
              value={reply.repContent ?? ''}
              placeholder={t('wxmp.reply.textPlaceholder')}
              status={errorOf('repContent').status}
              onChange={(e) => {
                touch('repContent');
                patch({ repContent: e.target.value });
              }}
              onBlur={() => touch('repContent')}
              data-testid="reply-text"
            />
            <ErrorText error={errorOf('repContent')} testId="reply-error-text" />
          </>
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
            <div style={{ width: 140, textAlign: 'center' }}>
              <div
                style={{
                  width: 100, height: 100, margin: '0 auto 8px', display: 'flex', alignItems: 'center', justifyContent: 'center',
                  border: `1px dashed ${errorOf('thumb').status ? 'var(--ant-color-error, #ff4d4f)' : '#d9d9d9'}`,
                }}
              >
                {reply.repThumbUrl ? <img src={reply.repThumbUrl} alt="" style={{ maxWidth: 100, maxHeight: 100 }} data-testid="reply-music-thumb" /> : <Typography.Text type="secondary">{t('wxmp.reply.thumb')}</Typography.Text>}
              </div>
              <Space direction="vertical" size={4}>
                {libraryButton('image', 'reply-pick-thumb', errorOf('thumb'))}
                <MaterialUpload appId={appId} type="image" onUploaded={picked} />
                <ErrorText error={errorOf('thumb')} testId="reply-error-thumb" />
              </Space>
            </div>
            <Space direction="vertical" style={{ flex: 1, minWidth: 240 }}>
              <TitleAndDescription kind="music" reply={reply} patch={patch} />
              <UrlInput
                value={reply.repUrl}
                onChange={(v) => {
                  touch('repUrl');
                  patch({ repUrl: v });
                }}
                onBlur={() => touch('repUrl')}
                error={errorOf('repUrl')}
                placeholder={t('wxmp.reply.musicUrl')}
                testId="reply-music-url"
              />
              <UrlInput
                value={reply.repHqUrl}
                onChange={(v) => {
                  touch('repHqUrl');
                  patch({ repHqUrl: v });
                }}
                onBlur={() => touch('repHqUrl')}
                error={errorOf('repHqUrl')}
                placeholder={t('wxmp.reply.hqUrl')}
                testId="reply-music-hq"
              />
            </Space>
          </div>
        );
    }
  };

  return (
    <div className="wxmp-reply-editor" data-testid="reply-editor">
      {/* The parts show their own state: a form item's error does not turn every input inside red. */}
      <Form.Item noStyle validateStatus="">
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
      </Form.Item>
      {picking && (
        <MaterialPicker open appId={appId} type={picking} onSelect={picked} onClose={() => setPicking(undefined)} />
      )}
    </div>
  );
}
