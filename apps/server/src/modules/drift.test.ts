import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../../test/database.js';
import { modules, schema } from './index.js';

/**
 * The schema exists twice: the SQL migrations create it, the drizzle tables describe it to the
 * queries. This compares the two on the database the migrations built (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL): the same tables, and per column the same SQL type, nullability and
 * presence of a default, and the same primary keys.
 */

/** Tables of the database that no drizzle table describes, on purpose. */
const SQL_ONLY_TABLES = new Set(['schema_migrations']);

interface ColumnShape {
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}
type TableShape = { columns: Record<string, ColumnShape>; primaryKey: string[] };

/** drizzle's spelling of a type → PostgreSQL's `format_type` spelling. */
function canonicalType(sqlType: string): string {
  const array = sqlType.endsWith('[]');
  const base = array ? sqlType.slice(0, -2) : sqlType;
  const canonical = base
    .replace(/^char\b/, 'character')
    .replace(/^varchar\b/, 'character varying')
    .replace(/^timestamp$/, 'timestamp without time zone')
    .replace(/^timestamp \((\d+)\)$/, 'timestamp($1) without time zone')
    .replace(/^time$/, 'time without time zone')
    .replace(/^decimal\b/, 'numeric')
    .replace(/^serial$/, 'integer')
    .replace(/^bigserial$/, 'bigint')
    .replace(/^smallserial$/, 'smallint')
    .replace(/^double$/, 'double precision')
    .replace(/,\s+/g, ','); // numeric(10, 7) → numeric(10,7)
  return array ? `${canonical}[]` : canonical;
}

function drizzleShape(table: PgTable): TableShape {
  const config = getTableConfig(table);
  const columns: Record<string, ColumnShape> = {};
  for (const column of config.columns) {
    // A SQL default (a value or an expression); a JS-side default ($defaultFn, $onUpdate) is not one.
    columns[column.name] = { type: canonicalType(column.getSQLType()), nullable: !column.notNull, hasDefault: column.default !== undefined };
  }
  const composite = config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name));
  const single = config.columns.filter((c) => c.primary).map((c) => c.name);
  return { columns, primaryKey: [...single, ...composite].sort() };
}

async function databaseShapes(database: Database): Promise<Record<string, TableShape>> {
  return database.exclusive(async (exec) => {
    const columns = await exec(
      `select c.table_name, c.column_name, c.is_nullable, c.column_default, c.is_identity,
              format_type(a.atttypid, a.atttypmod) as sql_type
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
         join pg_catalog.pg_attribute a
           on a.attrelid = (quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass and a.attname = c.column_name
        where c.table_schema = current_schema()
        order by c.table_name, c.ordinal_position`,
      [],
    );
    const keys = await exec(
      `select k.table_name, k.column_name
         from information_schema.table_constraints tc
         join information_schema.key_column_usage k
           on k.constraint_schema = tc.constraint_schema and k.constraint_name = tc.constraint_name and k.table_name = tc.table_name
        where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'`,
      [],
    );
    const shapes: Record<string, TableShape> = {};
    for (const row of columns) {
      const shape = (shapes[String(row.table_name)] ??= { columns: {}, primaryKey: [] });
      shape.columns[String(row.column_name)] = {
        type: String(row.sql_type),
        nullable: row.is_nullable === 'YES',
        hasDefault: row.column_default !== null || row.is_identity === 'YES',
      };
    }
    for (const row of keys) shapes[String(row.table_name)]?.primaryKey.push(String(row.column_name));
    for (const shape of Object.values(shapes)) shape.primaryKey.sort();
    return shapes;
  });
}

