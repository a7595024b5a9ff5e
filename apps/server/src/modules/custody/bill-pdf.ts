import type { CustodyBillDetail, CustodyBillLineKind } from '@coffer/contract';
import { writePdf, type PdfLine } from '../../platform/pdf/pdf-writer';

const lineNames: Record<CustodyBillLineKind, string> = {
  hosting: 'Hosting (custody) fee',
  enterpriseWithdrawal: 'Enterprise withdrawals',
  primeWithdrawal: 'Prime withdrawals',
  withdrawalFee: 'Coin-withdrawal fees (already taken)',
};

/** Up to this many sources are printed under a line; the rest are counted (the console's detail lists them all). */
const sourcesPrinted = 40;

/**
 * A bill as a PDF (in English: the standard fonts carry Latin-1 only): the organisation, the
 * period and due date, the figures, each line with the sources it was computed from, the
 * payment and the platform's bank for a wire.
 */
export function billPdf(orgName: string, detail: CustodyBillDetail): Buffer {
  const { bill, lines, bank } = detail;
  const row = (label: string, value: string, spaceBefore = 0): PdfLine[] => [
    { text: label, spaceBefore },
    { text: value, indent: 300, sameLine: true },
  ];
  const out: PdfLine[] = [
    { text: 'Coffer custody bill', size: 18, bold: true },
    { text: `${orgName} - bill ${bill.id} - period ${bill.period}`, size: 11, spaceBefore: 4 },
    ...row('Issued', bill.issuedAt.slice(0, 10), 8),
    ...row('Due by', bill.dueOn),
    ...row('Status', bill.state === 'paid' ? 'Paid' : 'Unpaid'),
    { text: 'Figures (USD)', bold: true, size: 12, spaceBefore: 12 },
    ...row('Days in the period', String(bill.days)),
    ...row('Average managed market value', bill.averageMarketValueUsd),
    ...row('Annual rate', bill.annualRate),
    ...row('Hosting (custody) fee', bill.hostingFeeUsd),
    ...row('Enterprise withdrawal amount', bill.enterpriseWithdrawalUsd),
    ...row('Prime withdrawal amount', bill.primeWithdrawalUsd),
    ...row('Coin-withdrawal fees', bill.withdrawalFeeUsd),
    ...row('Minimum amount', bill.minimumUsd),
    ...row('Reference fee', bill.referenceFeeUsd),
    { text: 'Final cost', bold: true, spaceBefore: 4 },
    { text: `${bill.finalCostUsd} USD`, bold: true, indent: 300, sameLine: true },
    { text: 'Lines and their sources', bold: true, size: 12, spaceBefore: 12 },
  ];
  for (const line of lines) {
    const coin = line.coin ? ` ${line.amount} ${line.coin} at ${line.usdPrice} USD` : '';
    out.push(...row(`${lineNames[line.kind]}${coin}`, `${line.usd} USD`, 4));
    for (const source of line.sources.slice(0, sourcesPrinted)) {
      out.push({
        size: 8,
        indent: 12,
        text:
          source.kind === 'snapshot'
            ? `snapshot ${source.day} ${source.accountName}: ${source.balance} ${source.coin} = ${source.usd} USD`
            : `ledger entry ${source.entryId} (journal ${source.journalId}), order ${source.serialNo}, ${source.accountName}: ${source.amount} ${source.coin}`,
      });
    }
    if (line.sources.length > sourcesPrinted)
      out.push({ size: 8, indent: 12, text: `and ${line.sources.length - sourcesPrinted} more sources` });
  }
  out.push({ text: 'Payment', bold: true, size: 12, spaceBefore: 12 });
  if (bill.payment) {
    const taken =
      bill.payment.method === 'deduction' && bill.payment.amount
        ? ` - ${bill.payment.amount} ${bill.payment.coin} from ${bill.payment.accountName ?? ''}`
        : '';
    out.push({ text: `Paid ${bill.payment.paidAt.slice(0, 10)} by ${bill.payment.method === 'wire' ? 'bank wire' : 'deduction'}${taken}` });
  } else {
    out.push(
      { text: `Wire ${bill.finalCostUsd} USD by ${bill.dueOn}, reference BILL-${bill.id}, to:` },
      ...row('Bank', bank.bankName),
      ...row('Bank address', bank.bankAddress),
      ...row('Bank code', bank.bankCode),
      ...row('SWIFT', bank.swift),
      ...row('Account name', bank.accountName),
      ...row('Account number', bank.accountNumber),
    );
  }
  return writePdf({ title: `Coffer custody bill ${bill.period}`, lines: out });
}
