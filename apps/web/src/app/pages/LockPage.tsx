import { useState } from 'react';
import { App, Avatar, Button, Input, Space, Typography } from 'antd';
import { LockOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../shared/session/auth';
import { useLock } from '../../shared/session/lock';
import { useSession } from '../../shared/session/session';
import { HOME_PATH, LOCK_PATH, LOGIN_PATH } from '../guards';
import { useTitle } from '../title';
import '../messages';

/** /lock: the locked screen; the lock password unlocks it, or the user signs out. */
export default function LockPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [password, setPassword] = useState('');
  useTitle(t('shell.lock.locked'));
  const unlock = () => {
    if (!password) return void message.error(t('shell.lock.required'));
    const { returnTo } = useLock.getState();
    if (!useLock.getState().unlock(password)) return void message.error(t('shell.lock.wrong'));
    // Back to the page that was open when the screen was locked (home when there was none).
    const back = returnTo && returnTo.startsWith('/') && !returnTo.startsWith(LOCK_PATH) && !returnTo.startsWith(LOGIN_PATH) ? returnTo : HOME_PATH;
    void navigate(back, { replace: true });
  };
  const signOut = async () => {
    await logout();
    void navigate(LOGIN_PATH, { replace: true });
  };
  return (
    <div className="lock-page" data-testid="lock-page">
      <Space direction="vertical" align="center" size="large">
        <Avatar size={88} src={user?.avatar || undefined} icon={<UserOutlined />} />
        <Typography.Title level={3} style={{ color: '#fff', margin: 0 }}>{user?.nickname || user?.username}</Typography.Title>
        <Typography.Text style={{ color: 'rgba(255,255,255,.8)' }}><LockOutlined /> {t('shell.lock.locked')}</Typography.Text>
        <Space.Compact style={{ width: 320 }}>
          <Input.Password autoFocus value={password} onChange={(e) => setPassword(e.target.value)} onPressEnter={unlock} placeholder={t('shell.lock.placeholder')} />
          <Button type="primary" icon={<UnlockOutlined />} onClick={unlock}>{t('shell.lock.unlock')}</Button>
        </Space.Compact>
        <Button type="link" style={{ color: '#fff' }} onClick={() => void signOut()}>{t('shell.lock.toLogin')}</Button>
      </Space>
    </div>
  );
}
