/**
 * The HTML a news article (图文素材) may hold: the one allow-list the server's sanitiser applies
 * when an article is created, updated or synced, and the web's applies before showing it.
 *
 * Inline `style` is kept but limited: WeChat articles carry their colours, sizes and alignment
 * there (dropping it would flatten every synced article), so only the typographic properties below
 * survive, with plain values (no `url(…)`, `expression(…)`, `var(…)`, escapes or quotes), which
 * rules out loading anything and positioning over the page (`position`, `z-index` are not listed).
 */

/** The elements an article keeps; any other is dropped (its text kept, except script/style/iframe…). */
export const ARTICLE_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'span', 'section', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'] as const;

/** The attributes each element keeps (`*`: every element). */
export const ARTICLE_ATTRIBUTES = { '*': ['style'], a: ['href'], img: ['src', 'alt'] } as const satisfies Record<string, readonly string[]>;

/** The inline style properties an article keeps. */
export const ARTICLE_STYLE_PROPERTIES = [
  'color', 'background-color', 'font-size', 'font-weight', 'font-style', 'text-align', 'text-decoration', 'text-indent',
  'line-height', 'letter-spacing', 'vertical-align', 'width', 'max-width', 'height',
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
  'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
] as const;

/** A style value an article keeps: words, numbers, units, `#rgb`, `rgb(…)`; never a function that loads or computes. */
export const ARTICLE_STYLE_VALUE = /^(?!.*\b(?:url|expression|image-set|image|var|env|attr|element|src)\s*\()[\w\s.,%#()+-]*$/i;

/** Whether a link target may stay in an article: http(s) only. */
export const isArticleHref = (href: string) => /^https?:\/\/[^\s]+$/i.test(href.trim());

/** Whether an image source may stay in an article: http(s), or our own media (`/media/…`, `/weixin/media/…`). */
export const isArticleImageSrc = (src: string) => isArticleHref(src) || (/^\/(?:weixin\/)?media\/[\w./-]+$/.test(src.trim()) && !src.includes('..'));

/** The style attribute limited to the allowed properties and values ('' when nothing is left). */
export function limitArticleStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (value && (ARTICLE_STYLE_PROPERTIES as readonly string[]).includes(property) && ARTICLE_STYLE_VALUE.test(value)) kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}
