import { useEffect } from 'react';
import { Alert, Button, Card, Form, Input, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { printerEndpoints } from '@canteen/contract';
import { call } from '../../shared/http/call';
import { useAction } from '../../shared/http/useAction';
import { usePermissionCheck } from '../../shared/session/session';
import { PRINTERS_KEY } from './keys';
import './messages';

const ACCOUNT_KEY = [PRINTERS_KEY, 'feie-account'] as const;

interface AccountValues {
  user: string;
  ukey?: string;
}

/** 飞鹅账号: the user and UKEY every 飞鹅 call signs with; the saved UKEY is never shown, an empty one keeps it. */
export function FeieAccountForm() {
  const { t } = useTranslation();
  const can = usePermissionCheck();
  const [form] = Form.useForm<AccountValues>();
  const account = useQuery({ queryKey: ACCOUNT_KEY, queryFn: () => call(printerEndpoints.feieAccount, {}) });
  const save = useAction({
    run: (values: AccountValues) => call(printerEndpoints.setFeieAccount, { body: { user: values.user.trim(), ...(values.ukey?.trim() ? { ukey: values.ukey.trim() } : {}) } }),
    success: 'printing.account.saved',
    invalidates: [ACCOUNT_KEY],
    onSuccess: () => form.setFieldValue('ukey', ''),
  });
  useEffect(() => {
    if (account.data) form.setFieldsValue({ user: account.data.user, ukey: '' });
  }, [account.data, form]);
  const editable = can('store:printer:account');

  if (account.isPending) return <Skeleton active />;
  return (
    <Card variant="borderless" data-testid="feie-account">
      {account.data && !account.data.configured && <Alert type="warning" showIcon title={t('printing.account.notConfigured')} style={{ marginBottom: 16 }} />}
      <Form<AccountValues> form={form} layout="vertical" style={{ maxWidth: 420 }} disabled={!editable} onFinish={(values) => void save.run(values)}>
        <Form.Item name="user" label={t('printing.account.user')} extra={t('printing.account.help')} rules={[{ required: true, whitespace: true, message: t('printing.account.v.user') }]}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="ukey"
          label={t('printing.account.ukey')}
          extra={account.data?.ukeyMasked ? t('printing.account.ukeyKeep', { masked: account.data.ukeyMasked }) : undefined}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.busy} data-testid="feie-account-save">
            {t('printing.account.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
