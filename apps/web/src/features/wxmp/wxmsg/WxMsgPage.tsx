import { useMemo, useState } from 'react';
import { Avatar, Card, Col, Empty, Modal, Row, Space } from 'antd';
import { CheckOutlined, DeleteOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { wxMsgEndpoints } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { ResourcePage, type Dict, type ResourceDef } from '../../../shared/resource';
import { usePaneSearch } from '../../../shared/navigation/pane';
import type { Account } from '../api';
import { AccountTree, useAccounts } from '../components/AccountTree';
import { deleteMessage, WXMSG_KEY } from '../conversation/api';
import { ConversationPanel } from '../conversation/ConversationPanel';
import type { ConversationMessage } from '../conversation/history';
import { MessageContent } from '../conversation/MessageContent';
import { wxmpKeys } from '../queryKeys';
import '../messages';

const REP_TYPES = ['text', 'image', 'voice', 'video', 'shortvideo', 'location', 'link', 'event', 'news', 'music'];
const repTypeDict: Dict = REP_TYPES.map((value) => ({ value, label: `wxmp.wxmsg.repTypes.${value}` }));
const typeDict: Dict = [
  { value: '1', label: 'wxmp.wxmsg.types.1', color: 'blue' },
  { value: '2', label: 'wxmp.wxmsg.types.2', color: 'green' },
];
const readDict: Dict = [
  { value: '1', label: 'wxmp.wxmsg.read.1', color: 'green' },
  { value: '0', label: 'wxmp.wxmsg.read.0', color: 'red' },
];

/** The follower whose conversation is open in the dialog. */
export interface OpenConversation {
  appId: string;
  wxUserId: string;
  nickName?: string | null;
}

/** Reads `?appId=…&wxUserId=…[&nickName=…]` (how the header bell opens a conversation). */
export function conversationFromQuery(search: string): OpenConversation | undefined {
  const query = new URLSearchParams(search);
  const appId = query.get('appId');
  const wxUserId = query.get('wxUserId');
  if (!appId || !wxUserId) return undefined;
  return { appId, wxUserId, nickName: query.get('nickName') };
}

/** The 用户消息 dialog with one follower's conversation. */
export function ConversationDialog({ open, onClose }: { open?: OpenConversation; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open !== undefined}
      title={open?.nickName ? `${t('wxmp.wxmsg.title')}：${open.nickName}` : t('wxmp.wxmsg.title')}
      footer={null}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      data-testid="conversation-dialog"
    >
      {open && <ConversationPanel key={`${open.appId}/${open.wxUserId}`} appId={open.appId} wxUserId={open.wxUserId} />}
    </Modal>
  );
}

function AccountMessages({ account, onOpen }: { account: Account; onOpen: (c: OpenConversation) => void }) {
  const appId = account.appId;
  const query = useMemo(() => ({ appId }), [appId]);
  const def = useMemo<ResourceDef<ConversationMessage>>(
    () => ({
      base: WXMSG_KEY,
      pageSize: 20,
      defaultSort: { key: 'createTime', order: 'descend' },
      search: [
        { name: 'type', label: 'wxmp.wxmsg.type', type: 'select', dict: typeDict },
        { name: 'repType', label: 'wxmp.wxmsg.repType', type: 'select', dict: repTypeDict },
        { name: 'readFlag', label: 'wxmp.wxmsg.readFlag', type: 'select', dict: readDict },
        { name: 'nickName', label: 'wxmp.wxmsg.nickName', maxLength: 64 },
      ],
      columns: [
        { key: 'repType', label: 'wxmp.wxmsg.repType', type: 'tag', dict: repTypeDict, width: 110 },
        { key: 'type', label: 'wxmp.wxmsg.type', type: 'tag', dict: typeDict, width: 110 },
        {
          key: 'nickName',
          label: 'wxmp.wxmsg.nickName',
          render: (_value, row) => (
            <Space>
              <Avatar size="small" src={row.headimgUrl || undefined} icon={<UserOutlined />} />
              <span>{row.nickName ?? row.openId}</span>
            </Space>
          ),
        },
        { key: 'content', label: 'wxmp.wxmsg.content', width: 340, render: (_value, row) => <MessageContent message={row} /> },
        { key: 'createTime', label: 'wxmp.wxmsg.createTime', type: 'datetime', sortable: 'create_time', width: 170 },
        { key: 'readFlag', label: 'wxmp.wxmsg.readFlag', type: 'tag', dict: readDict, width: 90 },
      ],
      rowActions: [
        {
          key: 'open',
          label: 'wxmp.wxmsg.open',
          icon: <MessageOutlined />,
          onClick: (row) => onOpen({ appId: row.appId, wxUserId: row.wxUserId, nickName: row.nickName }),
        },
        {
          key: 'markRead',
          label: 'wxmp.wxmsg.markRead',
          icon: <CheckOutlined />,
          permission: 'wxmp:wxmsg:edit',
          hidden: (row) => row.readFlag === '1',
          success: 'wxmp.wxmsg.marked',
          onClick: (row) => call(wxMsgEndpoints.markRead, { body: { id: row.id, readFlag: '1' } }),
        },
        {
          key: 'delete',
          label: 'wxmp.common.delete',
          icon: <DeleteOutlined />,
          permission: 'wxmp:wxmsg:del',
          danger: true,
          confirm: 'wxmp.common.confirmDelete',
          success: 'wxmp.common.deleted',
          // An unread one leaves the bell's count too.
          onClick: (row) => deleteMessage(row),
        },
      ],
    }),
    [onOpen],
  );
  return <ResourcePage def={def} query={query} title={account.name} />;
}

/**
 * 全部消息 / 用户消息 (`views/wxmp/wxmsg/index`): the selected account's messages with filters by
 * type, message type, read state and follower; a row's 消息 opens that follower's conversation.
 *
 * The URL query `?appId=<AppID>&wxUserId=<follower id>[&nickName=<name>]` opens that conversation
 * at once (the header bell navigates to `/views/wxmp/wxmsg/index` with it) and selects the account.
 */
export default function WxMsgPage() {
  const { t } = useTranslation();
  const search = usePaneSearch();
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const [appId, setAppId] = useState<string | undefined>(() => conversationFromQuery(search)?.appId);
  const [open, setOpen] = useState<OpenConversation | undefined>(() => conversationFromQuery(search));
  // A later query (the bell again, in the same tab) opens its conversation too.
  const [handled, setHandled] = useState(search);
  if (handled !== search) {
    setHandled(search);
    const asked = conversationFromQuery(search);
    if (asked) {
      setAppId(asked.appId);
      setOpen(asked);
    }
  }

  const account = accounts.data?.find((a) => a.appId === appId);
  const close = () => {
    setOpen(undefined);
    // Opening a conversation marks its messages read: show it.
    void queryClient.invalidateQueries({ queryKey: wxmpKeys.messages.root });
  };
  return (
    <div data-testid="wxmsg-page">
      <Row gutter={[12, 12]}>
        <Col xs={24} md={7} lg={6} xl={5}>
          <AccountTree value={account?.appId} onChange={(a) => setAppId(a.appId)} />
        </Col>
        <Col xs={24} md={17} lg={18} xl={19}>
          {account ? (
            <AccountMessages key={account.appId} account={account} onOpen={setOpen} />
          ) : (
            <Card variant="borderless">
              <Empty description={t('wxmp.common.selectAccount')} />
            </Card>
          )}
        </Col>
      </Row>
      <ConversationDialog open={open} onClose={close} />
    </div>
  );
}
