import sanitizeHtml from 'sanitize-html';
import { ARTICLE_ATTRIBUTES, ARTICLE_TAGS, isArticleHref, isArticleImageSrc, limitArticleStyle } from '@canteen/contract';

/** Drops `attribute` unless `allowed` says its value may stay. */
const keepIf = (attribs: sanitizeHtml.Attributes, attribute: string, allowed: (value: string) => boolean): sanitizeHtml.Attributes =>
  Object.fromEntries(Object.entries(attribs).flatMap(([name, value]) => (name !== attribute ? [[name, value]] : allowed(value) ? [[name, value.trim()]] : [])));

const options: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(ARTICLE_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // Styles are limited by the contract's list (the same one the web applies), not by postcss.
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  // Dropped with what they hold (other unknown elements keep their text).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template', 'title', 'xmp', 'noembed', 'noframes'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, 'href', isArticleHref) }),
    img: (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, 'src', isArticleImageSrc) }),
    '*': (tagName, attribs) => {
      if (attribs.style === undefined) return { tagName, attribs };
      const { style, ...rest } = attribs;
      const limited = limitArticleStyle(style);
      return { tagName, attribs: limited ? { ...rest, style: limited } : rest };
    },
  },
};

/**
 * A news article's HTML reduced to the contract's allow-list (issue 22 #8): no script, no event
 * handler, no frame or form, links to http(s) only, images from http(s) or our media, limited styles.
 */
export const sanitizeArticleHtml = (html: string): string => sanitizeHtml(html, options);
