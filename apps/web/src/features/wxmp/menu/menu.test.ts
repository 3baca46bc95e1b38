import { describe, expect, it } from 'vitest';
import '../../../shared/i18n';
import {
  MAX_SUB, MAX_TOP, addSub, addTop, buttonProblem, fromServer, moveAt, nameProblem, newButton, removeAt, toPayload, validateMenu,
  type MenuButton,
} from './menu';

const click = (name: string, text = '您好', key?: string): MenuButton => ({ ...newButton(name), key, type: 'click', reply: { repType: 'text', repContent: text } });
const names = (buttons: MenuButton[]) => buttons.map((b) => b.name);

describe('menu names', () => {
  it('allows 4 Chinese characters or 8 letters on top, 7 or 14 below, and names the limit', () => {
    expect(nameProblem('今日菜单', 'top')).toBeNull();
    expect(nameProblem('abcdefgh', 'top')).toBeNull();
    expect(nameProblem('今日特价菜单', 'top')).toBe('菜单名称不能超过4个汉字或8个字母');
    expect(nameProblem('abcdefghi', 'top')).toBe('菜单名称不能超过4个汉字或8个字母');
    expect(nameProblem('会员a中心', 'top')).toBe('菜单名称不能超过4个汉字或8个字母');
    expect(nameProblem('七个汉字的名称', 'sub')).toBeNull();
    expect(nameProblem('abcdefghijklmn', 'sub')).toBeNull();
    expect(nameProblem('八个汉字的菜单名称', 'sub')).toBe('菜单名称不能超过7个汉字或14个字母');
    expect(nameProblem('   ', 'sub')).toBe('请输入菜单名称');
  });
});

describe('button checks', () => {
  it('asks for a URL beginning with http or https on view and mini-program buttons', () => {
    const view: MenuButton = { ...newButton('官网'), type: 'view', url: 'www.example.com' };
    expect(buttonProblem(view, 'top')).toBe('请输入以 http:// 或 https:// 开头的地址');
    expect(buttonProblem({ ...view, url: 'https://example.com' }, 'top')).toBeNull();
    expect(buttonProblem({ ...view, url: `https://example.com/${'a'.repeat(1100)}` }, 'top')).toBe('网页地址不能超过1024个字节');

    const mini: MenuButton = { ...newButton('小程序'), type: 'miniprogram', url: 'https://example.com' };
    expect(buttonProblem(mini, 'sub')).toBe('请输入小程序的 appid');
    expect(buttonProblem({ ...mini, appid: 'wxapp' }, 'sub')).toBe('请输入小程序的页面路径');
    expect(buttonProblem({ ...mini, appid: 'wxapp', pagepath: 'pages/index', url: 'ftp://x' }, 'sub')).toBe('请输入以 http:// 或 https:// 开头的地址');
    expect(buttonProblem({ ...mini, appid: 'wxapp', pagepath: 'pages/index' }, 'sub')).toBeNull();
  });

  it('needs a reply on click, an optional one on scancode_waitmsg, nothing more on the other types', () => {
    expect(buttonProblem({ ...newButton('点我'), type: 'click', reply: { repType: 'text', repContent: '  ' } }, 'top')).toBe('请输入回复内容');
    expect(buttonProblem({ ...newButton('点我'), type: 'click', reply: { repType: 'image' } }, 'top')).toBe('请选择图片');
    expect(buttonProblem(click('点我'), 'top')).toBeNull();
    expect(buttonProblem({ ...newButton('扫码'), type: 'scancode_waitmsg', reply: { repType: 'text' } }, 'sub')).toBeNull();
    expect(buttonProblem({ ...newButton('扫码'), type: 'scancode_waitmsg', reply: { repType: 'music', repName: '曲' } }, 'sub')).toBe('请填写音乐链接');
    for (const type of ['scancode_push', 'pic_sysphoto', 'pic_photo_or_album', 'pic_weixin', 'location_select'] as const) {
      expect(buttonProblem({ ...newButton('事件'), type }, 'sub')).toBeNull();
    }
    expect(buttonProblem({ ...newButton('无类型'), type: undefined }, 'sub')).toBe('请选择菜单类型');
  });

  it('names the first problem of the menu by its place', () => {
    expect(validateMenu([])?.message).toBe('请至少添加一个菜单');
    const parent = { ...click('会员服务'), type: undefined, sub_button: [click('会员中心'), { ...click('太长的二级菜单名称'), key: 'K2' }] };
    expect(validateMenu([click('今日菜单'), parent])).toEqual({ path: [1, 1], message: '二级菜单2-2：菜单名称不能超过7个汉字或14个字母' });
    expect(validateMenu([click('今日特价菜单')])).toEqual({ path: [0], message: '一级菜单1：菜单名称不能超过4个汉字或8个字母' });
    expect(validateMenu([click('a'), click('b'), click('c'), click('d')])?.message).toBe('一级菜单最多3个');
    expect(validateMenu([click('今日菜单'), { ...parent, sub_button: [click('会员中心')] }])).toBeNull();
  });
});

