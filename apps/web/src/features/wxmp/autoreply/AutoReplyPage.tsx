import { useMemo, useState } from 'react';
import { Card, Descriptions, Modal, Spin, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/http/client';
import { formatDateTime, ResourcePage, type FieldDef, type ResourceDef, type Values } from '../../../shared/resource';
import type { Account } from '../api';
import { wxmpKeys } from '../queryKeys';
import { AccountLayout } from '../components/AccountTree';
import { NewsPreview, THUMB_SIZE } from '../components/NewsPreview';
import { FormReplyEditor } from '../components/ReplyEditor';
import { validateReply, type Reply } from '../components/reply';
import { replySummary } from '../components/stored-reply';
import { AUTO_REPLY_TYPES, KEYWORD_MAX, repMateDict, repTypeDict, reqTypeDict, ruleBody, ruleForm, type AutoReply, type AutoReplyType } from './rules';
import '../messages';

const BASE = '/weixin/wxautoreply';

/** One rule read afresh (`GET /weixin/wxautoreply/{id}`, 详情). */
function RuleDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const rule = useQuery({ queryKey: wxmpKeys.autoReplies.detail(id), queryFn: () => api.get<AutoReply>(`${BASE}/${id}`) });
  const row = rule.data;
  return (
    <Modal open title={t('wxmp.common.view')} footer={null} onCancel={onClose} width={640}>
      <Spin spinning={rule.isFetching}>
        {row && (
          <Descriptions
            column={1}
            bordered
            size="small"
            data-testid="autoreply-detail"
            items={[
              ...(row.type === '2' ? [{ key: 'reqType', label: t('wxmp.autoreply.reqType'), children: row.reqType ? t(`wxmp.autoreply.reqTypes.${row.reqType}`) : '' }] : []),
              ...(row.type === '3'
                ? [
                    { key: 'reqKey', label: t('wxmp.autoreply.reqKey'), children: row.reqKey ?? '' },
                    { key: 'repMate', label: t('wxmp.autoreply.repMate'), children: t(`wxmp.autoreply.repMates.${row.repMate ?? '1'}`) },
                  ]
                : []),
              { key: 'repType', label: t('wxmp.autoreply.repType'), children: t(`wxmp.reply.${row.repType ?? 'text'}`) },
              {
                key: 'reply',
                label: t('wxmp.autoreply.summary'),
                children:
                  row.repType === 'news' ? (
                    <NewsPreview articles={row.content?.articles ?? []} />
                  ) : row.repType === 'image' && row.repUrl ? (
                    <img src={row.repUrl} alt={row.repName ?? ''} style={{ height: THUMB_SIZE }} />
                  ) : (
                    <span style={{ whiteSpace: 'pre-wrap' }}>{replySummary(row)}</span>
                  ),
              },
              { key: 'updateTime', label: t('wxmp.common.updateTime'), children: formatDateTime(row.updateTime) },
            ]}
          />
        )}
      </Spin>
    </Modal>
  );
}

/** The rules of one tab: a list with add, edit and delete, each rule's reply from the reply editor. */
function RuleList({ appId, type }: { appId: string; type: AutoReplyType }) {
  const query = useMemo(() => ({ appId, type }), [appId, type]);
  const [viewing, setViewing] = useState<string>();
  const def = useMemo<ResourceDef<AutoReply>>(() => {
    const reply: FieldDef = {
      name: 'reply',
      label: 'wxmp.autoreply.reply',
      type: 'custom',
      required: true,
      defaultValue: { repType: 'text' },
      // News: one article on every tab, subscribe included (a pick of several keeps the first and says so).
      render: ({ value, onChange }) => <FormReplyEditor appId={appId} oneNews value={value as Reply | undefined} onChange={onChange} />,
      validate: (value) => validateReply(value as Reply | undefined),
      // The editor shows a part's problem once that part is touched; the whole reply is checked on submit.
      validateOn: 'submit',
    };
    const form: FieldDef[] =
      type === '2'
        ? [{ name: 'reqType', label: 'wxmp.autoreply.reqType', type: 'select', dict: reqTypeDict, required: true }, reply]
        : type === '3'
          ? [
              { name: 'repMate', label: 'wxmp.autoreply.repMate', type: 'radio', dict: repMateDict, required: true, defaultValue: '1', help: 'wxmp.autoreply.repMateHelp' },
              { name: 'reqKey', label: 'wxmp.autoreply.reqKey', required: true, maxLength: KEYWORD_MAX },
              reply,
            ]
          : [reply];
    const columns: ResourceDef<AutoReply>['columns'] = [
      ...(type === '2' ? [{ key: 'reqType', label: 'wxmp.autoreply.reqType', type: 'tag' as const, dict: reqTypeDict, width: 140 }] : []),
      ...(type === '3'
        ? [
            { key: 'reqKey', label: 'wxmp.autoreply.reqKey', width: 200 },
            { key: 'repMate', label: 'wxmp.autoreply.repMate', type: 'tag' as const, dict: repMateDict, width: 110 },
          ]
        : []),
      { key: 'repType', label: 'wxmp.autoreply.repType', type: 'tag', dict: repTypeDict, width: 120 },
      { key: 'repContent', label: 'wxmp.autoreply.summary', ellipsis: true, render: (_value, row) => replySummary(row) },
      { key: 'updateTime', label: 'wxmp.common.updateTime', type: 'datetime', sortable: true, width: 180 },
    ];
    return {
      base: BASE,
      permissions: { add: 'wxmp:wxautoreply:add', edit: 'wxmp:wxautoreply:edit', del: 'wxmp:wxautoreply:del' },
      columns,
      search: type === '3' ? [{ name: 'reqKey', label: 'wxmp.autoreply.reqKey' }] : undefined,
      form,
      formWidth: 820,
      rowActions: [{ key: 'view', label: 'wxmp.common.view', permission: 'wxmp:wxautoreply:get', onClick: (row) => setViewing(row.id) }],
      // One reply on subscribe: the add button goes once it exists.
      canAddTo: type === '1' ? (rows) => rows.length === 0 : undefined,
      toForm: ruleForm,
      toBody: (values: Values) => ruleBody(values, appId, type),
    };
  }, [appId, type]);
  return (
    <>
      <ResourcePage def={def} query={query} />
      {viewing && <RuleDetail id={viewing} onClose={() => setViewing(undefined)} />}
    </>
  );
}

function AccountRules({ account }: { account: Account }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AutoReplyType>('1');
  return (
    <Card title={account.name} variant="borderless" data-testid="autoreply-page" styles={{ body: { paddingTop: 0 } }}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as AutoReplyType)}
        destroyOnHidden
        items={AUTO_REPLY_TYPES.map((type) => ({
          key: type,
          label: t(`wxmp.autoreply.tabs.${type}`),
          children: (
            <div data-testid={`autoreply-tab-${type}`}>
              <RuleList appId={account.appId} type={type} />
            </div>
          ),
        }))}
      />
    </Card>
  );
}

/** 消息自动回复: on subscribe, the default reply per message type, and keyword replies. */
export default function AutoReplyPage() {
  return <AccountLayout>{(account) => <AccountRules key={account.appId} account={account} />}</AccountLayout>;
}
