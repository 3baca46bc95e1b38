import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { okReply, type Received, apiServerForFile } from '../../../../test/api-server';
import { renderPage } from '../../../../test/page';
import { renderWithApp, signInWith } from '../../../../test/render';
import MenuPage from './MenuPage';
import type { ServerButton } from './menu';

const accounts = [{ appId: 'wx1', name: '食堂示范公众号' }];
const reply = { repType: null, repContent: null, repMediaId: null, repName: null, repDesc: null, repUrl: null, repHqUrl: null, repThumbMediaId: null, repThumbUrl: null, content: null };
const stored: ServerButton[] = [
  { ...reply, id: '1', name: '今日菜单', key: 'MENU_TODAY', type: 'click', url: null, appid: null, pagepath: null, repType: 'text', repContent: '今天有红烧肉', sub_button: [] },
  {
    ...reply, id: '2', name: '会员服务', key: 'MENU_MEMBER', type: null, url: null, appid: null, pagepath: null,
    sub_button: [{ ...reply, id: '3', name: '会员中心', key: 'MENU_CENTER', type: 'view', url: 'https://example.com/member', appid: null, pagepath: null, sub_button: [] }],
  },
];
let menu: { button: ServerButton[] } = { button: stored };

function route({ method, path, body }: Received) {
  if (method === 'GET' && path === '/weixin/wxapp/list') return okReply(accounts);
  if (method === 'GET' && path === '/weixin/wxmenu/list') return okReply(menu);
  if (method === 'POST' && path === '/weixin/wxmenu') {
    menu = { button: (body as { button: ServerButton[] }).button.map((b, i) => ({ ...b, key: b.key ?? `NEW_${i}` })) };
    return okReply(menu);
  }
  if (method === 'DELETE' && path === '/weixin/wxmenu') {
    menu = { button: [] };
    return okReply(null);
  }
  return undefined;
}

const server = apiServerForFile(route);
beforeEach(() => {
  menu = { button: stored };
  signInWith(['wxmp:wxmenu:index', 'wxmp:wxmenu:get', 'wxmp:wxmenu:add', 'wxmp:wxmenu:del']);
});

const phone = () => screen.getByTestId('menu-phone');
const settings = () => screen.getByTestId('menu-settings');
const nameInput = () => within(settings()).getByTestId('menu-name');
const confirmDialog = async () => (await screen.findAllByRole('dialog')).at(-1)!;

async function openEditor() {
  renderWithApp(<MenuPage />);
  await within(await screen.findByTestId('menu-phone')).findByText('今日菜单');
}