describe('editing', () => {
  it('adds at most 3 top buttons and 5 sub-buttons each', () => {
    let buttons: MenuButton[] = [];
    for (let i = 0; i < MAX_TOP; i++) buttons = addTop(buttons, `菜单${i}`)!.buttons;
    expect(addTop(buttons, 'x')).toBeNull();
    for (let j = 0; j < MAX_SUB; j++) {
      const added = addSub(buttons, 1, `子${j}`)!;
      expect(added.path).toEqual([1, j]);
      buttons = added.buttons;
    }
    expect(addSub(buttons, 1, 'x')).toBeNull();
    expect(names(buttons[1]!.sub_button)).toEqual(['子0', '子1', '子2', '子3', '子4']);
    expect(validateMenu(buttons)).toMatchObject({ path: [0], message: '一级菜单1：请输入回复内容' });
  });

  it('moves and removes buttons among their siblings', () => {
    const buttons = [click('A'), { ...click('B'), sub_button: [click('B1'), click('B2'), click('B3')] }, click('C')];
    const right = moveAt(buttons, [0], 1)!;
    expect(names(right.buttons)).toEqual(['B', 'A', 'C']);
    expect(right.path).toEqual([1]);
    expect(moveAt(buttons, [2], 1)).toBeNull();
    const up = moveAt(buttons, [1, 2], -1)!;
    expect(names(up.buttons[1]!.sub_button)).toEqual(['B1', 'B3', 'B2']);
    expect(up.path).toEqual([1, 1]);
    expect(moveAt(buttons, [1, 0], -1)).toBeNull();

    const lastSub = removeAt(buttons, [1, 2]);
    expect(names(lastSub.buttons[1]!.sub_button)).toEqual(['B1', 'B2']);
    expect(lastSub.path).toEqual([1, 1]);
    const top = removeAt(buttons, [2]);
    expect(names(top.buttons)).toEqual(['A', 'B']);
    expect(top.path).toEqual([1]);
    expect(removeAt([click('A')], [0]).path).toBeUndefined();
    // The original is untouched.
    expect(names(buttons)).toEqual(['A', 'B', 'C']);
  });
});

describe('server shape', () => {
  it('reads the menu with its keys and replies and sends them back, parents with their name and sub-buttons only', () => {
    const read = fromServer({
      button: [
        { id: '1', name: '今日菜单', key: 'K1', type: 'click', url: null, appid: null, pagepath: null, repType: 'text', repContent: '今天有红烧肉', repMediaId: null, content: null, sub_button: [] },
        {
          id: '2', name: '会员服务', key: 'K2', type: null, url: null, repType: null,
          sub_button: [
            { id: '3', name: '会员中心', key: 'K3', type: 'view', url: 'https://example.com/member', repType: null, sub_button: [] },
            { id: '4', name: '扫码点餐', key: 'K4', type: 'scancode_waitmsg', repType: null, sub_button: [] },
          ],
        },
      ],
    });
    expect(read[0]).toMatchObject({ key: 'K1', type: 'click', reply: { repType: 'text', repContent: '今天有红烧肉' } });
    expect(read[1]!.sub_button[1]).toMatchObject({ key: 'K4', type: 'scancode_waitmsg', reply: { repType: 'text' } });

    const body = toPayload([...read, { ...newButton(' 新菜单 '), reply: { repType: 'text', repContent: '新的' } }]);
    expect(body[0]).toMatchObject({ name: '今日菜单', key: 'K1', type: 'click', repType: 'text', repContent: '今天有红烧肉', repMediaId: null, sub_button: [] });
    expect(body[1]).toEqual({
      name: '会员服务',
      key: 'K2',
      sub_button: [
        { name: '会员中心', key: 'K3', type: 'view', url: 'https://example.com/member', sub_button: [] },
        { name: '扫码点餐', key: 'K4', type: 'scancode_waitmsg', sub_button: [] },
      ],
    });
    expect(body[2]).toMatchObject({ name: '新菜单', type: 'click', repContent: '新的' });
    expect(body[2]).not.toHaveProperty('key');
  });

  it('keeps a stored news reply of a scan button (articles only) and checks a music reply with only its thumbnail', () => {
    const articles = [{ title: '本周新菜', thumbMediaId: 'img-1', thumbUrl: '/a.png', content: '<p>a</p>' }];
    const [click, scan] = fromServer({
      button: [
        { id: '1', name: '新菜', key: 'K1', type: 'click', repType: 'news', repMediaId: null, repName: null, content: { articles }, sub_button: [] },
        { id: '2', name: '扫码', key: 'K2', type: 'scancode_waitmsg', repType: 'news', repMediaId: null, repName: null, content: { articles }, sub_button: [] },
      ],
    });
    expect(buttonProblem(click!, 'top')).toBeNull();
    expect(buttonProblem(scan!, 'top')).toBeNull();
    expect(toPayload([click!, scan!]).map((b) => b.content)).toEqual([{ articles }, { articles }]);

    const thumbOnly: MenuButton = { ...newButton('扫码'), type: 'scancode_waitmsg', reply: { repType: 'music', repThumbMediaId: 't', repThumbUrl: '/t.png' } };
    expect(buttonProblem(thumbOnly, 'sub')).toBe('请填写音乐链接');
    expect(buttonProblem({ ...thumbOnly, reply: { ...thumbOnly.reply!, repUrl: 'https://x' } }, 'sub')).toBeNull();
    expect(buttonProblem({ ...newButton('扫码'), type: 'scancode_waitmsg', reply: { repType: 'music', repUrl: 'https://x' } }, 'sub')).toBe('请选择音乐的缩略图');
  });
});
