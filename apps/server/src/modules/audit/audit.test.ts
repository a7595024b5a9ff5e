import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import type { Db } from '../../platform/db/database';
import { auditRowHash, genesisHash } from './audit-hash';
import { type AuditApi, type AuditEntry, createAuditModule } from './index';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

let database: TestDatabase;
let audit: AuditApi;
/** Fresh databases made by `chainOf`, dropped at the end. */
const extraDatabases: TestDatabase[] = [];

const operator = { kind: 'operator', id: 'op-1', name: 'Ada Admin' } as const;

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return { actor: operator, action: 'kyc.approve', subject: { kind: 'customer', id: 'c-1' }, ...overrides };
}

/** Runs statements with every trigger off, as a superuser tampering with the table would. */
async function tamper(db: Db, ...statements: Array<ReturnType<typeof sql>>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    for (const statement of statements) await statement.execute(trx);
  });
}

/** A fresh database whose chain holds `rows` entries, for a test that breaks it. */
async function chainOf(rows: number, verifyPageSize = 1000): Promise<{ db: Db; url: string; audit: AuditApi }> {
  const fresh = await createTestDatabase();
  extraDatabases.push(fresh);
  const api = createAuditModule({ db: fresh.db, verifyPageSize }).api;
  for (let index = 1; index <= rows; index += 1) {
    await api.record(fresh.db, entry({ subject: { kind: 'customer', id: `c-${index}` }, after: { n: index } }));
  }
  return { db: fresh.db, url: fresh.url, audit: api };
}

async function seqs(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('seq').orderBy('seq').execute();
  return rows.map((row) => row.seq);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => String(from + index));

beforeAll(async () => {
  database = await createTestDatabase();
  // A small page, so that verify crosses page boundaries.
  audit = createAuditModule({ db: database.db, verifyPageSize: 7 }).api;
});

afterAll(async () => {
  await database.drop();
  await Promise.all(extraDatabases.map((extra) => extra.drop()));
});

describe('recording', () => {
  it('appends a row with the database time, links it to the genesis hash and verifies', async () => {
    const before = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(database.db);
    const { seq } = await audit.record(
      database.db,
      entry({
        action: 'customer.lock',
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0',
        before: { locked: false },
        after: { locked: true, until: '2030-01-01T00:00:00Z' },
        reason: 'fraud report #12',
      }),
    );
    expect(seq).toBe('1');
    expect(await audit.verify()).toEqual({ ok: true, rows: 1 });

    const { total, rows } = await audit.search({ page: 1, pageSize: 10 });
    expect(total).toBe(1);
    expect(rows[0]).toEqual({
      seq: '1',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      actor: { kind: 'operator', id: 'op-1', name: 'Ada Admin' },
      action: 'customer.lock',
      subject: { kind: 'customer', id: 'c-1' },
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0',
      before: { locked: false },
      after: { locked: true, until: '2030-01-01T00:00:00Z' },
      reason: 'fraud report #12',
    });
    const createdAt = new Date(rows[0]!.createdAt).getTime();
    expect(createdAt).toBeGreaterThanOrEqual(before.rows[0]!.now.getTime());
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 1000);

    const stored = await database.db.selectFrom('audit_log').select(['prev_hash', 'hash']).executeTakeFirstOrThrow();
    expect(stored.prev_hash.equals(genesisHash)).toBe(true);
    expect(stored.hash).toHaveLength(32);
  });

  it('gives 100 parallel records the seqs that follow, without a gap, and the chain verifies', async () => {
    const start = (await seqs(database.db)).length;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) => audit.record(database.db, entry({ subject: { kind: 'customer', id: `p-${index}` } }))),
    );
    expect(results.map((result) => Number(result.seq)).sort((a, b) => a - b)).toEqual(range(start + 1, start + 100).map(Number));
    expect(await seqs(database.db)).toEqual(range(1, start + 100));
    expect(await audit.verify()).toEqual({ ok: true, rows: start + 100 });
  });

  it('commits with the caller’s transaction and leaves nothing when it rolls back', async () => {
    const count = (await seqs(database.db)).length;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await audit.record(trx, entry({ action: 'withdrawal.approve' }));
        throw new Error('the privileged action failed');
      }),
    ).rejects.toThrow('the privileged action failed');
    expect(await seqs(database.db)).toHaveLength(count);
    expect(await audit.verify()).toEqual({ ok: true, rows: count });

    const { seq } = await database.db.transaction().execute((trx) => audit.record(trx, entry({ action: 'withdrawal.approve' })));
    expect(seq).toBe(String(count + 1));
    expect(await audit.verify()).toEqual({ ok: true, rows: count + 1 });
  });

  it('stores before/after as JSON and hashes them so that they verify when read back from jsonb', async () => {
    const { seq } = await audit.record(
      database.db,
      entry({
        action: 'asset.update',
        before: {
          z: 1,
          a: [1.5, -0, 1e21, 1e-7, 0.1],
          ключ: 'значение',
          '\u{1F600}': '😀',
          '\uFF61': 'after astral by UTF-16',
          nested: { b: null, a: true },
        },
        after: {
          amount: 123456789012345678901234567890n,
          at: new Date('2025-01-02T03:04:05.678Z'),
          gone: undefined,
          quote: 'say "hi"\n\t',
        },
      }),
    );
    const { rows } = await audit.search({ seq, page: 1, pageSize: 1 });
    expect(rows[0]!.after).toEqual({ amount: '123456789012345678901234567890', at: '2025-01-02T03:04:05.678Z', quote: 'say "hi"\n\t' });
    expect(await audit.verify()).toMatchObject({ ok: true });

    const { seq: empty } = await audit.record(database.db, entry({ action: 'asset.update', before: null, after: undefined }));
    const stored = await database.db.selectFrom('audit_log').select(['before', 'after']).where('seq', '=', empty).executeTakeFirstOrThrow();
    expect(stored).toEqual({ before: null, after: null });
    expect(await audit.verify()).toMatchObject({ ok: true });
  });

  it('hashes text as it is stored: a lone surrogate, a user agent cut inside a surrogate pair', async () => {
    const { seq } = await audit.record(
      database.db,
      entry({ actor: { kind: 'customer', id: 'c-9', name: 'half \uD800 pair' }, userAgent: `${'a'.repeat(511)}😀 and more` }),
    );
    const { rows } = await audit.search({ seq, page: 1, pageSize: 1 });
    expect(rows[0]!.actor.name).toBe('half \uFFFD pair');
    expect(rows[0]!.userAgent).toBe(`${'a'.repeat(511)}\uFFFD`);
    expect(await audit.verify()).toMatchObject({ ok: true });
  });

  it('refuses a malformed entry and records nothing', async () => {
    const count = (await seqs(database.db)).length;
    await expect(audit.record(database.db, entry({ action: 'not an action' }))).rejects.toThrow(/action/);
    await expect(audit.record(database.db, entry({ actor: { kind: 'robot' as 'system', id: 'r' } }))).rejects.toThrow(/actor kind/);
    await expect(audit.record(database.db, entry({ actor: { kind: 'system', id: '' } }))).rejects.toThrow(/actor\.id/);
    await expect(audit.record(database.db, entry({ subject: { kind: 'customer', id: '' } }))).rejects.toThrow(/subject\.id/);
    await expect(audit.record(database.db, entry({ reason: 'x'.repeat(4001) }))).rejects.toThrow(/reason/);
    expect(await seqs(database.db)).toHaveLength(count);
  });
});

