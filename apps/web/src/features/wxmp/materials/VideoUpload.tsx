import { useState } from 'react';
import { App, Button, Form, Input, Modal, Typography, Upload } from 'antd';
import { VideoCameraAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/http/useAction';
import { uploadMaterial, type Material } from '../api';
import { ACCEPT, checkUpload } from '../components/upload';
import '../messages';

/** 新建视频: an MP4 under 10M with its title and description, both required. */
export function VideoUpload({ appId, onClose, onUploaded }: { appId: string; onClose: () => void; onUploaded: (material: Material) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string; introduction: string }>();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const upload = useAction({
    run: ({ file: video, title, introduction }: { file: File; title: string; introduction: string }) =>
      uploadMaterial({ appId, mediaType: 'video', file: video, title, introduction }),
    success: 'wxmp.common.uploaded',
    onSuccess: (material) => onUploaded(material),
    onError: (error) => void message.error(t('wxmp.common.uploadError', { msg: error.message })),
  });

  const submit = async () => {
    const values = await form.validateFields();
    if (!file) {
      setFileError(t('wxmp.material.fileRequired'));
      return;
    }
    await upload.run({ file, title: values.title.trim(), introduction: values.introduction.trim() });
  };

  return (
    <Modal
      open
      title={t('wxmp.material.newVideo')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('wxmp.common.ok')}
      cancelText={t('wxmp.common.cancel')}
      confirmLoading={upload.busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="video-form">
        <Form.Item label={t('wxmp.material.chooseVideo')} required validateStatus={fileError ? 'error' : undefined} help={fileError ?? t('wxmp.material.videoHint')}>
          <Upload
            accept={ACCEPT.video}
            multiple={false}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(candidate) => {
              const problem = checkUpload('video', { name: candidate.name, size: candidate.size, type: candidate.type });
              if (problem) {
                void message.error(problem);
                setFileError(problem);
                setFile(undefined);
              } else {
                setFileError(undefined);
                setFile(candidate);
              }
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<VideoCameraAddOutlined />}>{t('wxmp.material.chooseVideo')}</Button>
          </Upload>
          {file && <Typography.Text style={{ marginLeft: 12 }}>{file.name}</Typography.Text>}
        </Form.Item>
        <Form.Item name="title" label={t('wxmp.material.videoTitle')} rules={[{ required: true, whitespace: true, message: t('wxmp.material.titleRequired') }]}>
          <Input maxLength={64} data-testid="video-title" />
        </Form.Item>
        <Form.Item name="introduction" label={t('wxmp.material.videoIntro')} rules={[{ required: true, whitespace: true, message: t('wxmp.material.introRequired') }]}>
          <Input.TextArea rows={3} maxLength={120} data-testid="video-intro" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
