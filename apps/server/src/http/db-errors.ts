import { AppError } from './errors.js';

/**
 * The one translation of database failures into answers. A failed query carries the
 * PostgreSQL SQLSTATE (`code`) and, for integrity errors, the constraint, table and column
 * (drizzle wraps the driver's error as `cause`; PGlite and node-postgres both carry them).
 * Integrity and data errors are the client's doing and become a 4xx naming the problem;
 * anything else stays a 500 (logged, no detail answered).
 */
export interface DbFailure {
  code: string;
  constraint?: string | undefined;
  table?: string | undefined;
  column?: string | undefined;
  detail?: string | undefined;
  message: string;
}

/** The driver's error inside whatever wraps it, when it carries a SQLSTATE. */
export function dbFailureOf(error: unknown): DbFailure | undefined {
  for (let e = error as Record<string, unknown> | undefined, i = 0; e && typeof e === 'object' && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const text = (k: string) => (typeof e[k] === 'string' ? e[k] : undefined);
      return { code: e.code, constraint: text('constraint'), table: text('table'), column: text('column'), detail: text('detail'), message: text('message') ?? '' };
    }
  }
  return undefined;
}

/** A unique or check constraint's message: fixed, or built from the offending value (`Key (col)=(value)`). */
export type ConstraintMessage = string | ((value: string) => string);

const constraintMessages = new Map<string, ConstraintMessage>();
const tableLabels = new Map<string, string>();

/**
 * Declared by the module that owns the table: the message of each of its unique (or check,
 * or foreign-key) constraints by name, e.g. `{ sys_role_code: (code) => \`角色编码 ${code} 已存在\` }`.
 * Constraint and index names are unique within the schema, so one registry serves all.
 */
export function declareConstraints(messages: Record<string, ConstraintMessage>): void {
  for (const [name, message] of Object.entries(messages)) constraintMessages.set(name, message);
}

/** What a table's rows are called, for foreign-key messages: `{ sys_user: '用户' }`. */
export function declareTableLabels(labels: Record<string, string>): void {
  for (const [table, label] of Object.entries(labels)) tableLabels.set(table, label);
}

/** `Key (a, b)=(x, y) already exists.` → `x, y`. */
const keyValue = (detail: string | undefined) => /^Key \((?:.*?)\)=\((.*)\)(?: already exists| is (?:not present|still referenced))/.exec(detail ?? '')?.[1];
const labelOf = (table: string | undefined) => (table && tableLabels.get(table)) ?? undefined;

function declared(failure: DbFailure, messages?: Record<string, ConstraintMessage>): string | undefined {
  const name = failure.constraint;
  const message = name ? (messages?.[name] ?? constraintMessages.get(name)) : undefined;
  if (message === undefined) return undefined;
  return typeof message === 'string' ? message : message(keyValue(failure.detail) ?? '');
}

/** The offending value PostgreSQL quotes in its message (`…: "abc"`, `value "…" is out of range`), cut short; or ''. */
const quoted = (f: DbFailure) => {
  const value = /"((?:[^"\\]|\\.)*)"/.exec(f.message)?.[1];
  return value === undefined ? '' : `“${value.length > 40 ? `${value.slice(0, 40)}…` : value}”`;
};
const quotedValue = (f: DbFailure) => (quoted(f) ? `：${quoted(f)}` : '');

/** SQLSTATEs of bad data sent by the client, with the message that names the problem (and the value, when PostgreSQL quotes it). */
const dataErrors: Record<string, string | ((f: DbFailure) => string)> = {
  '22P02': (f) => {
    const type = /for type ([\w ]+?)(?::|$)/.exec(f.message)?.[1];
    return type ? `数据格式不正确：${quoted(f) ? `${quoted(f)} ` : ''}不是合法的 ${type} 值` : `数据格式不正确${quotedValue(f)}`;
  },
  '22003': (f) => {
    const type = /^(\w+) out of range/.exec(f.message)?.[1] ?? /for type (\w+)/.exec(f.message)?.[1];
    return `数值超出允许的范围${type ? `（${type}）` : ''}${quotedValue(f)}`;
  },
  '22007': (f) => `日期时间格式不正确${quotedValue(f)}`,
  '22008': (f) => `日期时间超出允许的范围${quotedValue(f)}`,
  '22001': (f) => {
    const limit = /\((\d+)\)/.exec(f.message)?.[1];
    return `文本过长，超出允许的长度${limit ? `（最多 ${limit} 个字符）` : ''}`;
  },
  '22021': (f) => (f.message.includes('0x00') ? '文本含有不允许的 NUL 字符' : '文本含有无效的字符编码'),
  '22P05': '文本含有无法保存的字符（如 NUL）',
  '22012': '数值计算出错：除数为零',
  '22023': '参数值不合法',
  '22025': '文本含有无效的转义序列',
  '2201B': '正则表达式不合法',
  '54000': '数据过大，超出数据库的限制',
  '54001': '查询条件过于复杂',
  '54011': '查询条件过于复杂',
  '54023': '查询参数过多',
};

/**
 * The answer for a failed query, or undefined when it is not a known database error (the
 * caller rethrows it). `messages` are the caller's own constraint messages, taking precedence
 * over the declared ones.
 */
export function translateDbError(error: unknown, messages?: Record<string, ConstraintMessage>): AppError | undefined {
  const failure = dbFailureOf(error);
  if (!failure) return undefined;
  const { code } = failure;
  const own = declared(failure, messages);
  switch (code) {
    case '23505': {
      const value = keyValue(failure.detail);
      return new AppError(409, own ?? (value ? `数据已存在：${value} 重复` : '数据已存在，不能重复'));
    }
    case '23P01':
      return new AppError(409, own ?? '数据与已有记录冲突');
    case '23503': {
      if (own) return new AppError(409, own);
      const stillReferenced = failure.detail?.includes('still referenced');
      if (stillReferenced) {
        const by = /from table "([^"]+)"/.exec(failure.detail ?? '')?.[1];
        const label = labelOf(by);
        return new AppError(409, label ? `该数据仍被${label}引用，不能删除` : '该数据仍被其他数据引用，不能删除');
      }
      const missing = /in table "([^"]+)"/.exec(failure.detail ?? '')?.[1];
      const label = labelOf(missing) ?? labelOf(failure.table);
      const value = keyValue(failure.detail);
      return new AppError(409, label ? `引用的${label}${value ? ` ${value}` : ''} 不存在` : '引用的数据不存在');
    }
    case '23514':
      return new AppError(400, own ?? '数据不符合取值规则');
    case '23502':
      return new AppError(400, own ?? (failure.column ? `${failure.column}: 不能为空` : '缺少必填的数据'));
    case '40001':
    case '40P01':
      return new AppError(409, '数据正被同时修改，请重试');
  }
  const data = dataErrors[code];
  if (data) return new AppError(400, typeof data === 'string' ? data : data(failure));
  if (code.startsWith('22')) return new AppError(400, '数据不合法');
  return undefined;
}

/**
 * Runs a write and translates a database failure with the caller's own constraint messages
 * (for a message that needs the request's values); any other failure passes unchanged.
 */
export async function translating<T>(work: () => Promise<T>, messages: Record<string, ConstraintMessage>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateDbError(error, messages) ?? error;
  }
}