describe('append-only, enforced by the database', () => {
  it('refuses UPDATE', async () => {
    await expect(sql`update audit_log set reason = 'rewritten' where seq = 1`.execute(database.db)).rejects.toThrow(
      /AUDIT_APPEND_ONLY: UPDATE/,
    );
    // Statement-level: even a statement that matches no row is refused.
    await expect(sql`update audit_log set reason = 'x' where false`.execute(database.db)).rejects.toThrow(/AUDIT_APPEND_ONLY/);
  });

  it('refuses DELETE', async () => {
    await expect(sql`delete from audit_log where seq = 1`.execute(database.db)).rejects.toThrow(/AUDIT_APPEND_ONLY: DELETE/);
  });

  it('refuses TRUNCATE', async () => {
    await expect(sql`truncate audit_log`.execute(database.db)).rejects.toThrow(/AUDIT_APPEND_ONLY: TRUNCATE/);
  });

  it('refuses an insert that does not continue the chain or brings its own time', async () => {
    const last = await database.db
      .selectFrom('audit_log')
      .select(['seq', 'hash'])
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const next = String(Number(last.seq) + 1);
    const row = (seq: string, prevHash: Buffer, createdAt: string) =>
      sql`insert into audit_log (seq, created_at, actor_kind, actor_id, action, prev_hash, hash)
          values (${seq}, ${createdAt}, 'system', 'x', 'forged.row', ${prevHash}, ${Buffer.alloc(32, 1)})`;
    const now = new Date().toISOString();
    await expect(row(String(Number(next) + 1), last.hash, now).execute(database.db)).rejects.toThrow(/AUDIT_CHAIN_LINK/);
    await expect(row(next, genesisHash, now).execute(database.db)).rejects.toThrow(/AUDIT_CHAIN_LINK/);
    await expect(row(last.seq, last.hash, now).execute(database.db)).rejects.toThrow(/AUDIT_CHAIN_LINK/);
    await expect(row(next, last.hash, '2020-01-01T00:00:00Z').execute(database.db)).rejects.toThrow(/AUDIT_TIME/);
    expect(await audit.verify()).toMatchObject({ ok: true });
  });
});

