import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { REPLY_DESC_MAX, REPLY_NAME_MAX, REPLY_URL_MAX } from '@canteen/contract';
import { okReply, type Received, apiServerForFile } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import type { Material, MaterialType } from '../api';
import { ReplyEditor } from './ReplyEditor';
import { validateReply, type Reply } from './reply';

const image: Material = {
  id: '1', mediaId: 'img-1', type: 'image', name: 'dish.png', url: '/weixin/media/material/dish.png',
  title: null, introduction: null, size: 100, updateTime: '2026-01-01T00:00:00Z', content: null,
};
const news: Material = {
  id: '2', mediaId: 'news-1', type: 'news', name: '本周新菜', url: null, title: null, introduction: null, size: null, updateTime: null,
  content: {
    articles: [
      { title: '本周新菜', thumbMediaId: 'img-1', thumbUrl: '/a.png', content: '<p>a</p>' },
      { title: '会员日', thumbMediaId: 'img-1', thumbUrl: '/b.png', content: '<p>b</p>' },
    ],
  },
};
const video: Material = {
  id: '3', mediaId: 'video-1', type: 'video', name: 'v.mp4', url: '/v.mp4', title: '厨房直播', introduction: '后厨实拍', size: 1, updateTime: null, content: null,
};
const store: Record<MaterialType, Material[]> = { image: [image], voice: [], video: [video], news: [news] };

function route({ method, path, query }: Received) {
  if (method === 'GET' && path === '/weixin/wxmaterial/page') {
    const items = store[query.type as MaterialType];
    return okReply({ items, totalCount: items.length });
  }
  if (method === 'POST' && path === '/weixin/wxmaterial/materialFileUpload') return okReply({ ...image, mediaId: 'img-new', name: 'new.png' });
  return undefined;
}

const server = apiServerForFile(route);
beforeEach(() => {
  signInWith(['wxmp:wxmaterial:index', 'wxmp:wxmaterial:add']);
});

/** The editor in a parent that keeps the value, as a form would. */
function Harness({ onChange, oneNews, initial = { repType: 'text' } }: { onChange: (r: Reply) => void; oneNews?: boolean; initial?: Reply }) {
  const [value, setValue] = useState<Reply>(initial);
  return (
    <ReplyEditor
      appId="wx1"
      oneNews={oneNews}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(name) });
const last = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.at(-1)![0] as Reply;

