import { bytesToHex } from '@noble/hashes/utils.js';
import { deriveAddress, withSigningKey, type KeyLocation } from '../addresses/hd-wallet';
import { checkXrpAddress, checkXrpTag } from '../addresses/xrp-address';
import type { ChainDeposit, ChainSender, ChainSource, SignedTransfer, TransferConfirmation, WithdrawalTransfer } from '../chain-source';
import { decodePaymentHex, encodePayment, paymentHash, signPayment } from './xrp-codec';
import type { XrpNode } from './xrp-node';

export const XRP_CHAIN = 'xrpl';
const ASSET = 'XRP';
const HOT_WALLET: KeyLocation = { chain: 'XRP', role: 'hot-wallet', index: 0 };

/** Ledgers are blocks: a payment counts once its ledger is validated; its sender is the paying account. */
export function createXrpChainSource(node: XrpNode): ChainSource {
  return {
    chain: XRP_CHAIN,
    firstHeight: 1,
    tipHeight: () => node.validatedLedgerIndex(),
    blockHash: (height) => node.ledgerHash(height),
    async depositsInBlock(height, watched): Promise<ChainDeposit[]> {
      const payments = await node.ledgerPayments(height);
      if (payments === null) throw new Error(`XRP ledger ${height} is not validated yet`);
      return payments
        .filter((payment) => watched(payment.destination))
        .map((payment) => ({
          txid: payment.hash,
          logIndex: 0,
          address: payment.destination,
          asset: ASSET,
          amount: payment.amount,
          ...(payment.destinationTag !== null ? { tag: payment.destinationTag } : {}),
          senders: [payment.account],
        }));
    },
  };
}

export function xrpHotWalletAddress(seed: Uint8Array): string {
  return deriveAddress(seed, HOT_WALLET);
}

/** Payments from the platform's XRP hot wallet (m/44'/144'/1'/0/0), sequence reserved per signature. */
export function createXrpSender(options: { node: XrpNode; seed: Uint8Array }): ChainSender {
  const { node, seed } = options;
  const account = xrpHotWalletAddress(seed);

  return {
    chain: XRP_CHAIN,

    async buildAndSign(transfer: WithdrawalTransfer): Promise<SignedTransfer> {
      if (transfer.asset !== ASSET) throw new Error(`the XRP sender sends XRP, not ${transfer.asset}`);
      const destination = checkXrpAddress(transfer.to);
      if (!destination.valid) throw new Error(`not an XRP address (${destination.problem})`);
      const tag = checkXrpTag(transfer.tag ?? destination.tag);
      if (!tag.valid) throw new Error(`not an XRP destination tag (${tag.problem})`);
      if (transfer.amount <= 0n) throw new Error('amount must be positive');
      const fee = await node.fee();
      const sequence = await node.reserveSequence(account);
      try {
        const signed = withSigningKey(seed, HOT_WALLET, (privateKey) =>
          signPayment(
            {
              account,
              destination: destination.classicAddress,
              amount: transfer.amount,
              fee,
              sequence,
              ...(tag.tag !== null ? { destinationTag: Number(tag.tag) } : {}),
            },
            privateKey,
          ),
        );
        return { txid: paymentHash(signed), raw: bytesToHex(encodePayment(signed)).toUpperCase(), networkFee: fee };
      } catch (error) {
        await node.releaseSequence(account, sequence);
        throw error;
      }
    },

    async broadcast(raw) {
      await node.submit(raw);
    },

    async confirmations(txid): Promise<TransferConfirmation> {
      const status = await node.transactionStatus(txid);
      if (status.state === 'unknown') return { state: 'unknown' };
      if (status.state === 'queued') return { state: 'pending' };
      const confirmations = (await node.validatedLedgerIndex()) - status.ledgerIndex + 1;
      return status.result === 'tesSUCCESS'
        ? { state: 'included', confirmations }
        : { state: 'failed', confirmations, reason: status.result };
    },

    async abandon(raw) {
      const payment = decodePaymentHex(raw);
      await node.releaseSequence(payment.account, payment.sequence);
    },
  };
}
