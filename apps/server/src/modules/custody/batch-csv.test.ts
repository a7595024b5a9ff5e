import { custodyBatchState, isFormulaCell } from '@coffer/contract';
import { describe, expect, it } from 'vitest';
import { readCsv } from './batch-csv';

describe('the batch CSV reader (RFC 4180)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and LF, comments and blank lines', () => {
    const records = readCsv('# line:7 Desk\r\na,b\r\n"x, y","say ""hi""","two\nlines"\n\nlast,\n');
    expect(records).toEqual([
      { line: 1, cells: [' line:7 Desk'], malformed: false, comment: true },
      { line: 2, cells: ['a', 'b'], malformed: false, comment: false },
      { line: 3, cells: ['x, y', 'say "hi"', 'two\nlines'], malformed: false, comment: false },
      { line: 6, cells: ['last', ''], malformed: false, comment: false },
    ]);
  });

  it('marks a record with an unclosed quote or a stray quote as malformed', () => {
    expect(readCsv('a,"open\n')[0]!.malformed).toBe(true);
    expect(readCsv('a,b"c\n')[0]!.malformed).toBe(true);
    expect(readCsv('a,"b"c\n')[0]!.malformed).toBe(true);
  });

  it('never evaluates a cell: a formula stays text and is recognised as one', () => {
    const [record] = readCsv('=1+1,+2,-3,@SUM(A1),\tx,ok\n');
    expect(record!.cells).toEqual(['=1+1', '+2', '-3', '@SUM(A1)', '\tx', 'ok']);
    expect(record!.cells.map(isFormulaCell)).toEqual([true, true, true, true, true, false]);
  });
});

describe('the state of a batch, computed from its orders', () => {
  it('is the common state, reviewing while some are open, sending while some are sent, else partial_approved', () => {
    expect(custodyBatchState(['pending_review', 'pending_review'])).toBe('pending_review');
    expect(custodyBatchState(['pending_review', 'reviewing'])).toBe('reviewing');
    expect(custodyBatchState(['approved', 'pending_review'])).toBe('reviewing');
    expect(custodyBatchState(['approved', 'sending'])).toBe('sending');
    expect(custodyBatchState(['approved', 'approved'])).toBe('approved');
    expect(custodyBatchState(['rejected', 'rejected'])).toBe('rejected');
    expect(custodyBatchState(['approved', 'rejected'])).toBe('partial_approved');
    expect(custodyBatchState(['approved', 'transfer_failed', 'rejected'])).toBe('partial_approved');
  });
});
