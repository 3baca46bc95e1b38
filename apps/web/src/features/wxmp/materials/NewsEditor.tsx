import { useState } from 'react';
import { App, Button, Col, Form, Input, Modal, Row, Space, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { validateUrl } from '@canteen/contract';
import { useAction } from '../../../shared/http/useAction';
import { validationText } from '../../../shared/resource';
import { createNews, updateNews, type Article, type Material } from '../api';
import { MaterialPicker } from '../components/MaterialPicker';
import { THUMB_SIZE } from '../components/NewsPreview';
import { RichText } from './RichText';
import '../messages';

export const MAX_ARTICLES = 8;

interface Draft extends Article {
  /** Local key, so each article's editor keeps its own content. */
  key: number;
}

let nextKey = 1;
const blank = (): Draft => ({ key: nextKey++, title: '', thumbMediaId: '', thumbUrl: null, author: '', digest: '', content: '', contentSourceUrl: '' });
const draftOf = (a: Article): Draft => ({ ...blank(), ...a, author: a.author ?? '', digest: a.digest ?? '', contentSourceUrl: a.contentSourceUrl ?? '' });
const isBlankHtml = (html: string) => html.replace(/<br\s*\/?>|&nbsp;|\s/g, '').replace(/<(\w+)[^>]*><\/\1>/g, '') === '';

/** The first problem of an article (i18n text), or null. */
export function articleProblem(a: Article, t: (key: string) => string): string | null {
  if (!a.title.trim()) return t('wxmp.news.titleRequired');
  if (!a.thumbMediaId) return t('wxmp.news.coverRequired');
  if ((a.author ?? '').length > 8) return t('wxmp.news.authorMax');
  if ((a.digest ?? '').length > 120) return t('wxmp.news.digestMax');
  if (isBlankHtml(a.content) && !/<img/i.test(a.content)) return t('wxmp.news.contentRequired');
  if (a.contentSourceUrl && validateUrl(a.contentSourceUrl)) return validationText(validateUrl(a.contentSourceUrl)!);
  return null;
}

export interface NewsEditorProps {
  appId: string;
  /** The news material to edit; nothing to create one. */
  material?: Material;
  onClose: () => void;
  onSaved: (material: Material) => void;
}

/**
 * Creates or edits a news material (`POST`/`PUT /weixin/wxmaterial/materialNews`): up to 8
 * articles, each with title, cover (an image material), author, digest, rich-text content and
 * source URL; articles can be added, removed and moved.
 */
export function NewsEditor({ appId, material, onClose, onSaved }: NewsEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [articles, setArticles] = useState<Draft[]>(() => (material?.content?.articles.length ? material.content.articles.map(draftOf) : [blank()]));
  const [selected, setSelected] = useState(0);
  const [pickingCover, setPickingCover] = useState(false);
  const saveNews = useAction({
    run: (body: Article[]) => (material ? updateNews(appId, material.mediaId, body) : createNews(appId, body)),
    success: 'wxmp.common.saved',
    onSuccess: (saved) => onSaved(saved),
  });
  const current = articles[Math.min(selected, articles.length - 1)]!;

  const patch = (fields: Partial<Article>) => setArticles((list) => list.map((a) => (a.key === current.key ? { ...a, ...fields } : a)));
  const move = (from: number, to: number) => {
    setArticles((list) => {
      const next = [...list];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
    setSelected(to);
  };
  const add = () => {
    if (articles.length >= MAX_ARTICLES) {
      void message.warning(t('wxmp.news.maxArticles'));
      return;
    }
    setArticles((list) => [...list, blank()]);
    setSelected(articles.length);
  };
  const remove = (index: number) => {
    setArticles((list) => list.filter((_, i) => i !== index));
    setSelected((s) => Math.max(0, s >= index ? s - 1 : s));
  };

  const save = async () => {
    for (const [index, article] of articles.entries()) {
      const problem = articleProblem(article, t);
      if (problem) {
        setSelected(index);
        void message.error(t('wxmp.news.invalid', { n: index + 1, msg: problem }));
        return;
      }
    }
    const body: Article[] = articles.map((a) => ({
      title: a.title.trim(),
      thumbMediaId: a.thumbMediaId,
      author: a.author || null,
      digest: a.digest || null,
      content: a.content,
      contentSourceUrl: a.contentSourceUrl || null,
      showCoverPic: a.showCoverPic ?? 1,
    }));
    await saveNews.run(body);
  };

  return (
    <Modal
      open
      width={1080}
      title={t(material ? 'wxmp.material.editNews' : 'wxmp.material.addNews')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('wxmp.common.ok')}
      cancelText={t('wxmp.common.cancel')}
      confirmLoading={saveNews.busy}
      maskClosable={false}
      destroyOnHidden
    >
      <Row gutter={16} data-testid="news-editor">
        <Col span={7}>
          <div style={{ border: '1px solid #e5e5e5', borderRadius: 6, overflow: 'hidden' }}>
            {articles.map((article, index) => (
              <div
                key={article.key}
                data-testid="news-article"
                onClick={() => setSelected(index)}
                style={{
                  display: 'flex', alignItems: 'center', gap: 8, padding: 8, cursor: 'pointer',
                  borderTop: index ? '1px solid #eee' : undefined, background: article.key === current.key ? '#e6f4ff' : '#fff',
                }}
              >
                {article.thumbUrl ? (
                  <img src={article.thumbUrl} alt="" style={{ width: 48, height: 48, objectFit: 'cover', flex: 'none' }} />
                ) : (
                  <div style={{ width: 48, height: 48, background: '#f0f0f0', flex: 'none' }} />
                )}
                <Typography.Text ellipsis style={{ flex: 1 }}>
                  {article.title || t('wxmp.news.article', { n: index + 1 })}
                </Typography.Text>
                <Space size={0} onClick={(e) => e.stopPropagation()}>
                  <Tooltip title={t('wxmp.news.moveUp')}>
                    <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('wxmp.news.moveUp')} onClick={() => move(index, index - 1)} />
                  </Tooltip>
                  <Tooltip title={t('wxmp.news.moveDown')}>
                    <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === articles.length - 1} aria-label={t('wxmp.news.moveDown')} onClick={() => move(index, index + 1)} />
                  </Tooltip>
                  <Tooltip title={t('wxmp.news.removeArticle')}>
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} disabled={articles.length === 1} aria-label={t('wxmp.news.removeArticle')} onClick={() => remove(index)} />
                  </Tooltip>
                </Space>
              </div>
            ))}
          </div>
          <Button block icon={<PlusOutlined />} style={{ marginTop: 8 }} disabled={articles.length >= MAX_ARTICLES} onClick={add} data-testid="news-add-article">
            {t('wxmp.news.addArticle')} ({articles.length}/{MAX_ARTICLES})
          </Button>
        </Col>
        <Col span={17}>
          <Form layout="vertical" key={current.key} component="div">
            <Form.Item label={t('wxmp.news.title')} required>
              <Input value={current.title} maxLength={64} showCount onChange={(e) => patch({ title: e.target.value })} data-testid="news-title" />
            </Form.Item>
            <Form.Item label={t('wxmp.news.cover')} required>
              <Space align="end">
                <div style={{ width: THUMB_SIZE * 1.6, height: THUMB_SIZE, border: '1px dashed #d9d9d9', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                  {current.thumbUrl ? <img src={current.thumbUrl} alt="" style={{ maxWidth: '100%', maxHeight: THUMB_SIZE }} data-testid="news-cover" /> : <PictureOutlined style={{ fontSize: 28, color: '#bbb' }} />}
                </div>
                <Button onClick={() => setPickingCover(true)} data-testid="news-pick-cover">
                  {t('wxmp.news.pickCover')}
                </Button>
              </Space>
            </Form.Item>
            <Row gutter={12}>
              <Col span={8}>
                <Form.Item label={t('wxmp.news.author')}>
                  <Input value={current.author ?? ''} maxLength={8} onChange={(e) => patch({ author: e.target.value })} data-testid="news-author" />
                </Form.Item>
              </Col>
              <Col span={16}>
                <Form.Item label={t('wxmp.news.sourceUrl')}>
                  <Input value={current.contentSourceUrl ?? ''} maxLength={1024} placeholder="https://" onChange={(e) => patch({ contentSourceUrl: e.target.value })} data-testid="news-source" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={t('wxmp.news.digest')}>
              <Input.TextArea value={current.digest ?? ''} maxLength={120} showCount rows={2} onChange={(e) => patch({ digest: e.target.value })} data-testid="news-digest" />
            </Form.Item>
            <Form.Item label={t('wxmp.news.content')} required>
              <RichText key={current.key} appId={appId} value={current.content} onChange={(content) => patch({ content })} />
            </Form.Item>
          </Form>
        </Col>
      </Row>
      {pickingCover && (
        <MaterialPicker
          open
          appId={appId}
          type="image"
          onClose={() => setPickingCover(false)}
          onSelect={(image) => {
            setPickingCover(false);
            patch({ thumbMediaId: image.mediaId, thumbUrl: image.url });
          }}
        />
      )}
    </Modal>
  );
}
