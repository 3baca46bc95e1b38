import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../db/client.js';
import { dbFailureOf, declareConstraints, declareTableLabels, translateDbError, translating } from './db-errors.js';
import type { AppError } from './errors.js';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.exclusive((exec) => exec(`
    create table dberr_parent (id int primary key, code text not null, constraint dberr_parent_code unique (code));
    create table dberr_child (id int primary key, parent_id int references dberr_parent (id), short varchar(5), qty smallint,
      at timestamptz, price int constraint dberr_child_price check (price >= 0), name text not null default '');
    insert into dberr_parent values (1, 'a');
    insert into dberr_child (id, parent_id) values (1, 1);
  `));
  declareConstraints({ dberr_parent_code: (code) => `编码 ${code} 已存在` });
  declareTableLabels({ dberr_child: '下级记录', dberr_parent: '上级记录' });
});
afterAll(() => database.close());

/** Runs SQL through drizzle (which wraps the driver's error) and answers the translation. */
async function failing(statement: ReturnType<typeof sql>): Promise<AppError | undefined> {
  try {
    await database.db.execute(statement);
  } catch (error) {
    expect(dbFailureOf(error)).toBeDefined();
    return translateDbError(error);
  }
  throw new Error('the statement did not fail');
}

const answer = (e: AppError | undefined) => e && { status: e.status, message: e.message };

describe('translateDbError', () => {
  it('23505 unique violation: 409 with the message the constraint owner declared, the value filled in', async () => {
    expect(answer(await failing(sql`insert into dberr_parent values (2, 'a')`))).toEqual({ status: 409, message: '编码 a 已存在' });
  });

  it('23505 on an undeclared constraint: a generic 409 naming the duplicate value', async () => {
    expect(answer(await failing(sql`insert into dberr_parent values (1, 'z')`))).toEqual({ status: 409, message: '数据已存在：1 重复' });
  });

  it('23505: the caller\'s own messages take precedence', async () => {
    const error = await translating(() => database.db.execute(sql`insert into dberr_parent values (3, 'a')`), { dberr_parent_code: '重复了' }).catch((e: unknown) => e);
    expect(answer(error as AppError)).toEqual({ status: 409, message: '重复了' });
  });

  it('23503 foreign key: 409 naming what still refers to the row, or the missing referenced row', async () => {
    expect(answer(await failing(sql`delete from dberr_parent where id = 1`))).toEqual({ status: 409, message: '该数据仍被下级记录引用，不能删除' });
    expect(answer(await failing(sql`insert into dberr_child (id, parent_id) values (2, 99)`))).toEqual({ status: 409, message: '引用的上级记录 99 不存在' });
  });

  it('23514 check violation: 400', async () => {
    expect(answer(await failing(sql`insert into dberr_child (id, price) values (3, -1)`))).toEqual({ status: 400, message: '数据不符合取值规则' });
  });

  it('23502 not null: 400 naming the column', async () => {
    expect(answer(await failing(sql`insert into dberr_child (id, name) values (4, null)`))).toEqual({ status: 400, message: 'name: 不能为空' });
  });

  it('client-caused data errors are 400 naming the problem, never 500', async () => {
    const cases: Array<[ReturnType<typeof sql>, string, string]> = [
      [sql`select ${'abc'}::int`, '22P02', '数据格式不正确：“abc” 不是合法的 integer 值'],
      [sql`select ${'1e40'}::numeric::int`, '22003', '数值超出允许的范围（integer）'],
      [sql`select ${'99999999999'}::int`, '22003', '数值超出允许的范围（integer）：“99999999999”'],
      [sql`insert into dberr_child (id, qty) values (5, 40000)`, '22003', '数值超出允许的范围（smallint）'],
      [sql`select ${'2024-13-45 99:00'}::timestamptz`, '22008', '日期时间超出允许的范围：“2024-13-45 99:00”'],
      [sql`select ${'6888-05-00'}::date`, '22008', '日期时间超出允许的范围：“6888-05-00”'],
      [sql`select ${'yesterday-ish'}::timestamptz`, '22007', '日期时间格式不正确：“yesterday-ish”'],
      [sql`insert into dberr_child (id, short) values (6, 'too long text')`, '22001', '文本过长，超出允许的长度（最多 5 个字符）'],
      [sql`select convert_from(${Buffer.from([0xff, 0xfe])}::bytea, 'UTF8')`, '22021', '文本含有无效的字符编码'],
      [sql`select ${'a\u0000b'}::text`, '22021', '文本含有不允许的 NUL 字符'],
      [sql`select ${'"\\u0000"'}::jsonb ->> 0`, '22P05', '文本含有无法保存的字符（如 NUL）'],
      [sql`select 1 / 0`, '22012', '数值计算出错：除数为零'],
      [sql`select repeat('x', 10) ~ '('`, '2201B', '正则表达式不合法'],
      [sql`select repeat('xx', 600000000)`, '54000', '数据过大，超出数据库的限制'],
    ];
    for (const [statement, code, message] of cases) {
      let caught: unknown;
      await database.db.execute(statement).catch((e: unknown) => (caught = e));
      expect(dbFailureOf(caught)?.code, message).toBe(code);
      expect(answer(translateDbError(caught)), code).toEqual({ status: 400, message });
    }
  });

  it('leaves other failures alone (a 500 of the error handler)', async () => {
    let caught: unknown;
    await database.db.execute(sql`select * from no_such_table`).catch((e: unknown) => (caught = e));
    expect(dbFailureOf(caught)?.code).toBe('42P01');
    expect(translateDbError(caught)).toBeUndefined();
    expect(translateDbError(new Error('plain'))).toBeUndefined();
  });
});
