import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Article } from '../api';
import '../messages';

/** News preview width and image thumbnail size (specification §9). */
export const NEWS_PREVIEW_WIDTH = 300;
export const THUMB_SIZE = 100;

/**
 * A news material as the follower sees it, 300px wide: the first article with its cover and
 * title over it, the others as rows with a small cover.
 */
export function NewsPreview({ articles, footer }: { articles: Pick<Article, 'title' | 'thumbUrl'>[]; footer?: ReactNode }) {
  const { t } = useTranslation();
  const [first, ...rest] = articles;
  return (
    <div className="wxmp-news" data-testid="news-preview" style={{ width: NEWS_PREVIEW_WIDTH, border: '1px solid #e5e5e5', borderRadius: 6, background: '#fff', overflow: 'hidden' }}>
      {first && (
        <div style={{ position: 'relative', height: 150, background: '#f0f0f0' }}>
          {first.thumbUrl && <img src={first.thumbUrl} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />}
          <div style={{ position: 'absolute', left: 0, right: 0, bottom: 0, padding: '6px 10px', background: 'rgba(0,0,0,.55)', color: '#fff', fontSize: 14, lineHeight: 1.4 }}>
            {first.title || t('wxmp.news.untitled')}
          </div>
        </div>
      )}
      {rest.map((article, index) => (
        <div key={index} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 10px', borderTop: '1px solid #eee' }}>
          <div style={{ flex: 1, fontSize: 13, overflow: 'hidden', textOverflow: 'ellipsis' }}>{article.title || t('wxmp.news.untitled')}</div>
          {article.thumbUrl ? (
            <img src={article.thumbUrl} alt="" style={{ width: 48, height: 48, objectFit: 'cover', flex: 'none' }} />
          ) : (
            <div style={{ width: 48, height: 48, background: '#f0f0f0', flex: 'none' }} />
          )}
        </div>
      ))}
      {footer && <div style={{ borderTop: '1px solid #eee', padding: '4px 8px', textAlign: 'right' }}>{footer}</div>}
    </div>
  );
}
