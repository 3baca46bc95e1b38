import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failReply, okReply, pageOf, type Received, apiServerForFile } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import AutoReplyPage from './AutoReplyPage';
import { ruleBody, ruleForm, type AutoReply } from './rules';

const accounts = [{ appId: 'wx1', name: '食堂示范公众号' }];
const empty = { repContent: null, repMediaId: null, repName: null, repDesc: null, repUrl: null, repHqUrl: null, repThumbMediaId: null, repThumbUrl: null, content: null };
const rule = (id: string, fields: Partial<AutoReply>): AutoReply => ({
  ...empty, id, appId: 'wx1', type: '1', reqType: null, reqKey: null, repMate: null, repType: 'text', createTime: null, updateTime: '2026-01-02T03:04:05Z', ...fields,
});
let rules: AutoReply[] = [];
const image = {
  id: '9', mediaId: 'img-9', type: 'image', name: 'dish.png', url: '/weixin/media/material/dish.png',
  title: null, introduction: null, size: 100, updateTime: '2026-01-01T00:00:00Z', content: null,
};

function route({ method, path, query, body }: Received) {
  if (method === 'GET' && path === '/weixin/wxapp/list') return okReply(accounts);
  if (method === 'GET' && path === '/weixin/wxmaterial/page') return okReply(query.type === 'image' ? { items: [image], totalCount: 1 } : { items: [], totalCount: 0 });
  if (method === 'GET' && path === '/weixin/wxautoreply/page') {
    const mine = rules.filter((r) => r.appId === query.appId && r.type === query.type && (!query.reqKey || r.reqKey?.includes(query.reqKey)));
    return okReply(pageOf(mine, Number(query.current), Number(query.size)));
  }
  if (method === 'GET' && path.startsWith('/weixin/wxautoreply/')) return okReply(rules.find((r) => path.endsWith(`/${r.id}`)));
  if ((method === 'POST' || method === 'PUT') && path === '/weixin/wxautoreply') {
    const input = body as AutoReply;
    if (input.type === '2' && rules.some((r) => r.type === '2' && r.reqType === input.reqType && r.id !== input.id)) return failReply(409, '请求消息类型重复');
    if (input.type === '3' && rules.some((r) => r.type === '3' && r.reqKey === input.reqKey && r.id !== input.id)) return failReply(409, '关键词重复');
    const saved = rule(input.id ?? String(rules.length + 100), input);
    rules = [...rules.filter((r) => r.id !== saved.id), saved];
    return okReply(saved);
  }
  if (method === 'DELETE' && path.startsWith('/weixin/wxautoreply/')) {
    rules = rules.filter((r) => !path.endsWith(`/${r.id}`));
    return okReply(null);
  }
  return undefined;
}

const server = apiServerForFile(route);
beforeEach(() => {
  rules = [
    rule('1', { type: '1', repContent: '欢迎关注食堂' }),
    rule('2', { type: '2', reqType: 'image', repContent: '收到图片啦' }),
    rule('3', { type: '3', reqKey: '菜单', repMate: '1', repContent: '今天有红烧肉' }),
  ];
  signInWith(['wxmp:wxautoreply:index', 'wxmp:wxautoreply:get', 'wxmp:wxautoreply:add', 'wxmp:wxautoreply:edit', 'wxmp:wxautoreply:del']);
});

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = (type: string) => screen.getByTestId(`autoreply-tab-${type}`);
/** The newest dialog that is not a 放弃未保存的修改？ question. */
const dialog = async () => (await screen.findAllByRole('dialog')).filter((d) => !d.closest('.ant-modal-confirm')).at(-1)!;
const ok = /确\s*定/;
/** A button of a table row by its text (role queries deep in this page are very slow in jsdom). */
const rowButton = (row: HTMLElement, name: RegExp) => [...row.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''));
/** 放弃修改 in the newest 放弃未保存的修改？ question (jsdom keeps an answered one, leaving). */
const discard = async () => userEvent.click((await screen.findAllByTestId('discard-confirm')).at(-1)!);
/** The OK button of the open delete confirmation. */
const confirmDelete = async () => {
  const popover = (await screen.findByText('是否确认删除该条数据?')).closest<HTMLElement>('.ant-popover')!;
  await userEvent.click(rowButton(popover, ok)!);
};

