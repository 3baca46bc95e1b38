import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { BoldOutlined, ClearOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined, UnderlineOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { validateUrl } from '@canteen/contract';
import { MaterialPicker } from '../components/MaterialPicker';
import { sanitizeArticleHtml } from './article-html';
import '../messages';

/** A toolbar button that keeps the text selection (mouse down does not take the focus). */
function Tool({ title, icon, onClick }: { title: string; icon: ReactNode; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(title)}>
      <Button size="small" type="text" icon={icon} aria-label={t(title)} onMouseDown={(e) => e.preventDefault()} onClick={onClick} />
    </Tooltip>
  );
}

export interface RichTextProps {
  appId: string;
  /** The initial HTML; the editor is uncontrolled afterwards (give it a `key` per document). */
  value?: string;
  onChange: (html: string) => void;
}

/**
 * A small rich-text editor for article content: a contentEditable area with bold, italic,
 * underline, list, link, image (from the image materials) and clear formatting.
 */
export function RichText({ appId, value, onChange }: RichTextProps) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const [picking, setPicking] = useState(false);
  const saved = useRef<Range | null>(null);

  useEffect(() => {
    // Sanitised before it meets innerHTML: stored articles, synced ones and older rows alike.
    if (area.current) area.current.innerHTML = sanitizeArticleHtml(value ?? '');
    // Only the first value: the area owns its content afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const changed = () => onChange(area.current?.innerHTML ?? '');
  const rememberSelection = () => {
    const selection = window.getSelection();
    if (selection?.rangeCount && area.current?.contains(selection.anchorNode)) saved.current = selection.getRangeAt(0);
  };
  const restoreSelection = () => {
    area.current?.focus();
    const selection = window.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
  };
  const command = (name: string, argument?: string) => {
    restoreSelection();
    document.execCommand(name, false, argument);
    changed();
  };

  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }} data-testid="rich-text">
      <Space size={2} style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}>
        <Tool title="wxmp.news.bold" icon={<BoldOutlined />} onClick={() => command('bold')} />
        <Tool title="wxmp.news.italic" icon={<ItalicOutlined />} onClick={() => command('italic')} />
        <Tool title="wxmp.news.underline" icon={<UnderlineOutlined />} onClick={() => command('underline')} />
        <Tool title="wxmp.news.list" icon={<OrderedListOutlined />} onClick={() => command('insertOrderedList')} />
        <Tool
          title="wxmp.news.link"
          icon={<LinkOutlined />}
          onClick={() => {
            rememberSelection();
            const url = window.prompt(t('wxmp.news.linkPrompt'), 'https://');
            if (url && !validateUrl(url)) command('createLink', url);
          }}
        />
        <Tool
          title="wxmp.news.insertImage"
          icon={<PictureOutlined />}
          onClick={() => {
            rememberSelection();
            setPicking(true);
          }}
        />
        <Tool title="wxmp.news.clear" icon={<ClearOutlined />} onClick={() => command('removeFormat')} />
      </Space>
      <div
        ref={area}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={t('wxmp.news.content')}
        data-placeholder={t('wxmp.news.contentPlaceholder')}
        className="wxmp-rich-text"
        style={{ minHeight: 200, maxHeight: 360, overflow: 'auto', padding: '8px 12px', outline: 'none' }}
        onInput={changed}
        onBlur={rememberSelection}
        onKeyUp={rememberSelection}
        onMouseUp={rememberSelection}
        data-testid="rich-text-area"
      />
      {picking && (
        <MaterialPicker
          open
          appId={appId}
          type="image"
          onClose={() => setPicking(false)}
          onSelect={(material) => {
            setPicking(false);
            if (material.url) command('insertImage', material.url);
          }}
        />
      )}
    </div>
  );
}