describe('MenuPage (自定义菜单)', () => {
  it('shows the saved menu on the phone and the selected button on the right', async () => {
    await openEditor();
    expect(server.calls('GET', '/weixin/wxmenu/list')[0]!.query).toEqual({ appId: 'wx1' });
    expect(screen.getByTestId('menu-select-hint')).toHaveTextContent('请选择菜单配置');

    await userEvent.click(screen.getByTestId('menu-top-0'));
    expect(nameInput()).toHaveValue('今日菜单');
    expect(screen.getByRole('radio', { name: '点击回复' })).toBeChecked();
    expect(within(settings()).getByTestId('reply-text')).toHaveValue('今天有红烧肉');

    await userEvent.click(screen.getByTestId('menu-top-1'));
    expect(within(settings()).getByText('已添加子菜单，一级菜单只需设置名称')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('menu-sub-1-0'));
    expect(screen.getByRole('radio', { name: '跳转网页' })).toBeChecked();
    expect(within(settings()).getByTestId('menu-url')).toHaveValue('https://example.com/member');
  });

  it('names the length limit of a top button and of a sub-button while typing', async () => {
    await openEditor();
    await userEvent.click(screen.getByTestId('menu-top-0'));
    expect(settings()).toHaveTextContent('不超过4个汉字或8个字母');
    await userEvent.clear(nameInput());
    await userEvent.type(nameInput(), '今日特价菜单');
    expect(settings()).toHaveTextContent('菜单名称不能超过4个汉字或8个字母');
    expect(within(phone()).getByText('今日特价菜单')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('menu-top-1'));
    await userEvent.click(screen.getByTestId('menu-sub-1-0'));
    expect(settings()).toHaveTextContent('不超过7个汉字或14个字母');
    await userEvent.type(nameInput(), 'abcdefghij');
    expect(settings()).toHaveTextContent('菜单名称不能超过7个汉字或14个字母');

    // Publishing is refused before the confirmation, naming the first bad button.
    await userEvent.click(screen.getByTestId('menu-publish'));
    expect(await screen.findByText('一级菜单1：菜单名称不能超过4个汉字或8个字母')).toBeInTheDocument();
    expect(nameInput()).toHaveValue('今日特价菜单');
    expect(server.calls('POST', '/weixin/wxmenu')).toHaveLength(0);
  });

  it('checks the URL of a view button with the contract message', async () => {
    await openEditor();
    await userEvent.click(screen.getByTestId('menu-top-1'));
    await userEvent.click(screen.getByTestId('menu-sub-1-0'));
    const url = within(settings()).getByTestId('menu-url');
    await userEvent.clear(url);
    await userEvent.type(url, 'example.com');
    expect(settings()).toHaveTextContent('请输入以 http:// 或 https:// 开头的地址');
    await userEvent.click(screen.getByTestId('menu-publish'));
    expect(await screen.findByText('二级菜单2-1：请输入以 http:// 或 https:// 开头的地址')).toBeInTheDocument();
  });

  it('adds up to 3 top buttons and 5 sub-buttons, then offers no more', async () => {
    await openEditor();
    await userEvent.click(screen.getByTestId('menu-add-top'));
    expect(nameInput()).toHaveValue('菜单名称');
    expect(screen.queryByTestId('menu-add-top')).toBeNull();
    expect(within(phone()).getAllByTestId(/^menu-top-/)).toHaveLength(3);

    await userEvent.click(screen.getByTestId('menu-top-1'));
    for (let j = 1; j < 5; j++) await userEvent.click(screen.getByTestId('menu-add-sub-1'));
    expect(within(screen.getByTestId('menu-subs-1')).getAllByTestId(/^menu-sub-1-/)).toHaveLength(5);
    expect(screen.queryByTestId('menu-add-sub-1')).toBeNull();
    expect(screen.getByTestId('menu-dirty')).toHaveTextContent('有未发布的修改');
  });

  it('reorders and deletes buttons with confirmation', async () => {
    await openEditor();
    await userEvent.click(screen.getByTestId('menu-top-0'));
    await userEvent.click(screen.getByTestId('menu-move-forward'));
    expect(screen.getByTestId('menu-top-0')).toHaveTextContent('会员服务');
    expect(screen.getByTestId('menu-top-1')).toHaveTextContent('今日菜单');
    expect(nameInput()).toHaveValue('今日菜单');

    await userEvent.click(screen.getByTestId('menu-remove'));
    await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(phone()).queryByText('今日菜单')).toBeNull());
    expect(within(phone()).getAllByTestId(/^menu-top-/)).toHaveLength(1);
  });

  it('publishes after confirmation with the keys read and a new click button with its reply', async () => {
    await openEditor();
    await userEvent.click(screen.getByTestId('menu-add-top'));
    await userEvent.clear(nameInput());
    await userEvent.type(nameInput(), '联系我们');
    await userEvent.type(within(settings()).getByTestId('reply-text'), '电话 12345');

    await userEvent.click(screen.getByTestId('menu-publish'));
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent('确定要保存并发布该菜单吗?');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls('POST', '/weixin/wxmenu')).toHaveLength(1));
    const body = server.calls('POST', '/weixin/wxmenu')[0]!.body as { appId: string; button: Record<string, unknown>[] };
    expect(body.appId).toBe('wx1');
    expect(body.button.map((b) => b.key)).toEqual(['MENU_TODAY', 'MENU_MEMBER', undefined]);
    expect(body.button[1]!.sub_button).toEqual([{ name: '会员中心', key: 'MENU_CENTER', type: 'view', url: 'https://example.com/member', sub_button: [] }]);
    expect(body.button[2]).toMatchObject({ name: '联系我们', type: 'click', repType: 'text', repContent: '电话 12345' });
    expect(await screen.findByText('发布成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('menu-dirty')).toBeNull());
  });

  it('deletes the platform menu after confirmation', async () => {
    await openEditor();
    await userEvent.click(screen.getByTestId('menu-delete-platform'));
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent('确定要删除公众号平台上的菜单吗');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls('DELETE', '/weixin/wxmenu')[0]?.query).toEqual({ appId: 'wx1' }));
    await waitFor(() => expect(within(phone()).queryByText('今日菜单')).toBeNull());
  });

  it('shows the menu read-only without wxmp:wxmenu:add and wxmp:wxmenu:del', async () => {
    signInWith(['wxmp:wxmenu:index', 'wxmp:wxmenu:get']);
    await openEditor();
    expect(screen.queryByTestId('menu-publish')).toBeNull();
    expect(screen.queryByTestId('menu-delete-platform')).toBeNull();
    expect(screen.queryByTestId('menu-add-top')).toBeNull();
    await userEvent.click(screen.getByTestId('menu-top-0'));
    expect(nameInput()).toBeDisabled();
    expect(screen.queryByTestId('menu-remove')).toBeNull();
  });

  it('refuses without wxmp:wxmenu:get, the view permission its page declares', () => {
    signInWith(['wxmp:wxmenu:index']);
    renderPage('views/wxmp/wxmenu/index');
    expect(screen.getByTestId('forbidden')).toHaveTextContent('403');
    expect(server.received).toEqual([]);
  });
});
