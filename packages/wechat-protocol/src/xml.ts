import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { WechatXmlError } from './errors.js';

/** A parsed element: text, a nested element, or repeated elements. */
export type XmlValue = string | XmlObject | XmlValue[];
export interface XmlObject {
  [name: string]: XmlValue;
}

/** Pushes are a few KB (compatible mode about 3×); anything far bigger is refused. */
export const DEFAULT_MAX_XML_BYTES = 256 * 1024;

export interface ParseXmlOptions {
  /** Refuse bodies over this many UTF-8 bytes (default 256 KiB). */
  maxBytes?: number;
  /** Element names that always parse as arrays (default: `item`). */
  arrayElements?: readonly string[];
}

const parserCache = new Map<string, XMLParser>();

function parserFor(arrayElements: readonly string[]): XMLParser {
  const cacheKey = arrayElements.join(',');
  let parser = parserCache.get(cacheKey);
  if (!parser) {
    const set = new Set(arrayElements);
    parser = new XMLParser({
      ignoreAttributes: true,
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: false,
      processEntities: true,
      htmlEntities: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
      isArray: (name) => set.has(name),
    });
    parserCache.set(cacheKey, parser);
  }
  return parser;
}

/** `<!DOCTYPE`, `<!ENTITY`, `<!ELEMENT`, …: any markup declaration outside CDATA and comments. */
const DECLARATION = /<!/;
const CDATA_OR_COMMENT = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g;

/**
 * Checks the raw body before any parsing: size (in bytes) and markup declarations. Entities
 * (billion laughs, external entities) are impossible once no DOCTYPE can get through.
 */
export function assertSafeXml(xml: string | Buffer, maxBytes = DEFAULT_MAX_XML_BYTES): string {
  const size = typeof xml === 'string' ? Buffer.byteLength(xml, 'utf8') : xml.length;
  if (size > maxBytes) throw new WechatXmlError('XML_TOO_LARGE', `XML body of ${size} bytes exceeds the limit of ${maxBytes}`);
  const text = typeof xml === 'string' ? xml : xml.toString('utf8');
  if (DECLARATION.test(text.replace(CDATA_OR_COMMENT, ''))) {
    throw new WechatXmlError('XML_FORBIDDEN_DECLARATION', 'XML with DOCTYPE or ENTITY declarations is refused');
  }
  return text;
}

function clean(value: unknown): XmlValue {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const out: XmlObject = {};
    for (const [key, inner] of entries) {
      // Whitespace between child elements is not content.
      if (key === '#text' && entries.length > 1) continue;
      out[key] = clean(inner);
    }
    return out;
  }
  return '';
}

/**
 * Parses a platform XML document (root `<xml>`) into plain objects of strings. CDATA and text
 * are merged; nothing is converted to numbers (MsgId exceeds 2^53). Refuses oversized bodies,
 * DOCTYPE/ENTITY declarations and malformed XML with a `WechatXmlError`.
 */
export function parseXml(xml: string | Buffer, options: ParseXmlOptions = {}): XmlObject {
  const text = assertSafeXml(xml, options.maxBytes ?? DEFAULT_MAX_XML_BYTES);
  if (!text.trim()) throw new WechatXmlError('XML_MALFORMED', 'empty XML body');
  let root: unknown;
  let value: XmlValue;
  try {
    const valid = XMLValidator.validate(text);
    if (valid !== true) throw new WechatXmlError('XML_MALFORMED', `malformed XML: ${valid.err.msg}`);
    root = (parserFor(options.arrayElements ?? ['item']).parse(text) as Record<string, unknown>).xml;
    if (root === undefined || Array.isArray(root)) throw new WechatXmlError('XML_MALFORMED', 'the root element must be a single <xml>');
    value = clean(root);
  } catch (error) {
    if (error instanceof WechatXmlError) throw error;
    throw new WechatXmlError('XML_MALFORMED', `malformed XML: ${(error as Error).message}`);
  }
  return typeof value === 'string' ? {} : (value as XmlObject);
}

/** A value to write: strings go in CDATA, numbers as plain text, objects nest, arrays repeat. */
export type XmlInput = string | number | bigint | boolean | null | undefined | XmlInputObject | XmlInput[];
export interface XmlInputObject {
  [name: string]: XmlInput;
}

/** Wraps text in CDATA, splitting any `]]>` so it cannot close the section early. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function element(name: string, value: XmlInput): string {
  if (value === undefined || value === null) return '';
  if (!NAME.test(name)) throw new WechatXmlError('MESSAGE_INVALID', `invalid element name ${name}`);
  if (Array.isArray(value)) return value.map((item) => element(name, item)).join('');
  if (typeof value === 'object') return `<${name}>${buildXmlBody(value)}</${name}>`;
  if (typeof value === 'string') return `<${name}>${cdata(value)}</${name}>`;
  return `<${name}>${String(value)}</${name}>`;
}

function buildXmlBody(object: XmlInputObject): string {
  return Object.entries(object)
    .map(([name, value]) => element(name, value))
    .join('');
}

/** Builds `<xml>…</xml>` in the platform's style: CDATA strings, bare numbers, key order kept. */
export function buildXml(object: XmlInputObject): string {
  return `<xml>${buildXmlBody(object)}</xml>`;
}