describe('ReplyEditor', () => {
  it('has the six tabs and starts on text', () => {
    renderWithApp(<Harness onChange={() => undefined} />);
    const names = screen.getAllByRole('tab').map((t) => t.textContent?.trim());
    expect(names).toEqual(['文本', '图片', '语音', '视频', '图文', '音乐']);
    expect(tab('文本')).toHaveAttribute('aria-selected', 'true');
  });

  it('remembers each tab while switching', async () => {
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    await userEvent.type(screen.getByTestId('reply-text'), '您好');
    expect(last(onChange)).toEqual({ repType: 'text', repContent: '您好' });

    await userEvent.click(tab('音乐'));
    expect(last(onChange)).toEqual({ repType: 'music' });
    await userEvent.type(screen.getByTestId('reply-music-title'), '午间曲');
    await userEvent.type(screen.getByTestId('reply-music-url'), 'https://music.example.com/a.mp3');
    await userEvent.type(screen.getByTestId('reply-music-hq'), 'ftp://bad');
    expect(screen.getByText('请输入以 http:// 或 https:// 开头的地址')).toBeInTheDocument();

    await userEvent.click(tab('文本'));
    expect(screen.getByTestId('reply-text')).toHaveValue('您好');
    expect(last(onChange)).toEqual({ repType: 'text', repContent: '您好' });

    await userEvent.click(tab('音乐'));
    expect(screen.getByTestId('reply-music-title')).toHaveValue('午间曲');
    expect(last(onChange)).toMatchObject({ repType: 'music', repName: '午间曲', repUrl: 'https://music.example.com/a.mp3', repHqUrl: 'ftp://bad' });
  });

  it('shows no problem before the user types: a part shows its own once touched, or every part after a refused send', async () => {
    function Refusable() {
      const [refused, setRefused] = useState(false);
      return (
        <>
          <ReplyEditor appId="wx1" value={{ repType: 'music' }} showErrors={refused} />
          <button onClick={() => setRefused(true)}>refuse</button>
        </>
      );
    }
    renderWithApp(<Refusable />);
    const editor = screen.getByTestId('reply-editor');
    const red = () => [...editor.querySelectorAll('.ant-input-status-error, .ant-input-affix-wrapper-status-error')];
    expect(red()).toEqual([]);
    expect(editor.querySelectorAll('.ant-typography-danger')).toHaveLength(0);

    // The music link, entered and left empty: that field alone says so.
    await userEvent.click(screen.getByTestId('reply-music-url'));
    await userEvent.tab();
    expect(within(editor).getByText('请填写音乐链接')).toBeInTheDocument();
    expect(screen.getByTestId('reply-music-url')).toHaveClass('ant-input-status-error');
    expect(screen.getByTestId('reply-music-title')).not.toHaveClass('ant-input-status-error');
    expect(screen.queryByTestId('reply-error-thumb')).toBeNull();

    // A send refused: the thumbnail says it is missing too.
    await userEvent.click(screen.getByRole('button', { name: 'refuse' }));
    expect(screen.getByTestId('reply-error-thumb')).toHaveTextContent('请选择音乐的缩略图');
    expect(screen.getByTestId('reply-music-title')).not.toHaveClass('ant-input-status-error');
  });

  it('offers 素材库选择 as the same antd button in every tab, the music thumbnail included', async () => {
    renderWithApp(<Harness onChange={() => undefined} />);
    await userEvent.click(tab('图片'));
    const image = screen.getByTestId('reply-pick-image');
    await userEvent.click(tab('音乐'));
    const thumb = screen.getByTestId('reply-pick-thumb');
    expect(thumb).toHaveClass('ant-btn');
    expect(thumb.querySelector('.anticon-folder-open')).not.toBeNull();
    expect(thumb.className).toBe(image.className);
  });

  it('limits titles, descriptions and links to what the server takes, and the text to its own limit', async () => {
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    expect(screen.getByTestId('reply-text')).toHaveAttribute('maxlength', '600');

    await userEvent.click(tab('视频'));
    expect(screen.getByTestId('reply-video-title')).toHaveAttribute('maxlength', String(REPLY_NAME_MAX));
    expect(screen.getByTestId('reply-video-desc')).toHaveAttribute('maxlength', String(REPLY_DESC_MAX));
    expect(screen.getByText(`0 / ${REPLY_DESC_MAX}`)).toBeInTheDocument();

    await userEvent.click(tab('音乐'));
    expect(screen.getByTestId('reply-music-title')).toHaveAttribute('maxlength', String(REPLY_NAME_MAX));
    expect(screen.getByTestId('reply-music-desc')).toHaveAttribute('maxlength', String(REPLY_DESC_MAX));
    expect(screen.getByTestId('reply-music-url')).toHaveAttribute('maxlength', String(REPLY_URL_MAX));
    expect(screen.getByTestId('reply-music-hq')).toHaveAttribute('maxlength', String(REPLY_URL_MAX));
    expect(screen.getByText(`0 / ${REPLY_DESC_MAX}`)).toBeInTheDocument();

    // A longer paste is cut to the limit.
    await userEvent.click(screen.getByTestId('reply-music-title'));
    await userEvent.paste('曲'.repeat(REPLY_NAME_MAX + 10));
    expect(last(onChange).repName).toHaveLength(REPLY_NAME_MAX);
  });

  it('picks an image from the library and keeps it across tab switches', async () => {
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    await userEvent.click(tab('图片'));
    await userEvent.click(screen.getByTestId('reply-pick-image'));
    const picker = await screen.findByTestId('material-picker-image');
    const card = await within(picker).findByTestId('material-card');
    await userEvent.click(within(card).getByRole('button'));
    expect(last(onChange)).toEqual({ repType: 'image', repMediaId: 'img-1', repName: 'dish.png', repUrl: '/weixin/media/material/dish.png' });
    await waitFor(() => expect(screen.queryByTestId('material-picker-image')).toBeNull());

    await userEvent.click(tab('文本'));
    await userEvent.click(tab('图片'));
    expect(within(screen.getByTestId('reply-chosen')).getByText('dish.png')).toBeInTheDocument();
    expect(last(onChange)).toMatchObject({ repType: 'image', repMediaId: 'img-1' });

    await userEvent.click(within(screen.getByTestId('reply-chosen')).getByRole('button'));
    expect(last(onChange)).toMatchObject({ repType: 'image', repMediaId: undefined });
  });

  it('fills a video reply title and description from the picked video', async () => {
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    await userEvent.click(tab('视频'));
    await userEvent.click(screen.getByTestId('reply-pick-video'));
    const picker = await screen.findByTestId('material-picker-video');
    await within(picker).findByText('厨房直播');
    await userEvent.click(within(picker).getByRole('button', { name: /选\s*择/ }));
    expect(last(onChange)).toMatchObject({ repType: 'video', repMediaId: 'video-1', repName: '厨房直播', repDesc: '后厨实拍' });
    expect(screen.getByTestId('reply-video-title')).toHaveValue('厨房直播');
  });

  it('keeps all articles of a news pick, or only the first with oneNews and says so', async () => {
    const onChange = vi.fn();
    const view = renderWithApp(<Harness onChange={onChange} />);
    await userEvent.click(tab('图文'));
    await userEvent.click(screen.getByTestId('reply-pick-news'));
    await userEvent.click(await within(await screen.findByTestId('material-picker-news')).findByRole('button', { name: /选\s*择/ }));
    expect(last(onChange).content?.articles).toHaveLength(2);
    view.unmount();

    const one = vi.fn();
    renderWithApp(<Harness onChange={one} oneNews />);
    await userEvent.click(tab('图文'));
    await userEvent.click(screen.getByTestId('reply-pick-news'));
    await userEvent.click(await within(await screen.findByTestId('material-picker-news')).findByRole('button', { name: /选\s*择/ }));
    expect(last(one)).toMatchObject({ repType: 'news', repMediaId: 'news-1', repName: '本周新菜' });
    expect(last(one).content?.articles.map((a) => a.title)).toEqual(['本周新菜']);
    await screen.findByText('公众号平台只允许回复一条图文消息，已保留第一篇');
  });

  it('picks the music thumbnail the server requires from the image library', async () => {
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    await userEvent.click(tab('音乐'));
    await userEvent.type(screen.getByTestId('reply-music-url'), 'https://music.example.com/a.mp3');
    expect(validateReply(last(onChange))).toBe('请选择音乐的缩略图');

    await userEvent.click(screen.getByTestId('reply-pick-thumb'));
    const picker = await screen.findByTestId('material-picker-image');
    const card = await within(picker).findByTestId('material-card');
    await userEvent.click(within(card).getByRole('button'));
    expect(last(onChange)).toEqual({
      repType: 'music', repUrl: 'https://music.example.com/a.mp3', repThumbMediaId: 'img-1', repThumbUrl: '/weixin/media/material/dish.png',
    });
    expect(screen.getByTestId('reply-music-thumb')).toHaveAttribute('src', '/weixin/media/material/dish.png');
    expect(validateReply(last(onChange))).toBeNull();
  });

  it('shows a stored news reply (articles, no media id) as chosen, and removing it leaves nothing to send', async () => {
    const onChange = vi.fn();
    const stored: Reply = { repType: 'news', content: { articles: [{ title: '本周新菜', thumbMediaId: 'img-1', thumbUrl: '/a.png', content: '<p>a</p>' }] } };
    expect(validateReply(stored)).toBeNull();
    renderWithApp(<Harness onChange={onChange} initial={stored} />);
    const chosen = screen.getByTestId('reply-chosen');
    expect(within(chosen).getByText('本周新菜')).toBeInTheDocument();

    await userEvent.click(within(chosen).getByRole('button', { name: /删\s*除/ }));
    expect(last(onChange)).toMatchObject({ repType: 'news', content: null });
    expect(validateReply(last(onChange))).toBe('请选择图文');
    expect(screen.getByTestId('reply-pick-news')).toBeInTheDocument();
  });

  it('checks an upload before sending it and uploads a good one', async () => {
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    await userEvent.click(tab('图片'));
    // The upload control renders a new input after each choice.
    const input = () => screen.getByTestId('upload-image').querySelector('input[type=file]') as HTMLInputElement;
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input(), new File([new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    await screen.findByText('上传图片大小不能超过2M!');
    await user.upload(input(), new File(['text'], 'notes.txt', { type: 'text/plain' }));
    await screen.findByText('上传图片格式不对!');
    expect(server.calls('POST', '/weixin/wxmaterial/materialFileUpload')).toHaveLength(0);

    await user.upload(input(), new File([new Uint8Array([137, 80, 78, 71])], 'new.png', { type: 'image/png' }));
    await waitFor(() => expect(last(onChange)).toMatchObject({ repType: 'image', repMediaId: 'img-new' }));
    const sent = server.calls('POST', '/weixin/wxmaterial/materialFileUpload');
    expect(sent).toHaveLength(1);
    expect(String(sent[0]!.body)).toContain('name="mediaType"\r\n\r\nimage');
    expect(sent[0]!.headers.authorization).toBe('Bearer test-token');
  });

  it('hides the upload without wxmp:wxmaterial:add', async () => {
    signInWith(['wxmp:wxmaterial:index']);
    renderWithApp(<Harness onChange={() => undefined} />);
    await userEvent.click(tab('图片'));
    expect(screen.getByTestId('reply-pick-image')).toBeInTheDocument();
    expect(screen.queryByTestId('upload-image')).toBeNull();
  });
});