async function openTab(name: string, type: string, firstText: string) {
  await userEvent.click(tab(name));
  await within(panel(type)).findByText(firstText);
}

describe('auto-reply rules', () => {
  it('turn into form values and bodies per type', () => {
    const keyword = rule('3', { type: '3', reqKey: '菜单', repMate: '2', repType: 'image', repMediaId: 'img-1', repName: 'a.png', repUrl: '/a.png' });
    expect(ruleForm(keyword)).toEqual({ reqType: undefined, reqKey: '菜单', repMate: '2', reply: { repType: 'image', repMediaId: 'img-1', repName: 'a.png', repUrl: '/a.png' } });
    expect(ruleBody({ reqKey: ' 菜单 ', repMate: '2', reqType: 'text', reply: { repType: 'text', repContent: '好' } }, 'wx1', '3')).toMatchObject({
      appId: 'wx1', type: '3', reqKey: '菜单', repMate: '2', reqType: null, repType: 'text', repContent: '好', repMediaId: null,
    });
    expect(ruleBody({ reqType: 'voice', reply: { repType: 'text', repContent: '好' } }, 'wx1', '2')).toMatchObject({ type: '2', reqType: 'voice', reqKey: null, repMate: null });
    expect(ruleBody({ reply: { repType: 'text', repContent: '好' } }, 'wx1', '1')).toMatchObject({ type: '1', reqType: null, reqKey: null, repMate: null });
  });
});

