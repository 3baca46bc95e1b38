import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { ARTICLE_ATTRIBUTES, ARTICLE_TAGS, isArticleHref, isArticleImageSrc, limitArticleStyle } from '@canteen/contract';

const perTag: Record<string, readonly string[]> = ARTICLE_ATTRIBUTES;
let purifier: Purifier | undefined;

/** Our own DOMPurify instance (its hooks touch no other caller), with the contract's per-tag rules. */
function articlePurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (!(node instanceof Element)) return;
    const tag = node.tagName.toLowerCase();
    for (const { name, value } of [...node.attributes]) {
      const allowed = perTag['*']!.includes(name) || (perTag[tag] ?? []).includes(name);
      const keep = allowed && (name === 'href' ? isArticleHref(value) : name === 'src' ? isArticleImageSrc(value) : true);
      if (!keep) node.removeAttribute(name);
      else if (name === 'style') {
        const limited = limitArticleStyle(value);
        if (limited) node.setAttribute('style', limited);
        else node.removeAttribute('style');
      }
    }
  });
  return (purifier = instance);
}

/**
 * A news article's HTML reduced to the contract's allow-list before it meets `innerHTML`
 * (issue 22 #8): the server sanitises what it stores, this covers rows stored before and
 * anything else that reaches the editor.
 */
export function sanitizeArticleHtml(html: string): string {
  return articlePurifier().sanitize(html, {
    ALLOWED_TAGS: [...ARTICLE_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(ARTICLE_ATTRIBUTES).flat())],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_CONTENTS: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template', 'title', 'xmp', 'noembed', 'noframes'],
  });
}
