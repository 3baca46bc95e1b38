import { useEffect, useLayoutEffect, useState } from 'react';
import { App, Button, Form, Input, Space, Tabs } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { settingsEndpoints, validateCode, validatePassword, validatePhone, validateSmsCode, PASSWORD_MAX, CODE_LENGTH, SMS_CODE_LENGTH, type PublicSettings } from '@canteen/contract';
import { call } from '../../shared/http/call';
import { HttpError } from '../../shared/http/client';
import { changeLanguage } from '../../shared/i18n';
import { completeSignIn, register, requestPasswordToken, requestSmsToken, sendSmsCode } from '../../shared/session/auth';
import { takeOverBootForm } from './boot-form';
import { useTitle } from './title';
import './messages';

type TabKey = 'user' | 'phone' | 'register';

const newRandomStr = () => `${Date.now()}${Math.random().toString().slice(2, 10)}`;

/** antd rule from one of the shared validators; the message goes through i18n. */
function useRule(check: (value: unknown) => string | null) {
  const { t } = useTranslation();
  return {
    validator: (_: unknown, value: unknown) => {
      const problem = check(value);
      return problem ? Promise.reject(new Error(t(`rule.${problem}`, { defaultValue: problem }))) : Promise.resolve();
    },
  };
}

function useAfterSignIn() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return () => {
    const back = search.get('redirect');
    void navigate(back && back.startsWith('/') && !back.startsWith('//') ? back : '/wel/index', { replace: true });
  };
}

function PasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ username: string; password: string; code: string }>();
  const [randomStr, setRandomStr] = useState(newRandomStr);
  const [busy, setBusy] = useState(false);
  const done = useAfterSignIn();
  const passwordRule = useRule(validatePassword);
  const codeRule = useRule(validateCode);
  // Before the first paint: what the user typed into the form index.html drew carries over.
  useLayoutEffect(() => {
    const boot = takeOverBootForm();
    if (!boot) return;
    form.setFieldsValue(boot.values);
    if (boot.focused) (form.getFieldInstance(boot.focused) as { focus?: () => void } | undefined)?.focus?.();
    if (boot.submitted) form.submit();
  }, [form]);
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const submit = async (values: { username: string; password: string; code: string }) => {
    setBusy(true);
    try {
      await completeSignIn(await requestPasswordToken({ ...values, randomStr }));
      done();
    } catch (error) {
      setRandomStr(newRandomStr());
      form.setFieldValue('code', '');
      setBusy(false);
      // 428: the server wants the captcha of the picture. After repeated failures on the account
      // it asks even with AUTH_CAPTCHA off (issue 22 #1): a new picture, the code field focused.
      if (error instanceof HttpError && error.status === 428) {
        setCaptchaAsked(true);
        (form.getFieldInstance('code') as { focus?: () => void } | undefined)?.focus?.();
      }
    }
  };
  return (
    <Form form={form} onFinish={(v) => void submit(v)} size="large" data-testid="login-form" autoComplete="off">
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('auth.usernameRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('auth.username')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[passwordRule]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('auth.password')} maxLength={PASSWORD_MAX} autoComplete="current-password" />
      </Form.Item>
      <Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" rules={[codeRule]} noStyle>
            <Input prefix={<SafetyOutlined />} placeholder={t('auth.code')} maxLength={CODE_LENGTH} />
          </Form.Item>
          <img
            src={`/code?randomStr=${randomStr}`}
            alt={t('auth.captchaAlt')}
            title={t('auth.captchaAlt')}
            data-testid="captcha"
            onClick={() => setRandomStr(newRandomStr())}
            className="login-captcha"
          />
        </Space.Compact>
        {captchaAsked ? <div role="status" data-testid="captcha-asked" style={{ color: '#d46b08', marginTop: 6, fontSize: 13 }}>{t('auth.captchaAsked')}</div> : null}
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>{t('auth.submit')}</Button>
    </Form>
  );
}

function PhoneForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const done = useAfterSignIn();
  const phoneRule = useRule(validatePhone);
  const codeRule = useRule(validateSmsCode);
  useEffect(() => {
    if (wait <= 0) return;
    const id = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(id);
  }, [wait]);
  const send = async () => {
    try {
      const { phone } = await form.validateFields(['phone']);
      await sendSmsCode(phone);
      void message.success(t('auth.codeSent'));
      setWait(60);
    } catch {
      /* the field or the call shows the problem */
    }
  };
  const submit = async ({ phone, code }: { phone: string; code: string }) => {
    setBusy(true);
    try {
      await completeSignIn(await requestSmsToken(phone, code));
      done();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Form form={form} onFinish={(v) => void submit(v)} size="large" data-testid="phone-form">
      <Form.Item name="phone" rules={[phoneRule]}>
        <Input prefix={<MobileOutlined />} placeholder={t('auth.phone')} maxLength={11} />
      </Form.Item>
      <Form.Item>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" rules={[codeRule]} noStyle>
            <Input prefix={<SafetyOutlined />} placeholder={t('auth.smsCode')} maxLength={SMS_CODE_LENGTH} inputMode="numeric" autoComplete="one-time-code" />
          </Form.Item>
          <Button onClick={() => void send()} disabled={wait > 0} style={{ width: 130 }}>
            {wait > 0 ? t('auth.resend', { n: wait }) : t('auth.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>{t('auth.submit')}</Button>
    </Form>
  );
}

interface RegisterValues {
  username: string;
  password: string;
  confirm: string;
  phone?: string;
  nickname?: string;
}

function RegisterForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const passwordRule = useRule(validatePassword);
  const phoneRule = useRule((v) => (v ? validatePhone(v) : null));
  const submit = async ({ confirm: _confirm, ...values }: RegisterValues) => {
    setBusy(true);
    try {
      await register({ ...values, phone: values.phone || undefined, nickname: values.nickname || undefined });
      void message.success(t('auth.registered'));
      onDone();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Form<RegisterValues> onFinish={(v) => void submit(v)} size="large" data-testid="register-form" autoComplete="off">
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('auth.usernameRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('auth.username')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[passwordRule]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('auth.password')} maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={[({ getFieldValue }) => ({ validator: (_, v) => (v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('auth.mismatch')))) })]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('auth.confirm')} maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="phone" rules={[phoneRule]}>
        <Input prefix={<MobileOutlined />} placeholder={t('auth.phoneOptional')} maxLength={11} />
      </Form.Item>
      <Form.Item name="nickname">
        <Input prefix={<UserOutlined />} placeholder={t('auth.nickname')} maxLength={32} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>{t('auth.register')}</Button>
    </Form>
  );
}

/** The runtime settings the login page follows (registration open, third-party providers); outside the shell, so read here. */
function useLoginSettings(): PublicSettings | undefined {
  const [settings, setSettings] = useState<PublicSettings>();
  useEffect(() => {
    let live = true;
    call(settingsEndpoints.public, {}).then((answer) => live && setSettings(answer), () => undefined);
    return () => { live = false; };
  }, []);
  return settings;
}

/** The third-party providers' buttons: each leads to its provider's authorize page, which comes back to /authredirect. */
function ThirdPartyButtons({ providers }: { providers: readonly string[] }) {
  const { t } = useTranslation();
  if (!providers.length) return null;
  return (
    <div data-testid="thirdparty">
      <p className="login-other-ways">{t('auth.otherWays')}</p>
      <Space wrap style={{ width: '100%', justifyContent: 'center' }}>
        {providers.map((provider) => (
          <Button key={provider} onClick={() => window.location.assign(`/auth/thirdparty/${encodeURIComponent(provider)}/authorize`)}>
            {t(`auth.providers.${provider}`, { defaultValue: provider })}
          </Button>
        ))}
      </Space>
    </div>
  );
}

/** The sign-in page at /login and /register: user sign-in, phone-code sign-in, registration (when open). */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const settings = useLoginSettings();
  const [phone, setPhone] = useState(false);
  const registerOpen = settings?.register === true;
  const tab: TabKey = location.pathname === '/register' && registerOpen ? 'register' : phone ? 'phone' : 'user';
  useTitle(t(tab === 'register' ? 'auth.tabRegister' : 'auth.title'));
  // /register while registration is closed is the sign-in page.
  useEffect(() => {
    if (settings && !registerOpen && location.pathname === '/register') void navigate({ pathname: '/login', search: location.search }, { replace: true });
  }, [settings, registerOpen, location.pathname, location.search, navigate]);
  const select = (key: string) => {
    setPhone(key === 'phone');
    if (key === 'register') void navigate('/register', { replace: true });
    else if (location.pathname !== '/login') void navigate({ pathname: '/login', search: location.search }, { replace: true });
  };
  const other = i18n.language === 'en-US' ? 'zh-CN' : 'en-US';
  return (
    <div className="login-page">
      <div className="login-card">
        <h1 className="login-title">{t('app.title')}</h1>
        <p className="login-subtitle">{t('app.subtitle')}</p>
        <Tabs
          activeKey={tab}
          onChange={select}
          centered
          items={[
            { key: 'user', label: t('auth.tabUser'), children: <PasswordForm /> },
            { key: 'phone', label: t('auth.tabPhone'), children: <PhoneForm /> },
            ...(registerOpen ? [{ key: 'register', label: t('auth.tabRegister'), children: <RegisterForm onDone={() => select('user')} /> }] : []),
          ]}
        />
        {tab === 'register' ? null : <ThirdPartyButtons providers={settings?.thirdPartyProviders ?? []} />}
        <div style={{ textAlign: 'center', marginTop: 8 }}>
          <Button type="link" size="small" onClick={() => void changeLanguage(other)}>{t(other === 'en-US' ? 'language.en' : 'language.zh')}</Button>
        </div>
      </div>
    </div>
  );
}
