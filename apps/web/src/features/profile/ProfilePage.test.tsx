import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failReply, okReply, type Received, apiServerForFile } from '../../../test/api-server';
import { renderWithApp, signInWith } from '../../../test/render';
import { useSession } from '../../shared/session/session';
import ProfilePage from './ProfilePage';
import { profilePages } from './pages';

let profile = { id: '1', username: 'admin', nickname: '管理员', avatar: null as string | null, phone: '13800000000', deptId: '1', deptName: '总部' };

function route({ method, path, body, headers }: Received) {
  if (method === 'GET' && path === '/upms/user/info') return okReply({ sysUser: profile, roles: ['ROLE_ADMIN'], permissions: ['sys:user:index'] });
  if (method === 'POST' && path === '/upms/user/phone/code') return okReply(true);
  if (method === 'PUT' && path === '/upms/user/edit') {
    const b = body as Record<string, string>;
    if (b.password && b.password !== '123456') return failReply(400, '原密码错误');
    // As the server: a new number only with the code sent to it (issue 22 #9).
    if (b.phone && b.phone !== profile.phone && b.smsCode !== '246810') return failReply(400, '短信验证码错误或已过期，请重新获取');
    profile = { ...profile, ...(b.nickname !== undefined ? { nickname: b.nickname } : {}), ...(b.phone ? { phone: b.phone } : {}), ...(b.avatar ? { avatar: b.avatar } : {}) };
    return okReply(true);
  }
  if (method === 'POST' && path === '/upms/user/avatar') {
    if (!/^multipart\/form-data/.test(headers['content-type'] ?? '')) return failReply(415, '需要 multipart/form-data');
    return okReply({ url: '/media/avatar/1.png' });
  }
  return undefined;
}

const server = apiServerForFile(route);
beforeEach(() => {
  profile = { id: '1', username: 'admin', nickname: '管理员', avatar: null, phone: '13800000000', deptId: '1', deptName: '总部' };
  signInWith([]);
});

// A finished loading icon stays in the accessible name in jsdom (its motion never ends).
const save = () => screen.getAllByRole('button', { name: /保\s?存$/ });
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

describe('personal information', () => {
  it('is registered at views/info/index, open to every signed-in user', async () => {
    const entry = profilePages['views/info/index']!;
    expect(entry.permission).toBeNull();
    expect(typeof (await entry.load()).default).toBe('function');
  });

  it('checks the phone with the three messages of the specification, then saves', async () => {
    const user = userEvent.setup();
    renderWithApp(<ProfilePage />);
    const phone = await screen.findByLabelText('手机号');
    expect(phone).toHaveValue('13800000000');
    await user.clear(phone);
    await user.click(save()[0]!);
    await waitFor(() => expect(errors()).toContain('手机号码不能为空'));
    await user.type(phone, '1380000');
    await waitFor(() => expect(errors()).toContain('手机号码长度不为11位'));
    await user.clear(phone);
    await user.type(phone, '12800000000');
    await waitFor(() => expect(errors()).toContain('手机号码格式不正确'));
    await user.clear(phone);
    await user.type(phone, '13912345678');
    await user.clear(screen.getByLabelText('昵称'));
    await user.type(screen.getByLabelText('昵称'), '店长');
    // A new number: the SMS code field and its 获取验证码 button (issue 22 #9).
    await user.click(save()[0]!);
    await waitFor(() => expect(errors()).toContain('请输入短信验证码'));
    expect(server.calls('PUT', '/upms/user/edit')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByText('验证码已发送');
    expect(server.calls('POST', '/upms/user/phone/code')[0]!.body).toEqual({ phone: '13912345678' });
    expect(await screen.findByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
    await user.type(screen.getByLabelText('短信验证码'), '246810');
    await user.click(save()[0]!);
    await screen.findByText('修改成功');
    expect(server.calls('PUT', '/upms/user/edit')[0]!.body).toEqual({ nickname: '店长', phone: '13912345678', smsCode: '246810' });
    await waitFor(() => expect(useSession.getState().user?.nickname).toBe('店长'));
  });

  it('asks no code while the phone number stays the same', async () => {
    const user = userEvent.setup();
    renderWithApp(<ProfilePage />);
    await screen.findByLabelText('手机号');
    expect(screen.queryByRole('button', { name: '获取验证码' })).toBeNull();
    await user.type(screen.getByLabelText('昵称'), '!');
    await user.click(save()[0]!);
    await screen.findByText('修改成功');
    expect(server.calls('PUT', '/upms/user/edit')[0]!.body).toEqual({ nickname: '管理员!', phone: '13800000000' });
    expect(server.calls('POST', '/upms/user/phone/code')).toHaveLength(0);
  });

  it('refuses a wrong image type and an image of 2M, and uploads a good one', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<ProfilePage />);
    await screen.findByLabelText('手机号');
    // The upload control renews its input after each file, so find it each time.
    const input = () => document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input(), new File(['x'], 'a.webp', { type: 'image/webp' }));
    expect(await screen.findByText('上传图片格式不对!')).toBeInTheDocument();
    await user.upload(input(), new File([new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('上传图片大小不能超过2M!')).toBeInTheDocument();
    expect(server.calls('POST', '/upms/user/avatar')).toHaveLength(0);
    await user.upload(input(), new File(['png'], 'ok.png', { type: 'image/png' }));
    await screen.findByText('头像已更新');
    expect(server.calls('PUT', '/upms/user/edit')[0]!.body).toEqual({ avatar: '/media/avatar/1.png' });
  });

  it('changes the password with the old one, 6 to 12 characters, confirmed', async () => {
    const user = userEvent.setup();
    const { notified } = renderWithApp(<ProfilePage />);
    await screen.findByLabelText('手机号');
    await user.click(screen.getByRole('tab', { name: '修改密码' }));
    const pane = screen.getByRole('tabpanel', { name: '修改密码' });
    await user.type(within(pane).getByLabelText('原密码'), 'wrong1');
    await user.type(within(pane).getByLabelText('新密码'), '12345');
    await user.type(within(pane).getByLabelText('确认密码'), '123456');
    await user.click(within(pane).getByRole('button', { name: /保\s?存$/ }));
    await waitFor(() => expect(errors()).toEqual(expect.arrayContaining(['密码长度最少为6位', '两次输入密码不一致!'])));
    await user.type(within(pane).getByLabelText('新密码'), '6');
    await user.click(within(pane).getByRole('button', { name: /保\s?存$/ }));
    await waitFor(() => expect(notified).toContain('原密码错误'));
    await user.clear(within(pane).getByLabelText('原密码'));
    await user.type(within(pane).getByLabelText('原密码'), '123456');
    await user.click(within(pane).getByRole('button', { name: /保\s?存$/ }));
    await screen.findByText('密码已修改');
    expect(server.calls('PUT', '/upms/user/edit').at(-1)!.body).toEqual({ password: '123456', newpassword1: '123456' });
  });
});