describe('verify names the first row a superuser tampered with', () => {
  it('altered content: that row, reason altered', async () => {
    const chain = await chainOf(12, 5);
    expect(await chain.audit.verify()).toEqual({ ok: true, rows: 12 });
    await tamper(chain.db, sql`update audit_log set after = '{"n": 999}' where seq = 7`);
    expect(await chain.audit.verify()).toEqual({ ok: false, rows: 6, firstBadSeq: '7', reason: 'altered' });
  });

  it('an altered time or reason is found the same way', async () => {
    const chain = await chainOf(4);
    await tamper(chain.db, sql`update audit_log set created_at = created_at + interval '1 microsecond' where seq = 2`);
    expect(await chain.audit.verify()).toEqual({ ok: false, rows: 1, firstBadSeq: '2', reason: 'altered' });
  });

  it('a deleted middle row: its seq, reason missing', async () => {
    const chain = await chainOf(10, 3);
    await tamper(chain.db, sql`delete from audit_log where seq = 5`);
    expect(await chain.audit.verify()).toEqual({ ok: false, rows: 4, firstBadSeq: '5', reason: 'missing' });
  });

  it('a rewritten row with a recomputed hash: the next row no longer links, reason reordered', async () => {
    const chain = await chainOf(6);
    const row = (await chain.audit.search({ seq: '3', page: 1, pageSize: 1 })).rows[0]!;
    const stored = await chain.db.selectFrom('audit_log').select('prev_hash').where('seq', '=', '3').executeTakeFirstOrThrow();
    const forged = auditRowHash(
      {
        seq: row.seq,
        createdAt: row.createdAt,
        actorKind: row.actor.kind,
        actorId: row.actor.id,
        actorName: row.actor.name ?? null,
        action: row.action,
        subjectKind: row.subject?.kind ?? null,
        subjectId: row.subject?.id ?? null,
        ip: row.ip,
        userAgent: row.userAgent,
        reason: 'nothing to see',
        before: row.before,
        after: row.after,
      },
      stored.prev_hash,
    );
    await tamper(chain.db, sql`update audit_log set reason = 'nothing to see', hash = ${forged} where seq = 3`);
    expect(await chain.audit.verify()).toEqual({ ok: false, rows: 3, firstBadSeq: '4', reason: 'reordered' });
  });

  it('two rows swapped: the first of them, reason reordered', async () => {
    const chain = await chainOf(5);
    await tamper(
      chain.db,
      sql`update audit_log set seq = 1000 where seq = 2`,
      sql`update audit_log set seq = 2 where seq = 3`,
      sql`update audit_log set seq = 3 where seq = 1000`,
    );
    expect(await chain.audit.verify()).toEqual({ ok: false, rows: 1, firstBadSeq: '2', reason: 'reordered' });
  });
});

