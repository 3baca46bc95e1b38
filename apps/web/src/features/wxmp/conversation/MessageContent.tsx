import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Image, Modal, Space, Spin, Tag, Typography } from 'antd';
import { CustomerServiceOutlined, EnvironmentOutlined, LinkOutlined, LoadingOutlined, PauseCircleOutlined, PlayCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NewsPreview, THUMB_SIZE } from '../components/NewsPreview';
import { mediaBlob, messageMedia } from './api';
import { loadClip, type VoiceClip } from './audio';
import { usePublicSettings } from '../../../shared/settings/public-settings';
import { articlesOf, isExpired, MAP_SIZE, mapLinkUrl, staticMapUrl, type ConversationMessage } from './history';
import '../messages';

export interface MessageContentProps {
  message: ConversationMessage;
  /** The maps key (default: the server's `MAP_KEY`, from its public settings); without one a location shows its label and coordinates only. */
  mapKey?: string;
  /** The time expiry is judged against (default now). */
  now?: number;
}

const EVENT_COLORS: Record<string, string> = { subscribe: 'green', unsubscribe: 'red', CLICK: 'blue', VIEW: 'cyan', scancode_waitmsg: 'purple' };

/** Voice: click to play, click again to stop; the file is fetched and decoded on the first play. */
function VoiceMessage({ message, now }: { message: ConversationMessage; now?: number }) {
  const { t } = useTranslation();
  const clip = useRef<VoiceClip | undefined>(undefined);
  const [state, setState] = useState<'idle' | 'loading' | 'playing' | 'failed'>('idle');
  const [duration, setDuration] = useState(0);
  useEffect(() => () => clip.current?.destroy(), []);

  if (isExpired(message, now)) {
    return (
      <Typography.Text type="secondary" data-testid="voice-expired">
        <SoundOutlined /> {t('wxmp.conversation.voiceExpired')}
      </Typography.Text>
    );
  }

  const toggle = async () => {
    if (state === 'loading') return;
    if (state === 'playing') {
      clip.current?.stop();
      setState('idle');
      return;
    }
    try {
      if (!clip.current) {
        setState('loading');
        const loaded = await loadClip(await messageMedia(message));
        loaded.onEnded(() => setState((s) => (s === 'playing' ? 'idle' : s)));
        clip.current = loaded;
        setDuration(loaded.duration());
      }
      setState('playing');
      await clip.current.play();
    } catch {
      setState('failed');
    }
  };

  const playing = state === 'playing';
  return (
    <Space orientation="vertical" size={2} data-testid="voice-message" data-state={state}>
      <Button
        size="small"
        icon={state === 'loading' ? <LoadingOutlined /> : playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
        onClick={() => void toggle()}
        aria-label={t(playing ? 'wxmp.conversation.stopVoice' : 'wxmp.conversation.playVoice')}
        data-testid="voice-toggle"
      >
        <SoundOutlined />
        {duration > 0 ? t('wxmp.conversation.seconds', { n: Math.round(duration) }) : null}
      </Button>
      {state === 'failed' && <Typography.Text type="danger">{t('wxmp.conversation.voiceCannotPlay')}</Typography.Text>}
      {message.repContent && <Typography.Text type="secondary">{message.repContent}</Typography.Text>}
    </Space>
  );
}

/** The video player of the 'video playing' dialog, 4:3; a failure says to try later. */
function VideoPlayer({ message }: { message: ConversationMessage }) {
  const { t } = useTranslation();
  const direct = message.type === '2' && message.repUrl ? message.repUrl : undefined;
  const [src, setSrc] = useState<string | undefined>(direct);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (direct) return;
    let url: string | undefined;
    let gone = false;
    messageMedia(message)
      .then((blob) => {
        if (gone) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [direct, message]);
  return (
    <div data-testid="video-player" style={{ width: '100%', aspectRatio: '4 / 3', background: '#000', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {failed ? (
        <Typography.Text style={{ color: '#fff' }} data-testid="video-failed">
          {t('wxmp.conversation.videoCannotPlay')}
        </Typography.Text>
      ) : src ? (
        <video src={src} controls autoPlay playsInline style={{ width: '100%', height: '100%' }} onError={() => setFailed(true)} />
      ) : (
        <Spin />
      )}
    </div>
  );
}

/** Video: a play button that opens the 'video playing' dialog; a follower's video expires after 3 days. */
function VideoMessage({ message, now }: { message: ConversationMessage; now?: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (isExpired(message, now)) {
    return (
      <Typography.Text type="secondary" data-testid="video-expired">
        {t('wxmp.conversation.videoExpired')}
      </Typography.Text>
    );
  }
  return (
    <>
      <Space orientation="vertical" size={2}>
        <Button icon={<PlayCircleOutlined />} onClick={() => setOpen(true)} data-testid="video-open">
          {message.repType === 'shortvideo' ? t('wxmp.conversation.shortvideo') : t('wxmp.conversation.playVideo')}
        </Button>
        {message.repName && message.type === '2' && <Typography.Text strong>{message.repName}</Typography.Text>}
        {message.repDesc && message.type === '2' && <Typography.Text type="secondary">{message.repDesc}</Typography.Text>}
      </Space>
      <Modal open={open} title={t('wxmp.conversation.videoPlaying')} footer={null} width={640} onCancel={() => setOpen(false)} destroyOnHidden>
        {open && <VideoPlayer message={message} />}
      </Modal>
    </>
  );
}

/** An image: a 100px thumbnail that opens large. */
function ImageMessage({ message }: { message: ConversationMessage }) {
  const stored = message.mediaUrl || message.repUrl || undefined;
  const [src, setSrc] = useState<string | undefined>(stored);
  useEffect(() => {
    if (stored || !message.repMediaId) return;
    let url: string | undefined;
    let gone = false;
    mediaBlob(message.appId, message.repMediaId, message.type === '1' ? 'temporary' : 'permanent')
      .then((blob) => {
        if (gone) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [stored, message.appId, message.repMediaId, message.type]);
  if (!src) return <div style={{ width: THUMB_SIZE, height: THUMB_SIZE, background: '#eee' }} data-testid="image-message" />;
  return <Image src={src} height={THUMB_SIZE} style={{ maxWidth: 300, objectFit: 'contain' }} alt={message.repName ?? ''} data-testid="image-message" />;
}

function LocationMessage({ message, mapKey: given }: { message: ConversationMessage; mapKey?: string }) {
  const { t } = useTranslation();
  // The runtime setting: a key set on the server shows maps without rebuilding the app.
  const configured = usePublicSettings().data?.mapKey;
  const mapKey = given ?? configured;
  const lat = message.repLocationX;
  const lng = message.repLocationY;
  const label = message.repContent ?? '';
  const known = typeof lat === 'number' && typeof lng === 'number';
  return (
    <Space orientation="vertical" size={4} data-testid="location-message">
      <Typography.Text>
        <EnvironmentOutlined /> {label || t('wxmp.conversation.location')}
      </Typography.Text>
      {known && <Typography.Text type="secondary">{t('wxmp.conversation.coordinates', { latitude: lat, longitude: lng })}</Typography.Text>}
      {known && mapKey && (
        <a href={mapLinkUrl(lat, lng, label, mapKey)} target="_blank" rel="noreferrer" data-testid="location-map">
          <img src={staticMapUrl(lat, lng, mapKey)} width={MAP_SIZE.width} height={MAP_SIZE.height} alt={label} style={{ display: 'block' }} />
          {t('wxmp.conversation.openMap')}
        </a>
      )}
    </Space>
  );
}

function EventMessage({ message }: { message: ConversationMessage }) {
  const { t } = useTranslation();
  const event = message.repEvent ?? '';
  const detail = event === 'CLICK' ? message.repName : event === 'VIEW' ? message.repUrl : event === 'scancode_waitmsg' || event === 'scancode_push' ? message.repContent : null;
  return (
    <span data-testid="event-message" data-event={event}>
      <Tag color={EVENT_COLORS[event]}>{t(`wxmp.conversation.events.${event}`, { defaultValue: event || 'event' })}</Tag>
      {detail ? `【${detail}】` : null}
    </span>
  );
}

function MusicMessage({ message }: { message: ConversationMessage }) {
  const { t } = useTranslation();
  return (
    <div data-testid="music-message" style={{ display: 'flex', gap: 8, alignItems: 'center', width: 260, background: '#fff', border: '1px solid #eee', borderRadius: 6, padding: 8 }}>
      {message.repThumbUrl ? (
        <img src={message.repThumbUrl} alt="" style={{ width: 56, height: 56, objectFit: 'cover' }} />
      ) : (
        <CustomerServiceOutlined style={{ fontSize: 40, color: '#999' }} />
      )}
      <div style={{ minWidth: 0, flex: 1 }}>
        <div style={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{message.repName || t('wxmp.conversation.music')}</div>
        {message.repDesc && <div style={{ fontSize: 12, color: '#888' }}>{message.repDesc}</div>}
        {message.repUrl && (
          <a href={message.repUrl} target="_blank" rel="noreferrer" style={{ fontSize: 12 }}>
            <LinkOutlined /> {t('wxmp.conversation.music')}
          </a>
        )}
      </div>
    </div>
  );
}

/**
 * One message shown by its type (specification §3/§4): text, image, voice, video, short video,
 * location, link, news, music and the events. Shared by the conversation panel and the message list.
 */
export function MessageContent({ message, mapKey, now }: MessageContentProps): ReactNode {
  const { t } = useTranslation();
  switch (message.repType) {
    case 'text':
      return (
        <span data-testid="text-message" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {message.repContent}
        </span>
      );
    case 'image':
      return <ImageMessage message={message} />;
    case 'voice':
      return <VoiceMessage message={message} now={now} />;
    case 'video':
    case 'shortvideo':
      return <VideoMessage message={message} now={now} />;
    case 'location':
      return <LocationMessage message={message} mapKey={mapKey} />;
    case 'link':
      return (
        <span data-testid="link-message">
          <Tag color="blue">{t('wxmp.conversation.link')}</Tag>
          <a href={message.repUrl ?? undefined} target="_blank" rel="noreferrer">
            {message.repName || message.repUrl}
          </a>
          {message.repDesc && <div style={{ fontSize: 12, color: '#888' }}>{message.repDesc}</div>}
        </span>
      );
    case 'news':
      return <NewsPreview articles={articlesOf(message)} />;
    case 'music':
      return <MusicMessage message={message} />;
    case 'event':
      return <EventMessage message={message} />;
    default:
      return <Typography.Text type="secondary">{message.repContent || t('wxmp.conversation.unknown', { type: message.repType })}</Typography.Text>;
  }
}