/** Every difference between the drizzle tables and the database's, one line each. */
function differencesOf(declared: Record<string, TableShape>, migrated: Record<string, TableShape>): string[] {
  const differences: string[] = [];
  for (const table of new Set([...Object.keys(declared), ...Object.keys(migrated)])) {
    if (SQL_ONLY_TABLES.has(table)) continue;
    const mine = declared[table];
    const theirs = migrated[table];
    if (!mine || !theirs) {
      differences.push(`${table}: ${mine ? 'in drizzle only' : 'in the migrations only'}`);
      continue;
    }
    for (const name of new Set([...Object.keys(mine.columns), ...Object.keys(theirs.columns)])) {
      const a = mine.columns[name];
      const b = theirs.columns[name];
      if (!a || !b) {
        differences.push(`${table}.${name}: ${a ? 'in drizzle only' : 'in the migrations only'}`);
        continue;
      }
      if (a.type !== b.type) differences.push(`${table}.${name}: type ${a.type} in drizzle, ${b.type} in SQL`);
      if (a.nullable !== b.nullable) differences.push(`${table}.${name}: ${a.nullable ? 'nullable' : 'not null'} in drizzle, ${b.nullable ? 'nullable' : 'not null'} in SQL`);
      if (a.hasDefault !== b.hasDefault) differences.push(`${table}.${name}: ${a.hasDefault ? 'a' : 'no'} default in drizzle, ${b.hasDefault ? 'a' : 'no'} default in SQL`);
    }
    if (mine.primaryKey.join(',') !== theirs.primaryKey.join(',')) {
      differences.push(`${table}: primary key (${mine.primaryKey.join(', ')}) in drizzle, (${theirs.primaryKey.join(', ')}) in SQL`);
    }
  }
  return differences;
}

let database: Database;
let migrated: Record<string, TableShape>;
const declared = Object.fromEntries(Object.values(schema).map((table) => [getTableConfig(table).name, drizzleShape(table)]));

beforeAll(async () => {
  database = await createTestDatabase();
  migrated = await databaseShapes(database);
});
afterAll(() => database.close());

describe('drizzle tables and the migrated database', () => {
  it('gathers every table of every module in the list into the schema', () => {
    const gathered = new Set<unknown>(Object.values(schema));
    const missing = modules.flatMap((m) => Object.entries(m.tables ?? {}).filter(([, value]) => is(value, PgTable) && !gathered.has(value)).map(([name]) => `${m.name}.${name}`));
    expect(missing).toEqual([]);
    expect(Object.keys(declared)).toEqual(expect.arrayContaining(['sys_user', 'sys_token', 'wx_msg', 'wx_auto_reply', 'app_setting', 'job', 'wx_access_token']));
  });

  it('agree on tables, columns, SQL types, nullability, defaults and primary keys', () => {
    expect(differencesOf(declared, migrated)).toEqual([]);
  });
});

describe('the drift comparison itself', () => {
  it('reports a table, a column, a type, a nullability, a default and a primary key that differ', () => {
    const user = declared.sys_user!;
    const { phone: _phone, ...columns } = user.columns;
    const changed: Record<string, TableShape> = {
      ...declared,
      sys_user: {
        columns: { ...columns, nickname: { type: 'integer', nullable: false, hasDefault: true }, extra: { type: 'text', nullable: true, hasDefault: false } },
        primaryKey: ['username'],
      },
      only_here: { columns: {}, primaryKey: [] },
    };
    expect(differencesOf(changed, migrated).sort()).toEqual([
      'only_here: in drizzle only',
      'sys_user.extra: in drizzle only',
      'sys_user.nickname: a default in drizzle, no default in SQL',
      'sys_user.nickname: not null in drizzle, nullable in SQL',
      'sys_user.nickname: type integer in drizzle, text in SQL',
      'sys_user.phone: in the migrations only',
      'sys_user: primary key (username) in drizzle, (id) in SQL',
    ]);
  });

  it('spells drizzle types the way PostgreSQL does', () => {
    expect(canonicalType('char(1)')).toBe('character(1)');
    expect(canonicalType('varchar(20)')).toBe('character varying(20)');
    expect(canonicalType('integer[]')).toBe('integer[]');
    expect(canonicalType('timestamp with time zone')).toBe('timestamp with time zone');
    expect(canonicalType('timestamp')).toBe('timestamp without time zone');
  });
});