describe('search and CSV export', () => {
  let fixture: { db: Db; audit: AuditApi };
  let middle: string;

  beforeAll(async () => {
    const fresh = await createTestDatabase();
    extraDatabases.push(fresh);
    fixture = { db: fresh.db, audit: createAuditModule({ db: fresh.db }).api };
    const record = (overrides: Partial<AuditEntry>) => fixture.audit.record(fresh.db, entry(overrides));
    await record({ actor: { kind: 'operator', id: 'op-1', name: 'Ada' }, action: 'kyc.approve', subject: { kind: 'customer', id: 'c-1' } });
    await record({
      actor: { kind: 'operator', id: 'op-2', name: 'Bob' },
      action: 'customer.lock',
      subject: { kind: 'customer', id: 'c-1' },
    });
    const row = await sql<{ now: string }>`select clock_timestamp()::text as now`.execute(fresh.db);
    middle = row.rows[0]!.now;
    await record({
      actor: { kind: 'operator', id: 'op-1', name: 'Ada' },
      action: 'customer.lock',
      subject: { kind: 'customer', id: 'c-2' },
    });
    await record({ actor: { kind: 'system', id: 'scheduler' }, action: 'withdrawal.release', subject: null });
    await record({
      actor: { kind: 'operator', id: 'op-3', name: 'Smith, "Jr"' },
      action: 'customer.note',
      subject: { kind: 'customer', id: '=cmd|calc' },
      ip: '-1+1',
      userAgent: '@SUM(A1)',
      reason: '=HYPERLINK("http://evil.example","click")\nsecond line',
      before: { note: '+danger' },
      after: -5,
    });
  });

  it('filters by actor, action, subject and time, newest first, with a total', async () => {
    const search = (filter: Record<string, string | Date>, page = 1, pageSize = 10) => fixture.audit.search({ ...filter, page, pageSize });
    const seqsOf = (result: { rows: Array<{ seq: string }> }) => result.rows.map((row) => row.seq);

    const all = await search({});
    expect(all.total).toBe(5);
    expect(seqsOf(all)).toEqual(['5', '4', '3', '2', '1']);
    expect(seqsOf(await search({ actorId: 'op-1' }))).toEqual(['3', '1']);
    expect(seqsOf(await search({ action: 'customer.lock' }))).toEqual(['3', '2']);
    expect(seqsOf(await search({ subjectKind: 'customer', subjectId: 'c-1' }))).toEqual(['2', '1']);
    expect(seqsOf(await search({ actorId: 'op-1', action: 'customer.lock' }))).toEqual(['3']);
    expect(seqsOf(await search({ actorKind: 'system' }))).toEqual(['4']);
    expect(seqsOf(await search({ from: middle }))).toEqual(['5', '4', '3']);
    expect(seqsOf(await search({ to: middle }))).toEqual(['2', '1']);
    expect(seqsOf(await search({ from: new Date(Date.now() + 60_000) }))).toEqual([]);

    const second = await search({}, 2, 2);
    expect(second.total).toBe(5);
    expect(seqsOf(second)).toEqual(['3', '2']);
    const none = await search({ actorId: 'nobody' });
    expect(none).toEqual({ total: 0, rows: [] });
    await expect(search({}, 0, 10)).rejects.toThrow(RangeError);
    await expect(search({}, 1, 501)).rejects.toThrow(RangeError);
  });

  it('exports CSV with RFC 4180 quoting and spreadsheet formulas neutralised', async () => {
    const csv = await fixture.audit.exportCsv({});
    expect(csv.endsWith('\r\n')).toBe(true);
    const table = parseCsv(csv);
    expect(table[0]).toEqual([
      'seq',
      'created_at',
      'actor_kind',
      'actor_id',
      'actor_name',
      'action',
      'subject_kind',
      'subject_id',
      'ip',
      'user_agent',
      'reason',
      'before',
      'after',
      'prev_hash',
      'hash',
    ]);
    expect(table.slice(1).map((cells) => cells[0])).toEqual(['5', '4', '3', '2', '1']);
    const hostile = table[1]!;
    expect(hostile.slice(2, 13)).toEqual([
      'operator',
      'op-3',
      'Smith, "Jr"',
      'customer.note',
      'customer',
      "'=cmd|calc",
      "'-1+1",
      "'@SUM(A1)",
      `'=HYPERLINK("http://evil.example","click")\nsecond line`,
      '{"note":"+danger"}',
      "'-5",
    ]);
    expect(hostile[14]).toMatch(/^[0-9a-f]{64}$/);
    expect(table[5]![13]).toBe('0'.repeat(64));
    // The raw text: quotes doubled inside a quoted cell, the formula cell quoted with its prefix.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")\nsecond line"`);
    expect(csv).toContain('"Smith, ""Jr"""');

    const filtered = parseCsv(await fixture.audit.exportCsv({ actorId: 'op-1' }));
    expect(filtered.slice(1).map((cells) => cells[0])).toEqual(['3', '1']);
    expect(filtered.slice(1).every((cells) => cells[6] === 'customer' && cells[4] === 'Ada')).toBe(true);
  });
});

describe('npm run audit -- verify', () => {
  const run = async (url: string) => {
    try {
      const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/audit.ts', 'verify'], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: url },
      });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr };
    }
  };

  it('exits 0 on an intact chain and 1, naming the row, once it is tampered with', async () => {
    const chain = await chainOf(3);
    const intact = await run(chain.url);
    expect(intact).toEqual({ code: 0, stdout: 'audit chain intact: 3 rows\n' });

    await tamper(chain.db, sql`update audit_log set actor_id = 'someone-else' where seq = 2`);
    const broken = await run(chain.url);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('audit chain BROKEN at seq 2: altered');
    expect(broken.stdout).toContain('someone-else');
  }, 60_000);
});

/** A small RFC 4180 reader, to check the export cell by cell. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

describe('CSV export, a page at a time', () => {
  it('sends the header, then one chunk per page of 1000 rows, making exactly the bytes of the whole export', async () => {
    const { audit: api } = await chainOf(1001);
    const chunks: string[] = [];
    for await (const chunk of api.exportCsvChunks({})) chunks.push(chunk);
    expect(chunks).toHaveLength(3);
    expect(chunks[0]!.startsWith('seq,created_at,')).toBe(true);
    expect(chunks.map((chunk) => chunk.split('\r\n').length - 1)).toEqual([1, 1000, 1]);
    expect(chunks.join('')).toBe(await api.exportCsv({}));
    expect(chunks[2]!.startsWith('1,')).toBe(true);
  }, 60_000);
});
