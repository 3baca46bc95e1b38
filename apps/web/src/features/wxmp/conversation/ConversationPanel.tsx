import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, App, Avatar, Button, Popconfirm, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, SendOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/resource';
import { useLiveConnected } from '../../../shared/live/useLiveConnected';
import { useLiveInterrupted } from '../../../shared/live/useLiveInterrupted';
import { useLiveSubscription } from '../../../shared/live/useLiveSubscription';
import { usePermission } from '../../../shared/session/session';
import { ReplyEditor } from '../components/ReplyEditor';
import { emptyReply, validateReply, type Reply } from '../components/reply';
import { deleteMessage, historyPage, markConversationRead, markRead, sendMessage } from './api';
import { appendMessage, compareMessages, isLastPage, mergeNewest, PAGE_SIZE, prependPage, type ConversationMessage } from './history';
import { conversationDestination, onConversationMessage, type LiveFeed } from './live';
import { MessageContent } from './MessageContent';
import '../messages';

export interface ConversationPanelProps {
  appId: string;
  wxUserId: string;
  /**
   * An extra live feed (called with the panel's receiver, answers the unsubscribe). The panel
   * always subscribes to `/weixin/wx_msg{wxUserId}` on the app's live channel, and messages
   * handed to `deliverConversationMessage` (./live) reach every open panel as well.
   */
  onLive?: LiveFeed;
  /** The maps key for locations (default: the configured one). */
  mapKey?: string;
  /** Height of the history (default 50vh, as the original). */
  height?: number | string;
}

/** How many pages a catch-up reads at most looking for a message already shown. */
export const CATCH_UP_PAGES = 5;

/**
 * Told what a catch-up brings just before it is shown: the messages new to the panel, and
 * whether the shown history was cut (more were missed than `CATCH_UP_PAGES` pages hold).
 */
export type BeforeCatchUp = (added: ConversationMessage[], cut: boolean) => void;

/**
 * The history of one follower: pages of 14 newest first from the server, shown oldest first.
 * Mount it once per follower (key the component by appId and wxUserId).
 */
