import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiServerForFile, failReply, okReply } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import { MaterialUpload } from './MaterialUpload';

/** The upload answer: a stored material, a refusal of the server, or an envelope whose code is not 0. */
let answer: 'ok' | 'refused' | 'odd' = 'ok';
const server = apiServerForFile(({ method, path }) => {
  if (method !== 'POST' || path !== '/weixin/wxmaterial/materialFileUpload') return undefined;
  if (answer === 'refused') return failReply(400, '素材数量已达上限');
  if (answer === 'odd') return { body: { code: '-1', msg: '平台繁忙', data: null } };
  return okReply({ mediaId: 'img-new', name: 'new.png', url: '/media/new.png', updateTime: null });
});

beforeEach(() => signInWith(['wxmp:wxmaterial:add']));

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'new.png', { type: 'image/png' });
const input = () => screen.getByTestId('upload-image').querySelector('input[type=file]') as HTMLInputElement;

describe('MaterialUpload', () => {
  it('shows the voice hint (at most 60 s) on every voice upload, not only the materials page', () => {
    renderWithApp(<MaterialUpload appId="wx1" type="voice" onUploaded={() => undefined} />);
    expect(screen.getByTestId('upload-voice')).toHaveTextContent('播放长度不超过60s');
  });

  it('shows no hint on an image upload unless the page gives one', () => {
    renderWithApp(<MaterialUpload appId="wx1" type="image" onUploaded={() => undefined} />);
    expect(screen.getByTestId('upload-image')).not.toHaveTextContent('支持');
  });

  it('says 上传成功 and hands over the new material', async () => {
    answer = 'ok';
    const onUploaded = vi.fn();
    renderWithApp(<MaterialUpload appId="wx1" type="image" onUploaded={onUploaded} />);
    await userEvent.upload(input(), png());
    expect(await screen.findByText('上传成功')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ mediaId: 'img-new' }));
    expect(server.calls('POST', '/weixin/wxmaterial/materialFileUpload')).toHaveLength(1);
  });

  it('shows 上传出错： with the server’s message, once, for a refusal and for an answer whose code is not 0', async () => {
    const onUploaded = vi.fn();
    answer = 'refused';
    const { notified } = renderWithApp(<MaterialUpload appId="wx1" type="image" onUploaded={onUploaded} />);
    await userEvent.upload(input(), png());
    expect(await screen.findByText('上传出错：素材数量已达上限')).toBeInTheDocument();
    answer = 'odd';
    await userEvent.upload(input(), png());
    expect(await screen.findByText('上传出错：平台繁忙')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('POST', '/weixin/wxmaterial/materialFileUpload')).toHaveLength(2));
    expect(notified).toEqual([]); // the upload's own text, not the client's red message as well
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
