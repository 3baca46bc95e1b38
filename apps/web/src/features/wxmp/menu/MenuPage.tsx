import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, ConfigProvider, Empty, Form, Input, Popconfirm, Radio, Space, Spin, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined, CloudUploadOutlined, DeleteOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/http/client';
import { useAction } from '../../../shared/http/useAction';
import { usePermission } from '../../../shared/session/session';
import type { Account } from '../api';
import { AccountLayout } from '../components/AccountTree';
import { ReplyEditor } from '../components/ReplyEditor';
import { wxmpKeys } from '../queryKeys';
import {
  BUTTON_TYPES, MAX_SUB, MAX_TOP, NAME_LIMITS, addSub, addTop, buttonAt, fromServer, moveAt, nameProblem, placeName, removeAt, toPayload,
  updateAt, urlProblem, validateMenu, type MenuButton, type Path, type ServerMenu,
} from './menu';
import '../messages';

const GREEN = '#07c160';

const samePath = (a: Path | undefined, b: Path) => a !== undefined && a.length === b.length && a.every((v, i) => v === b[i]);

/** The phone: the menu bar with up to three buttons, the selected one's sub-buttons above it. */
function Phone({ title, buttons, selected, editable, onSelect, onAddTop, onAddSub }: {
  title: string;
  buttons: MenuButton[];
  selected: Path | undefined;
  editable: boolean;
  onSelect: (path: Path) => void;
  onAddTop: () => void;
  onAddSub: (i: number) => void;
}) {
  const { t } = useTranslation();
  const cell = (active: boolean): React.CSSProperties => ({
    display: 'block', width: '100%', height: '100%', border: 'none', cursor: 'pointer', fontSize: 13, padding: '0 4px',
    overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis',
    background: active ? '#e8f7ee' : '#fafafa', color: active ? GREEN : '#333', outline: active ? `1px solid ${GREEN}` : undefined,
  });
  return (
    <div
      data-testid="menu-phone"
      aria-label={t('wxmp.menu.phoneTitle')}
      style={{ width: 320, height: 580, border: '10px solid #2b2b2b', borderRadius: 36, background: '#fff', display: 'flex', flexDirection: 'column', overflow: 'hidden', flex: 'none' }}
    >
      <div style={{ height: 48, background: '#2e3238', color: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 15 }}>{title}</div>
      <div style={{ flex: 1, background: '#ededed' }} />
      <div style={{ height: 50, borderTop: '1px solid #d9d9d9', display: 'flex', background: '#fafafa' }} data-testid="menu-bar">
        <div style={{ width: 40, borderRight: '1px solid #e5e5e5', display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#999' }}>⌨</div>
        {buttons.map((top, i) => (
          <div key={top.uid} style={{ flex: 1, minWidth: 0, position: 'relative', borderRight: '1px solid #e5e5e5' }}>
            {selected?.[0] === i && (editable || top.sub_button.length > 0) && (
              <div
                data-testid={`menu-subs-${i}`}
                style={{ position: 'absolute', bottom: 58, left: 4, right: 4, background: '#fafafa', border: '1px solid #d9d9d9', borderRadius: 4, boxShadow: '0 2px 8px rgba(0,0,0,.12)' }}
              >
                {top.sub_button.map((sub, j) => (
                  <div key={sub.uid} style={{ height: 42, borderBottom: '1px solid #e5e5e5' }}>
                    <button type="button" data-testid={`menu-sub-${i}-${j}`} style={cell(samePath(selected, [i, j]))} onClick={() => onSelect([i, j])}>
                      {sub.name || '\u00a0'}
                    </button>
                  </div>
                ))}
                {editable && top.sub_button.length < MAX_SUB && (
                  <div style={{ height: 42 }}>
                    <button type="button" data-testid={`menu-add-sub-${i}`} title={t('wxmp.menu.addSub')} aria-label={t('wxmp.menu.addSub')} style={cell(false)} onClick={() => onAddSub(i)}>
                      <PlusOutlined />
                    </button>
                  </div>
                )}
              </div>
            )}
            <button type="button" data-testid={`menu-top-${i}`} style={cell(samePath(selected, [i]))} onClick={() => onSelect([i])}>
              {top.sub_button.length > 0 && <span style={{ color: '#bbb', marginRight: 2 }}>≡</span>}
              {top.name || '\u00a0'}
            </button>
          </div>
        ))}
        {editable && buttons.length < MAX_TOP && (
          <div style={{ flex: 1 }}>
            <button type="button" data-testid="menu-add-top" title={t('wxmp.menu.addTop')} aria-label={t('wxmp.menu.addTop')} style={cell(false)} onClick={onAddTop}>
              <PlusOutlined />
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/** The selected button's settings: name, type and the fields of the type. */
function ButtonSettings({ appId, path, button, onChange }: { appId: string; path: Path; button: MenuButton; onChange: (patch: Partial<MenuButton>) => void }) {
  const { t } = useTranslation();
  const level = path.length === 1 ? 'top' : 'sub';
  const limit = NAME_LIMITS[level];
  const nameError = button.name ? nameProblem(button.name, level) : null;
  const parent = level === 'top' && button.sub_button.length > 0;
  const urlField = (label: string, help?: string) => {
    const problem = button.url ? urlProblem(button.url) : null;
    return (
      <Form.Item label={label} required validateStatus={problem ? 'error' : undefined} help={problem ?? help}>
        <Input value={button.url ?? ''} placeholder="https://" onChange={(e) => onChange({ url: e.target.value })} data-testid="menu-url" />
      </Form.Item>
    );
  };
  return (
    <Form layout="vertical" data-testid="menu-settings">
      <Form.Item
        label={t('wxmp.menu.name')}
        required
        validateStatus={nameError ? 'error' : undefined}
        help={nameError ?? t('wxmp.menu.nameHint', limit)}
      >
        <Input value={button.name} onChange={(e) => onChange({ name: e.target.value })} data-testid="menu-name" />
      </Form.Item>
      {parent ? (
        <Alert type="info" showIcon title={t('wxmp.menu.hasSubs')} />
      ) : (
        <>
          <Form.Item label={t('wxmp.menu.type')} required>
            <Radio.Group
              value={button.type}
              onChange={(e) => {
                const type = e.target.value as MenuButton['type'];
                onChange({ type, reply: button.reply ?? { repType: 'text' } });
              }}
              data-testid="menu-type"
              style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
              options={BUTTON_TYPES.map((type) => ({ value: type, label: t(`wxmp.menu.types.${type}`) }))}
            />
          </Form.Item>
          {button.type === 'view' && urlField(t('wxmp.menu.url'))}
          {button.type === 'miniprogram' && (
            <>
              <Form.Item label={t('wxmp.menu.appid')} required>
                <Input value={button.appid ?? ''} onChange={(e) => onChange({ appid: e.target.value })} data-testid="menu-appid" />
              </Form.Item>
              <Form.Item label={t('wxmp.menu.pagepath')} required>
                <Input value={button.pagepath ?? ''} placeholder="pages/index/index" onChange={(e) => onChange({ pagepath: e.target.value })} data-testid="menu-pagepath" />
              </Form.Item>
              {urlField(t('wxmp.menu.fallbackUrl'), t('wxmp.menu.fallbackHelp'))}
            </>
          )}
          {(button.type === 'click' || button.type === 'scancode_waitmsg') && (
            <Form.Item label={t('wxmp.menu.reply')} required={button.type === 'click'} help={button.type === 'scancode_waitmsg' ? t('wxmp.menu.scanReplyHelp') : undefined}>
              <ReplyEditor key={button.uid} appId={appId} oneNews value={button.reply ?? { repType: 'text' }} onChange={(reply) => onChange({ reply })} />
            </Form.Item>
          )}
          {button.type && button.type in helpTypes && <Typography.Paragraph type="secondary">{t(`wxmp.menu.typeHelp.${button.type}`)}</Typography.Paragraph>}
        </>
      )}
    </Form>
  );
}
const helpTypes = { scancode_push: 1, pic_sysphoto: 1, pic_photo_or_album: 1, pic_weixin: 1, location_select: 1 };

function MenuEditor({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const canAdd = usePermission('wxmp:wxmenu:add');
  const canDel = usePermission('wxmp:wxmenu:del');
  const appId = account.appId;
  const queryKey = wxmpKeys.menu.list(appId);
  const menu = useQuery({ queryKey, queryFn: () => api.get<ServerMenu>('/weixin/wxmenu/list', { params: { appId } }) });
  // The server's menu until the operator changes something; then the draft (dropped on publish or discard).
  const saved = useMemo(() => fromServer(menu.data), [menu.data]);
  const [draft, setDraft] = useState<MenuButton[]>();
  const buttons = draft ?? saved;
  const dirty = draft !== undefined;
  const [selected, setSelected] = useState<Path>();
  const publishMenu = useAction({
    run: (next: MenuButton[]) => api.post<ServerMenu>('/weixin/wxmenu', { appId, button: toPayload(next) }),
    success: 'wxmp.menu.published',
    onSuccess: (published) => {
      queryClient.setQueryData(queryKey, published);
      setDraft(undefined);
    },
  });
  const deleteMenu = useAction({
    run: () => api.delete('/weixin/wxmenu', { params: { appId } }),
    success: 'wxmp.menu.deleted',
    onSuccess: () => {
      setSelected(undefined);
      setDraft(undefined);
    },
    invalidates: [queryKey],
  });
  // The editor keeps the menu when publishing fails (the HTTP client shows why).
  const busy = publishMenu.busy || deleteMenu.busy;

  const edit = (next: MenuButton[], path?: Path) => {
    setDraft(next);
    if (path) setSelected(path);
  };
  const current = selected ? buttonAt(buttons, selected) : undefined;

  const publish = () => {
    const problem = validateMenu(buttons);
    if (problem) {
      if (buttonAt(buttons, problem.path)) setSelected(problem.path);
      void message.error(problem.message);
      return;
    }
    modal.confirm({
      title: t('wxmp.menu.publishConfirm'),
      okText: t('wxmp.common.ok'),
      cancelText: t('wxmp.common.cancel'),
      onOk: () => publishMenu.run(buttons),
    });
  };

  const removePlatform = () => {
    modal.confirm({
      title: t('wxmp.menu.deleteConfirm'),
      okText: t('wxmp.common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('wxmp.common.cancel'),
      onOk: () => deleteMenu.run(),
    });
  };

  const move = (delta: -1 | 1) => {
    const moved = selected && moveAt(buttons, selected, delta);
    if (moved) edit(moved.buttons, moved.path);
  };
  const isTop = selected?.length === 1;
  const siblings = selected ? (isTop ? buttons.length : (buttons[selected[0]]?.sub_button.length ?? 0)) : 0;
  const index = selected ? selected[selected.length - 1]! : 0;

  return (
    <Card
      title={account.name}
      variant="borderless"
      data-testid="menu-page"
      extra={
        <Space wrap>
          {dirty && <Tag color="orange" data-testid="menu-dirty">{t('wxmp.menu.unsaved')}</Tag>}
          {dirty && (
            <Button icon={<UndoOutlined />} onClick={() => { setDraft(undefined); setSelected(undefined); }}>
              {t('wxmp.menu.reload')}
            </Button>
          )}
          {canDel && (
            <Button danger icon={<DeleteOutlined />} onClick={removePlatform} disabled={busy} data-testid="menu-delete-platform">
              {t('wxmp.menu.deletePlatform')}
            </Button>
          )}
          {canAdd && (
            <Button type="primary" icon={<CloudUploadOutlined />} onClick={publish} loading={busy} data-testid="menu-publish">
              {t('wxmp.menu.publish')}
            </Button>
          )}
        </Space>
      }
    >
      <Spin spinning={menu.isFetching}>
        <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Phone
            title={account.name}
            buttons={buttons}
            selected={selected}
            editable={canAdd}
            onSelect={setSelected}
            onAddTop={() => {
              const added = addTop(buttons, t('wxmp.menu.newTop'));
              if (added) edit(added.buttons, added.path);
            }}
            onAddSub={(i) => {
              const added = addSub(buttons, i, t('wxmp.menu.newSub'));
              if (added) edit(added.buttons, added.path);
            }}
          />
          <Card
            size="small"
            style={{ flex: 1, minWidth: 360 }}
            data-testid="menu-panel"
            title={selected && current ? placeName(selected) : undefined}
            extra={
              selected && current && canAdd ? (
                <Space size={4}>
                  <Button size="small" icon={isTop ? <ArrowLeftOutlined /> : <ArrowUpOutlined />} disabled={index === 0} onClick={() => move(-1)} data-testid="menu-move-back">
                    {t(isTop ? 'wxmp.menu.moveLeft' : 'wxmp.menu.moveUp')}
                  </Button>
                  <Button size="small" icon={isTop ? <ArrowRightOutlined /> : <ArrowDownOutlined />} disabled={index >= siblings - 1} onClick={() => move(1)} data-testid="menu-move-forward">
                    {t(isTop ? 'wxmp.menu.moveRight' : 'wxmp.menu.moveDown')}
                  </Button>
                  <Popconfirm
                    title={t('wxmp.menu.removeConfirm')}
                    okText={t('wxmp.common.ok')}
                    cancelText={t('wxmp.common.cancel')}
                    onConfirm={() => {
                      const removed = removeAt(buttons, selected);
                      edit(removed.buttons);
                      setSelected(removed.path);
                    }}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} data-testid="menu-remove">
                      {t('wxmp.menu.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : undefined
            }
          >
            {selected && current ? (
              <ConfigProvider componentDisabled={!canAdd}>
                <ButtonSettings appId={appId} path={selected} button={current} onChange={(patch) => edit(updateAt(buttons, selected, patch))} />
              </ConfigProvider>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wxmp.menu.selectHint')} data-testid="menu-select-hint" />
            )}
          </Card>
        </div>
      </Spin>
    </Card>
  );
}

/** 自定义菜单: edit the account's menu on a phone and publish it to the platform. */
export default function MenuPage() {
  return <AccountLayout>{(account) => <MenuEditor key={account.appId} account={account} />}</AccountLayout>;
}