export function useConversation(appId: string, wxUserId: string, canMarkRead: boolean) {
  const [messages, setMessages] = useState<ConversationMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  /** What is shown, at once (the state follows it): merges read it outside renders. */
  const shown = useRef<ConversationMessage[]>([]);
  const next = useRef(1);
  const busy = useRef(false);
  const firstPage = useRef<Promise<void>>(Promise.resolve());
  /** Messages marked read (or being marked) already. */
  const marked = useRef(new Set<string>());

  const show = useCallback((list: ConversationMessage[]) => {
    shown.current = list;
    setMessages(list);
  }, []);

  /**
   * Puts a page in: later pages go in front; page 1 is merged with what is shown, which before
   * it answers can only be live messages that came while it was read (and may be newer than it).
   */
  const apply = useCallback(
    (page: number, records: ConversationMessage[]) => {
      show(page === 1 ? mergeNewest(shown.current, records) : prependPage(shown.current, records));
      setHasMore(!isLastPage(records, PAGE_SIZE));
      next.current = page + 1;
      setLoaded(true);
    },
    [show],
  );

  /**
   * Opening the conversation reads it: right after page 1 is shown (first load or catch-up), the
   * follower's messages are marked read on the server (reading the history changes nothing). The
   * unread ones fetched are then read here too, so none of them is marked again one by one.
   */
  const readConversation = useCallback(
    (fetched: readonly ConversationMessage[]) => {
      const unread = fetched.filter((m) => m.type === '1' && m.readFlag === '0' && !marked.current.has(m.id)).map((m) => m.id);
      for (const id of unread) marked.current.add(id);
      markConversationRead(appId, wxUserId)
        .then(() => {
          const read = new Set(unread);
          if (read.size) show(shown.current.map((m) => (read.has(m.id) ? { ...m, readFlag: '1' as const } : m)));
        })
        .catch(() => {
          for (const id of unread) marked.current.delete(id);
        });
    },
    [appId, wxUserId, show],
  );

  // The first page, once per conversation: when a kept-alive tab is shown again this effect runs
  // again, and the panel's catch-up merges what is new instead of dropping the older pages loaded.
  const loadedFor = useRef<string>(undefined);
  useEffect(() => {
    const conversationKey = `${appId} ${wxUserId}`;
    if (loadedFor.current === conversationKey) return undefined;
    if (loadedFor.current !== undefined) show([]); // another conversation in the same panel
    let gone = false;
    busy.current = true;
    firstPage.current = historyPage(appId, wxUserId, 1, PAGE_SIZE)
      .then((result) => {
        if (gone) return;
        apply(1, result.records);
        loadedFor.current = conversationKey;
        readConversation(result.records);
      })
      .catch(() => undefined /* shown by the HTTP client */)
      .finally(() => {
        if (!gone) busy.current = false;
      });
    return () => {
      gone = true;
    };
  }, [appId, wxUserId, apply, show, readConversation]);

  /** The next older page ('click to load more'). */
  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    const page = next.current;
    try {
      apply(page, (await historyPage(appId, wxUserId, page, PAGE_SIZE)).records);
    } catch {
      /* shown by the HTTP client */
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [appId, wxUserId, apply]);
  const append = useCallback((message: ConversationMessage) => show(appendMessage(shown.current, message)), [show]);
  /** A deleted message leaves the history. */
  const remove = useCallback((id: string) => show(shown.current.filter((m) => m.id !== id)), [show]);

  /** A follower's unread message is marked read (once). */
  const markIfUnread = useCallback(
    (message: ConversationMessage) => {
      if (message.type !== '1' || message.readFlag !== '0' || !canMarkRead || marked.current.has(message.id)) return;
      marked.current.add(message.id);
      markRead(message.id)
        .then((updated) => append({ ...message, ...updated, readFlag: '1' }))
        .catch(() => marked.current.delete(message.id));
    },
    [canMarkRead, append],
  );

  /** A live message: this follower's only; a follower's unread message is marked read at once. */
  const receive = useCallback(
    (message: ConversationMessage) => {
      if (String(message.appId) !== appId || String(message.wxUserId) !== wxUserId) return false;
      append(message);
      markIfUnread(message);
      return true;
    },
    [appId, wxUserId, append, markIfUnread],
  );

  /**
   * After the live channel came back: the newest page again, and older ones until a page
   * reaches a message already shown, merged into what is shown (older pages loaded stay), and the
   * conversation is marked read as on opening. When more were missed than
   * `CATCH_UP_PAGES` pages hold, the shown messages older than those pages are dropped (they no
   * longer join up) and 'load more' goes on after the pages read.
   */
  const catchUp = useCallback(
    async (beforeShow?: BeforeCatchUp) => {
      await firstPage.current;
      if (next.current === 1) {
        // The first page never came: this is it.
        try {
          const { records } = await historyPage(appId, wxUserId, 1, PAGE_SIZE, true);
          apply(1, records);
          readConversation(records);
        } catch {
          /* the next reconnect tries again */
        }
        return;
      }
      const fetched: ConversationMessage[] = [];
      let joined: boolean;
      let page = 1;
      try {
        for (; ; page++) {
          const { records } = await historyPage(appId, wxUserId, page, PAGE_SIZE, true);
          fetched.push(...records);
          const known = new Set(shown.current.map((m) => m.id));
          joined = isLastPage(records, PAGE_SIZE) || records.some((m) => known.has(m.id));
          if (joined || page >= CATCH_UP_PAGES) break;
        }
      } catch {
        return; // the next reconnect tries again
      }
      const oldest = fetched.at(-1);
      const cut = !joined && oldest !== undefined;
      const base = cut ? shown.current.filter((m) => compareMessages(m, oldest) >= 0) : shown.current;
      const known = new Set(base.map((m) => m.id));
      const added = mergeNewest([], fetched).filter((m) => !known.has(m.id));
      beforeShow?.(added, cut);
      show(mergeNewest(base, fetched));
      if (cut) {
        next.current = page + 1;
        setHasMore(true);
      }
      readConversation(fetched);
    },
    [appId, wxUserId, apply, show, readConversation],
  );

  return { messages, hasMore, loading, loaded, loadMore, append, remove, receive, catchUp };
}

/** A view scrolled to within this of the end counts as at the bottom. */
const AT_BOTTOM_PX = 8;

const isEditable = (target: EventTarget | null) => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
};

