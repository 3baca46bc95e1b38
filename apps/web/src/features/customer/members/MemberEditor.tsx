import { useMemo } from 'react';
import { Button, DatePicker, Form, Input, Modal, Radio, Select, Skeleton, Space, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MEMBER_GENDERS, memberEndpoints, validatePhone, type MemberRecord } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { useCloseGuard, validationText } from '../../../shared/resource';
import { MEMBERS_KEY } from '../queryKeys';
import { useLevels, useMember } from './api';
import { newMemberForm, toMemberBody, toMemberForm, type MemberFormValues } from './form';
import '../messages-member';

export interface MemberEditorProps {
  /** The member to edit; none: a new one. */
  id?: string;
  onClose: () => void;
  /** After adding: the new member's id (the list opens its drawer). */
  onCreated?: (id: string) => void;
}

/** Add or edit a member's profile: phone (a mainland mobile number), name, gender, birthday, level, remark. */
export function MemberEditor({ id, onClose, onCreated }: MemberEditorProps) {
  const { t } = useTranslation();
  const member = useMember(id);
  const loading = id !== undefined && member.isPending;
  // The form lives here so that the Modal's own close (Esc, ×) asks too; the values it opens with
  // are the member's once loaded (a form still loading has nothing to lose and closes at once).
  const [form] = Form.useForm<MemberFormValues>();
  const initial = useMemo(() => (member.data ? toMemberForm(member.data) : newMemberForm()), [member.data]);
  // Esc, a click outside, ×, 取消: the user's changes are not dropped without asking; a save closes at once.
  const guard = useCloseGuard(form, onClose, initial);
  const close = loading ? onClose : guard.close;
  return (
    <Modal
      open
      width={560}
      title={id ? t('customerMember.editor.editTitle', { name: member.data?.name || member.data?.phone || '' }) : t('customerMember.editor.addTitle')}
      onCancel={close}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {loading ? (
        <Skeleton active aria-label={t('customerMember.editor.loading')} />
      ) : (
        <MemberForm form={form} initial={initial} member={member.data} onClose={onClose} onCancel={close} onCreated={onCreated} />
      )}
    </Modal>
  );
}

interface MemberFormProps {
  form: FormInstance<MemberFormValues>;
  initial: MemberFormValues;
  member?: MemberRecord;
  /** After a save. */
  onClose: () => void;
  /** 取消: asks first when the user has changed something. */
  onCancel: () => void;
  onCreated?: (id: string) => void;
}

function MemberForm({ form, initial, member, onClose, onCancel, onCreated }: MemberFormProps) {
  const { t } = useTranslation();
  const levels = useLevels();
  const save = useAction({
    run: (values: MemberFormValues) =>
      member
        ? call(memberEndpoints.update, { body: { ...toMemberBody(values), id: member.id } })
        : call(memberEndpoints.create, { body: toMemberBody(values) }),
    success: member ? 'customerMember.editor.saved' : 'customerMember.editor.created',
    invalidates: [[MEMBERS_KEY]],
    onSuccess: (saved) => {
      onClose();
      if (!member) onCreated?.(saved.id);
    },
  });
  const submit = () => {
    form.validateFields().then(
      () => void save.run({ ...initial, ...(form.getFieldsValue(true) as MemberFormValues) }),
      () => undefined,
    );
  };

  return (
    <Form<MemberFormValues> form={form} layout="vertical" initialValues={initial} onFinish={submit} name="member-editor" data-testid="member-form">
      <Form.Item
        name="phone"
        label={t('customerMember.phone')}
        required
        extra={t('customerMember.editor.phoneHelp')}
        rules={[{ validator: async (_r, value: unknown) => { const problem = validatePhone(typeof value === 'string' ? value.trim() : value); if (problem) throw new Error(validationText(problem)); } }]}
      >
        <Input maxLength={11} inputMode="numeric" autoComplete="off" data-testid="member-phone" />
      </Form.Item>
      <Form.Item name="name" label={t('customerMember.name')} rules={[{ max: 32, message: t('customerMember.v.name') }]}>
        <Input maxLength={32} data-testid="member-name" />
      </Form.Item>
      <Form.Item name="gender" label={t('customerMember.gender')}>
        <Radio.Group options={MEMBER_GENDERS.map((g) => ({ value: g, label: t(`customerMember.genders.${g}`) }))} data-testid="member-gender" />
      </Form.Item>
      <Form.Item
        name="birthday"
        label={t('customerMember.birthday')}
        getValueProps={(value: string | null) => ({ value: value ? dayjs(value) : null })}
        normalize={(value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null)}
      >
        <DatePicker
          style={{ width: '100%' }}
          placeholder={t('customerMember.editor.birthdayPlaceholder')}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          aria-label={t('customerMember.birthday')}
          data-testid="member-birthday"
        />
      </Form.Item>
      <Form.Item name="levelId" label={t('customerMember.level')} extra={t('customerMember.editor.levelHelp')}>
        <Select
          allowClear
          loading={levels.isPending}
          options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          aria-label={t('customerMember.level')}
          data-testid="member-level"
        />
      </Form.Item>
      <Form.Item name="remark" label={t('customerMember.remark')} rules={[{ max: 200, message: t('customerMember.v.remark') }]}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('customerMember.editor.remarkPlaceholder')} data-testid="member-remark" />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('resource.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.busy} data-testid="member-save">{t('resource.ok')}</Button>
      </Space>
    </Form>
  );
}
