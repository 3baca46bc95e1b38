import type { XmlInputObject, XmlObject, XmlValue } from './xml.js';

/** XML element names that do not follow "capitalise the first letter" of our field names. */
const SPECIAL_XML_NAMES: Record<string, string> = {
  locationX: 'Location_X',
  locationY: 'Location_Y',
  hqMusicUrl: 'HQMusicUrl',
  bizmsgmenuid: 'bizmsgmenuid',
};
const SPECIAL_FIELD_NAMES = Object.fromEntries(Object.entries(SPECIAL_XML_NAMES).map(([k, v]) => [v, k]));

/** Elements whose value is a list written as repeated `<item>` children. */
const WRAPPED_LISTS = new Set(['PicList', 'Articles']);

/** Fields carried as numbers; everything else (MsgId above all) stays a string. */
const NUMERIC_FIELDS = new Set([
  'createTime',
  'locationX',
  'locationY',
  'scale',
  'latitude',
  'longitude',
  'precision',
  'count',
  'articleCount',
  'idx',
]);

/** Numeric ids kept as strings in JS but written bare (no CDATA), as the platform does. */
const BARE_ID_FIELDS = new Set(['msgId', 'msgDataId', 'menuId']);

/** `msgType` → `MsgType`, `locationX` → `Location_X`, `hqMusicUrl` → `HQMusicUrl`. */
export function toXmlName(field: string): string {
  return SPECIAL_XML_NAMES[field] ?? field.charAt(0).toUpperCase() + field.slice(1);
}

/** `MsgType` → `msgType`, `Location_X` → `locationX`, `HQMusicUrl` → `hqMusicUrl`. */
export function toFieldName(xmlName: string): string {
  return SPECIAL_FIELD_NAMES[xmlName] ?? xmlName.charAt(0).toLowerCase() + xmlName.slice(1);
}

function listItems(value: XmlValue): XmlValue[] {
  if (typeof value === 'string') return [];
  if (Array.isArray(value)) return value;
  const items = value.item;
  if (items === undefined) return [];
  return Array.isArray(items) ? items : [items];
}

function fieldValue(field: string, value: XmlValue): unknown {
  if (typeof value === 'string') {
    if (NUMERIC_FIELDS.has(field)) {
      const number = Number(value.trim());
      return value.trim() === '' || !Number.isFinite(number) ? value : number;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => fieldValue(field, item));
  return fromXmlObject(value);
}

/** Parsed XML (PascalCase, strings) → our field names, with numbers and lists where they belong. */
export function fromXmlObject(object: XmlObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(object)) {
    const field = toFieldName(name);
    if (WRAPPED_LISTS.has(name)) {
      out[field] = listItems(value).map((item) => (typeof item === 'object' && !Array.isArray(item) ? fromXmlObject(item) : item));
    } else {
      out[field] = fieldValue(field, value);
    }
  }
  return out;
}

/** Our field names → an object for `buildXml` (PascalCase, lists wrapped in `<item>`). */
export function toXmlObject(object: Record<string, unknown>): XmlInputObject {
  const out: XmlInputObject = {};
  for (const [field, value] of Object.entries(object)) {
    if (value === undefined || value === null) continue;
    const name = toXmlName(field);
    if (WRAPPED_LISTS.has(name) && Array.isArray(value)) {
      out[name] = { item: value.map((item) => (item && typeof item === 'object' ? toXmlObject(item as Record<string, unknown>) : String(item))) };
    } else if (Array.isArray(value)) {
      out[name] = value.map((item) => (item && typeof item === 'object' ? toXmlObject(item as Record<string, unknown>) : (item as string)));
    } else if (typeof value === 'object') {
      out[name] = toXmlObject(value as Record<string, unknown>);
    } else if (typeof value === 'number' || typeof value === 'bigint') {
      out[name] = value;
    } else {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      out[name] = BARE_ID_FIELDS.has(field) && /^\d+$/.test(text) ? BigInt(text) : text;
    }
  }
  return out;
}