function Bubble({ message, mapKey, onDelete }: { message: ConversationMessage; mapKey?: string; onDelete?: (message: ConversationMessage) => Promise<void> }) {
  const { t } = useTranslation();
  const mine = message.type === '2';
  const name = mine ? message.appName || t('wxmp.conversation.account') : message.nickName || t('wxmp.conversation.follower');
  const avatar = mine ? message.appLogo : message.headimgUrl;
  const failed = message.sendStatus === 'failed';
  return (
    <div
      data-testid="conversation-message"
      data-id={message.id}
      data-type={message.type}
      data-rep-type={message.repType}
      style={{ display: 'flex', flexDirection: mine ? 'row-reverse' : 'row', gap: 8, margin: '12px 0', alignItems: 'flex-start' }}
    >
      <Avatar src={avatar || undefined} icon={mine ? <WechatOutlined /> : <UserOutlined />} style={mine ? { background: '#07c160' } : undefined} />
      <div style={{ maxWidth: '75%', display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }}>
        <div style={{ fontSize: 12, color: '#999', marginBottom: 2 }}>
          {name} {formatDateTime(message.createTime)}
        </div>
        <div style={{ background: mine ? '#6BED72' : '#fff', borderRadius: 6, padding: '8px 10px', boxShadow: '0 1px 2px rgba(0,0,0,.06)', maxWidth: '100%' }}>
          <MessageContent message={message} mapKey={mapKey} />
        </div>
        {failed && (
          <Tooltip title={message.sendError ?? undefined}>
            <Tag color="error" style={{ marginTop: 4 }} data-testid="message-failed">
              {t('wxmp.conversation.failed')}
            </Tag>
          </Tooltip>
        )}
        {onDelete && (
          <Popconfirm title={t('wxmp.common.confirmDelete')} okText={t('wxmp.common.ok')} cancelText={t('wxmp.common.cancel')} onConfirm={() => onDelete(message)}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} style={{ padding: 0, height: 'auto', fontSize: 12 }} data-testid="message-delete">
              {t('wxmp.common.delete')}
            </Button>
          </Popconfirm>
        )}
      </div>
    </div>
  );
}

/**
 * The conversation with one follower (specification "Conversation panel"): the history with
 * 'click to load more' at the top, each message shown by its type, and a reply box with a
 * 'send (S)' button. Page 1 opens at the bottom; older pages are put in front keeping the
 * reading position. Once page 1 is shown the conversation is marked read (as is each later
 * catch-up). Live messages of this follower are appended (and marked read); when the live
 * channel comes back after it was lost, the newest page is read again and what was missed
 * meanwhile is merged in (and the conversation marked read again).
 * Sending needs `wxmp:wxmsg:add`; marking single live messages read needs `wxmp:wxmsg:edit`
 * (marking the opened conversation read only the right to read it).
 */
export function ConversationPanel(props: ConversationPanelProps) {
  return <Panel key={`${props.appId}/${props.wxUserId}`} {...props} />;
}

