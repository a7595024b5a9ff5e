import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detailOf, digest, orderOf, renderCustodyOrders } from './custody-orders-test-kit';
import { OrderDetailTimeline, OrderTimeline } from './order-timeline';

const txid = `0x${'ab'.repeat(32)}`;
const approval = (memberId: string, name: string, at: string, decision: 'approve' | 'reject' = 'approve') => ({
  memberId,
  memberName: name,
  decision,
  opinion: decision === 'reject' ? 'Wrong address' : '',
  digest,
  method: 'secondFactor' as const,
  credentialName: null,
  signature: null,
  counts: decision === 'approve',
  at,
});
const signature = { credentialId: 'cred-1', signature: `MEUCIQ${'s'.repeat(40)}xyz`, authenticatorData: 'auth', clientDataJSON: 'client' };

const paid = detailOf({
  order: orderOf({ state: 'approved', decidedAt: '2026-11-29T10:20:00.000Z' }),
  approvals: [
    { ...approval('12', 'Bo Reviewer', '2026-11-29T10:00:00.000Z'), method: 'passkey', credentialName: 'YubiKey 5C', signature },
    approval('9', 'Ada Acme', '2026-11-29T10:05:00.000Z'),
  ],
  payout: { sentAt: '2026-11-29T10:05:00.000Z', txid, settledAt: '2026-11-29T10:20:00.000Z', confirmations: 12 },
});

const rows = () => within(screen.getByTestId('order-timeline')).getAllByRole('listitem');

describe('OrderDetailTimeline', { timeout: 30_000 }, () => {
  it('lists one row per event of a paid order: submitted, each approval with its signed digest, sent, txid, confirmations, final state', async () => {
    renderCustodyOrders(<OrderDetailTimeline detail={paid} />, { path: '/' });
    await screen.findByTestId('order-timeline');
    expect(rows().map((row) => row.getAttribute('data-testid'))).toEqual([
      'order-timeline-submitted',
      'order-timeline-review-12',
      'order-timeline-review-9',
      'order-timeline-sent',
      'order-timeline-txid',
      'order-timeline-confirmed',
      'order-timeline-final',
    ]);
    expect(screen.getByTestId('order-timeline-review-12').textContent).toContain('Approved by Bo Reviewer, signed with YubiKey 5C');
    expect(screen.getByTestId('order-timeline-review-12').textContent).toContain('Key signature MEUCIQss');
    expect(screen.getByTestId('order-timeline-review-9').textContent).toContain('Approved by Ada Acme');
    expect(screen.getByTestId('order-timeline-review-9').textContent).not.toContain('Key signature');
    expect(screen.getByTestId('order-timeline-review-9').textContent).toContain('Signed digest aaaaaa…bbbbbb');
    expect(screen.getByTestId('order-timeline-sent').textContent).toContain('Handed to the withdrawal signer');
    expect(screen.getByTestId('order-timeline-txid').textContent).toContain('Transaction broadcast');
    expect(screen.getByTestId('order-timeline-txid').textContent).toContain('0xabababab');
    expect(screen.getByTestId('order-timeline-confirmed').textContent).toContain('Confirmed on chain: 12 confirmations');
    expect(screen.getByTestId('order-timeline-final').textContent).toContain('Ended: Approved (transfer success)');
  });

  it('shows only what happened: a pending order is submitted only; a rejected one ends with the opinion and no payout', async () => {
    const first = renderCustodyOrders(<OrderDetailTimeline detail={detailOf()} />, { path: '/' });
    await screen.findByTestId('order-timeline');
    expect(rows()).toHaveLength(1);
    expect(rows()[0]!.textContent).toContain('Submitted by Sam Submitter');
    first.unmount();
    const rejected = detailOf({
      order: orderOf({ state: 'rejected', decidedAt: '2026-11-29T10:01:00.000Z' }),
      approvals: [approval('12', 'Bo Reviewer', '2026-11-29T10:01:00.000Z', 'reject')],
    });
    renderCustodyOrders(<OrderDetailTimeline detail={rejected} />, { path: '/' });
    await screen.findByTestId('order-timeline');
    expect(rows().map((row) => row.getAttribute('data-testid'))).toEqual([
      'order-timeline-submitted',
      'order-timeline-review-12',
      'order-timeline-final',
    ]);
    expect(screen.getByTestId('order-timeline-review-12').textContent).toContain('Opinion: Wrong address');
    expect(screen.getByTestId('order-timeline-final').textContent).toContain('Ended: Rejected');
  });

  it('is generic: any events, one row each, a missing time shown as a dash', async () => {
    renderCustodyOrders(
      <OrderTimeline
        testId="events"
        events={[
          { key: 'a', at: '2026-11-29T09:00:00.000Z', title: 'First' },
          { key: 'b', at: null, title: 'Second', detail: 'with particulars' },
        ]}
      />,
      { path: '/' },
    );
    const items = within(await screen.findByTestId('events')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('First'), '—Secondwith particulars']);
  });
});