describe('AutoReplyPage (消息自动回复)', () => {
  it('has the three tabs, each listing its own rules', async () => {
    renderWithApp(<AutoReplyPage />);
    await within(await screen.findByTestId('autoreply-tab-1')).findByText('欢迎关注食堂');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['关注时回复', '消息回复', '关键词回复']);
    expect(server.calls('GET', '/weixin/wxautoreply/page')[0]!.query).toMatchObject({ appId: 'wx1', type: '1' });

    await openTab('消息回复', '2', '收到图片啦');
    expect(within(panel('2')).getByText('收到图片啦').closest('tr')).toHaveTextContent('图片');

    await openTab('关键词回复', '3', '今天有红烧肉');
    const row = within(panel('3')).getByText('今天有红烧肉').closest('tr')!;
    expect(row).toHaveTextContent('菜单');
    expect(row).toHaveTextContent('全匹配');
  });

  it('offers add on subscribe only while there is no rule', async () => {
    renderWithApp(<AutoReplyPage />);
    await within(await screen.findByTestId('autoreply-tab-1')).findByText('欢迎关注食堂');
    expect(within(panel('1')).queryByTestId('resource-add')).toBeNull();

    const row = within(panel('1')).getByText('欢迎关注食堂').closest('tr')!;
    await userEvent.click(rowButton(row, /删\s*除/)!);
    await confirmDelete();
    await waitFor(() => expect(server.calls('DELETE', '/weixin/wxautoreply/1')).toHaveLength(1));
    await within(panel('1')).findByTestId('resource-add');

    await userEvent.click(within(panel('1')).getByTestId('resource-add'));
    const form = await dialog();
    await userEvent.type(within(form).getByTestId('reply-text'), '感谢关注');
    await userEvent.click(within(form).getByRole('button', { name: ok }));
    await waitFor(() => expect(server.calls('POST', '/weixin/wxautoreply')[0]?.body).toMatchObject({ appId: 'wx1', type: '1', repType: 'text', repContent: '感谢关注' }));
    await within(panel('1')).findByText('感谢关注');
    await waitFor(() => expect(within(panel('1')).queryByTestId('resource-add')).toBeNull());
  });

  it('adds a keyword rule and shows the server refusing a duplicate keyword', async () => {
    const { notified } = renderWithApp(<AutoReplyPage />);
    await screen.findByTestId('autoreply-tab-1');
    await openTab('关键词回复', '3', '今天有红烧肉');

    await userEvent.click(within(panel('3')).getByTestId('resource-add'));
    let form = await dialog();
    // The reply is required.
    await userEvent.type(within(form).getByLabelText('关键词'), '营业时间');
    await userEvent.click(within(form).getByRole('button', { name: ok }));
    expect(await within(form).findByText('请输入回复内容')).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('radio', { name: '半匹配' }));
    await userEvent.type(within(form).getByTestId('reply-text'), '每天 7:00-21:00');
    await userEvent.click(within(form).getByRole('button', { name: ok }));
    await waitFor(() =>
      expect(server.calls('POST', '/weixin/wxautoreply')[0]?.body).toMatchObject({ appId: 'wx1', type: '3', reqKey: '营业时间', repMate: '2', repType: 'text', repContent: '每天 7:00-21:00' }),
    );
    const added = (await within(panel('3')).findByText('营业时间')).closest('tr')!;
    expect(added).toHaveTextContent('半匹配');

    await userEvent.click(within(panel('3')).getByTestId('resource-add'));
    form = await dialog();
    await userEvent.type(within(form).getByLabelText('关键词'), '菜单');
    await userEvent.type(within(form).getByTestId('reply-text'), '重复的');
    await userEvent.click(within(form).getByRole('button', { name: ok }));
    await waitFor(() => expect(notified).toContain('关键词重复'));
    expect(within(form).getByLabelText('关键词')).toHaveValue('菜单');
  });

  it('shows the reply\'s problems on submit, not when the operator switches to 音乐, and marks only the parts wanting', async () => {
    renderWithApp(<AutoReplyPage />);
    await screen.findByTestId('autoreply-tab-1');
    await openTab('关键词回复', '3', '今天有红烧肉');
    await userEvent.click(within(panel('3')).getByTestId('resource-add'));
    const form = await dialog();
    await userEvent.type(within(form).getByLabelText('关键词'), '点歌');
    await userEvent.click(within(form).getByRole('tab', { name: /音乐/ }));
    const editor = within(form).getByTestId('reply-editor');
    const red = () => [...editor.querySelectorAll('.ant-input-status-error, .ant-input-affix-wrapper-status-error')];
    expect(red()).toEqual([]);
    expect(form.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(0);

    await userEvent.click(within(form).getByRole('button', { name: ok }));
    expect(await within(form).findByText('请填写音乐链接')).toBeInTheDocument();
    expect(within(form).getByTestId('reply-music-url')).toHaveClass('ant-input-status-error');
    expect(within(form).getByTestId('reply-music-title')).not.toHaveClass('ant-input-status-error');
    expect(within(form).getByTestId('reply-music-desc').closest('.ant-input-textarea-affix-wrapper, .ant-input-affix-wrapper') ?? within(form).getByTestId('reply-music-desc')).not.toHaveClass(/status-error/);
    expect(server.calls('POST', '/weixin/wxautoreply')).toHaveLength(0);
  });

  it('edits a default reply and shows the server refusing a duplicate message type', async () => {
    rules.push(rule('4', { type: '2', reqType: 'text', repContent: '收到文字' }));
    const { notified } = renderWithApp(<AutoReplyPage />);
    await screen.findByTestId('autoreply-tab-1');
    await openTab('消息回复', '2', '收到文字');

    const row = within(panel('2')).getByText('收到文字').closest('tr')!;
    await userEvent.click(rowButton(row, /编\s*辑/)!);
    const form = await dialog();
    expect(within(form).getByTestId('reply-text')).toHaveValue('收到文字');
    await userEvent.click(within(form).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('图片'));
    await userEvent.click(within(form).getByRole('button', { name: ok }));
    await waitFor(() => expect(notified).toContain('请求消息类型重复'));
    expect(server.calls('PUT', '/weixin/wxautoreply')[0]?.body).toMatchObject({ id: '4', type: '2', reqType: 'image' });

    await userEvent.click(within(form).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('小视频'));
    await userEvent.click(within(form).getByRole('button', { name: ok }));
    await waitFor(() => expect(server.calls('PUT', '/weixin/wxautoreply')).toHaveLength(2));
    expect(server.calls('PUT', '/weixin/wxautoreply')[1]!.body).toMatchObject({ id: '4', reqType: 'shortvideo', repContent: '收到文字' });
    await waitFor(() => expect(within(panel('2')).getByText('收到文字').closest('tr')).toHaveTextContent('小视频'));
  });

  it('opens each rule from its stored reply, with no trace of a pick left unsaved in an earlier opening', async () => {
    rules.push(rule('5', { type: '3', reqKey: '营业时间', repMate: '1', repContent: '每天 7:00-21:00' }));
    renderWithApp(<AutoReplyPage />);
    await screen.findByTestId('autoreply-tab-1');
    await openTab('关键词回复', '3', '今天有红烧肉');
    const replyTab = (form: HTMLElement, name: string) => within(form).getByRole('tab', { name: new RegExp(name) });

    // Rule A: pick an image on the image tab, then cancel without saving.
    await userEvent.click(rowButton(within(panel('3')).getByText('今天有红烧肉').closest('tr')!, /编\s*辑/)!);
    let form = await dialog();
    expect(within(form).getByTestId('reply-text')).toHaveValue('今天有红烧肉');
    await userEvent.click(replyTab(form, '图片'));
    await userEvent.click(within(form).getByTestId('reply-pick-image'));
    const picker = await screen.findByTestId('material-picker-image');
    await userEvent.click(within(await within(picker).findByTestId('material-card')).getByRole('button'));
    await waitFor(() => expect(within(within(form).getByTestId('reply-chosen')).getByText('dish.png')).toBeInTheDocument());
    // The pick is the operator's change: 取消 asks before dropping it (issue 27 #6).
    await userEvent.click(within(form).getByRole('button', { name: /取\s*消/ }));
    await discard();

    // Rule B: its own text, and nothing on the image tab.
    await userEvent.click(rowButton(within(panel('3')).getByText('每天 7:00-21:00').closest('tr')!, /编\s*辑/)!);
    form = await dialog();
    expect(replyTab(form, '文本')).toHaveAttribute('aria-selected', 'true');
    expect(within(form).getByTestId('reply-text')).toHaveValue('每天 7:00-21:00');
    await userEvent.click(replyTab(form, '图片'));
    expect(within(form).queryByTestId('reply-chosen')).toBeNull();
    expect(within(form).queryByText('dish.png')).toBeNull();
    expect(within(form).getByTestId('reply-pick-image')).toBeInTheDocument();
    // Switched to 图片, the reply is the operator's change too.
    await userEvent.click(within(form).getByRole('button', { name: /取\s*消/ }));
    await discard();

    // A new rule: empty, and nothing on the image tab either.
    await userEvent.click(within(panel('3')).getByTestId('resource-add'));
    form = await dialog();
    expect(replyTab(form, '文本')).toHaveAttribute('aria-selected', 'true');
    expect(within(form).getByTestId('reply-text')).toHaveValue('');
    await userEvent.click(replyTab(form, '图片'));
    expect(within(form).queryByTestId('reply-chosen')).toBeNull();
    expect(within(form).queryByText('dish.png')).toBeNull();
    expect(server.calls('PUT', '/weixin/wxautoreply')).toHaveLength(0);
    expect(server.calls('POST', '/weixin/wxautoreply')).toHaveLength(0);
  });

  it('shows a rule with 查看 and hides the buttons the user may not use', async () => {
    signInWith(['wxmp:wxautoreply:index', 'wxmp:wxautoreply:get']);
    renderWithApp(<AutoReplyPage />);
    await screen.findByTestId('autoreply-tab-1');
    await openTab('关键词回复', '3', '今天有红烧肉');
    const row = within(panel('3')).getByText('今天有红烧肉').closest('tr')!;
    expect(rowButton(row, /编\s*辑/)).toBeUndefined();
    expect(rowButton(row, /删\s*除/)).toBeUndefined();
    expect(within(panel('3')).queryByTestId('resource-add')).toBeNull();

    await userEvent.click(rowButton(row, /查\s*看/)!);
    const detail = await screen.findByTestId('autoreply-detail');
    expect(detail).toHaveTextContent('菜单');
    expect(detail).toHaveTextContent('全匹配');
    expect(detail).toHaveTextContent('今天有红烧肉');
    expect(server.calls('GET', '/weixin/wxautoreply/3')).toHaveLength(1);
  });
});