function Panel({ appId, wxUserId, onLive, mapKey, height = '50vh' }: ConversationPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canSend = usePermission('wxmp:wxmsg:add');
  const canMarkRead = usePermission('wxmp:wxmsg:edit');
  const canDelete = usePermission('wxmp:wxmsg:del');
  const conversation = useConversation(appId, wxUserId, canMarkRead);
  const { messages, hasMore, loading, loaded, loadMore, append, remove, receive, catchUp } = conversation;

  // Scrolling: the view keeps its distance from the bottom while content changes (older pages
  // and late images above keep the reading position); new messages scroll to the bottom.
  const scroller = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const fromBottom = useRef(0);
  /** For the next change of the messages: keep this scrollTop (messages come in below the view). */
  const keepTop = useRef<number | undefined>(undefined);
  const restore = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = Math.max(0, el.scrollHeight - fromBottom.current);
  }, []);
  const toBottom = useCallback(() => {
    fromBottom.current = 0;
    restore();
  }, [restore]);
  const onScroll = () => {
    const el = scroller.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
  };
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && keepTop.current !== undefined) fromBottom.current = el.scrollHeight - keepTop.current;
    keepTop.current = undefined;
    restore();
  }, [messages, restore]);
  useEffect(() => {
    const el = inner.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => restore());
    observer.observe(el);
    return () => observer.disconnect();
  }, [restore]);
  useEffect(() => {
    if (loaded) toBottom();
  }, [loaded, toBottom]);

  // A deleted message leaves the history; the reading position stays.
  const deleteOne = useCallback(
    async (gone: ConversationMessage) => {
      try {
        await deleteMessage(gone);
      } catch {
        return; // shown by the HTTP client
      }
      keepTop.current = scroller.current?.scrollTop;
      remove(gone.id);
      void message.success(t('wxmp.common.deleted'));
    },
    [remove, message, t],
  );

  // Live messages: the follower's STOMP destination, the shared seam, and the feed given by the parent.
  const receiveLive = useCallback(
    (incoming: ConversationMessage) => {
      if (incoming && typeof incoming === 'object' && receive(incoming)) fromBottom.current = 0;
    },
    [receive],
  );
  useLiveSubscription<ConversationMessage>(conversationDestination(wxUserId), receiveLive);
  // What arrived while the panel heard nothing: a reader at the bottom follows it there; one
  // scrolled up keeps the reading position.
  const catchUpHere = () =>
    void catchUp((added, cut) => {
      const el = scroller.current;
      if (!el || cut || el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX) fromBottom.current = 0;
      else if (added.length > 0) keepTop.current = el.scrollTop;
    });
  // Back after the live channel was lost; meanwhile the panel says new messages are not arriving.
  useLiveConnected(({ reconnect }) => reconnect && catchUpHere());
  const liveInterrupted = useLiveInterrupted();
  // Shown again in a kept-alive tab: while the tab was hidden its effects, and so its live
  // subscription, were paused. (Effects run again on showing; the first run is the mount.)
  const onShown = useEffectEvent(catchUpHere);
  const shownBefore = useRef(false);
  useEffect(() => {
    if (shownBefore.current) onShown();
    shownBefore.current = true;
  }, []);
  useEffect(() => onConversationMessage(receiveLive), [receiveLive]);
  useEffect(() => {
    if (!onLive) return;
    const stop = onLive(receiveLive);
    return () => stop?.();
  }, [onLive, receiveLive]);

  // The reply box.
  const [reply, setReply] = useState<Reply>(() => emptyReply('text'));
  const [editorKey, setEditorKey] = useState(0);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();
  // A send refused for a missing or wrong part: the editor shows every part's problem from then on.
  const [refused, setRefused] = useState(false);
  const sendingRef = useRef(false);

  const send = async () => {
    if (sendingRef.current) return;
    const problem = validateReply(reply);
    if (problem) {
      void message.warning(problem);
      setRefused(true);
      return;
    }
    sendingRef.current = true;
    setSending(true);
    try {
      const outcome = await sendMessage(appId, wxUserId, reply);
      if (outcome.ok) {
        fromBottom.current = 0;
        append(outcome.message);
        setFailure(undefined);
        setReply(emptyReply('text'));
        setRefused(false);
        setEditorKey((k) => k + 1);
        if (outcome.notice) void message.info(outcome.notice);
        return;
      }
      if (outcome.status === 401) return; // the HTTP client has signed out
      setFailure(outcome.error);
      void message.error(outcome.error);
      if (outcome.kept) {
        fromBottom.current = 0;
        append(outcome.kept);
      }
    } catch {
      /* not an HTTP failure: nothing was sent */
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  // S sends while the reply box (not a text field in it) has focus.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 's' && event.key !== 'S') return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    if (!event.currentTarget.contains(event.target as Node) || isEditable(event.target)) return;
    event.preventDefault();
    void send();
  };

  return (
    <div data-testid="conversation-panel" data-app-id={appId} data-wx-user-id={wxUserId}>
      {liveInterrupted && <Alert type="warning" showIcon title={t('wxmp.conversation.liveInterrupted')} style={{ marginBottom: 8 }} data-testid="live-interrupted" />}
      <div ref={scroller} onScroll={onScroll} data-testid="conversation-history" style={{ height, overflowY: 'auto', background: '#f2f2f2', padding: '4px 12px', borderRadius: 4 }}>
        <div ref={inner}>
          <div style={{ textAlign: 'center', padding: '8px 0', fontSize: 12 }}>
            {!loaded ? (
              <Spin size="small" />
            ) : hasMore ? (
              <Button type="link" size="small" loading={loading} onClick={() => void loadMore()} data-testid="load-more">
                {t('wxmp.conversation.loadMore')}
              </Button>
            ) : (
              <Typography.Text type="secondary" data-testid="no-more">
                {t('wxmp.conversation.noMore')}
              </Typography.Text>
            )}
          </div>
          {messages.map((m) => (
            <Bubble key={m.id} message={m} mapKey={mapKey} onDelete={canDelete ? deleteOne : undefined} />
          ))}
        </div>
      </div>
      {canSend && (
        <div tabIndex={0} onKeyDown={onKeyDown} data-testid="reply-box" style={{ marginTop: 12, outline: 'none' }}>
          {failure && <Alert type="error" showIcon closable title={failure} onClose={() => setFailure(undefined)} style={{ marginBottom: 8 }} data-testid="send-error" />}
          <ReplyEditor key={editorKey} appId={appId} value={reply} onChange={setReply} oneNews showErrors={refused} />
          <Space style={{ width: '100%', justifyContent: 'flex-end', marginTop: 8 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('wxmp.conversation.sendHint')}
            </Typography.Text>
            <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={() => void send()} data-testid="send-button">
              {t('wxmp.conversation.send')}
            </Button>
          </Space>
        </div>
      )}
    </div>
  );
}
