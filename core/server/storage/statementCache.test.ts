import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statementCache';

describe('SQLite statement cache', () => {
  it('prepares a statement once per SQL text, keeps the most recently used, and answers as a fresh one would', () => {
    const raw = new Database(':memory:');
    let prepared = 0;
    const counting = new Proxy(raw, { get: (target, key) => (key === 'prepare' ? (sql: string) => { prepared += 1; return target.prepare(sql); } : Reflect.get(target, key)) });
    const db = withStatementCache(counting, 2);
    db.prepare('create table t (x integer)').run([]);
    for (let i = 0; i < 3; i++) db.prepare('insert into t (x) values (?)').run([i]);
    expect(prepared).toBe(2);
    expect(db.prepare('select count(*) as n from t').all([])).toEqual([{ n: 3 }]);
    db.prepare('insert into t (x) values (?)').run([9]);
    expect(prepared).toBe(3);
    // Beyond two statements the least recently used one (create table) was dropped; the counted select is kept.
    expect(db.prepare('select count(*) as n from t').all([])).toEqual([{ n: 4 }]);
    expect(prepared).toBe(3);
    db.close();
  });
});
