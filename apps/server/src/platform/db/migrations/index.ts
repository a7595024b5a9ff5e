import type { Migration } from 'kysely';
import * as identity from '../../../modules/identity/identity.migration';
import * as ledger from '../../../modules/ledger/ledger.migration';
import * as ledgerLeanPosting from '../../../modules/ledger/ledger-lean-posting.migration';
import * as market from '../../../modules/market/market.migration';
import * as marketQuotations from '../../../modules/market/market-quotations.migration';
import * as trade from '../../../modules/trade/trade.migration';
import * as tradeFastPath from '../../../modules/trade/trade-fast-path.migration';
import * as tradePayBatch from '../../../modules/trade/trade-pay-batch.migration';
import * as tradeChannel from '../../../modules/trade/trade-channel.migration';
import * as walletSnapshots from '../../../modules/wallet/dashboard.migration';
import * as wallet from '../../../modules/wallet/wallet.migration';
import * as walletTransferRequests from '../../../modules/wallet/transfer-requests.migration';
import * as walletAccountEvents from '../../../modules/wallet/account-events.migration';
import * as deposits from '../../../modules/deposits/deposits.migration';
import * as chainDevnets from '../../../modules/chain/chain-devnets.migration';
import * as withdrawals from '../../../modules/withdrawals/withdrawals.migration';
import * as withdrawalStates from '../../../modules/withdrawals/withdrawal-states.migration';
import * as research from '../../../modules/research/research.migration';
import * as nodeHeartbeat from './0001-node-heartbeat';

/**
 * Every migration of the platform and its modules, in the order they apply. Names are
 * `NNNN-<what>`; a module adds its migrations to this list when it adds tables.
 */
export const migrations: Record<string, Migration> = {
  '0001-node-heartbeat': nodeHeartbeat,
  '0002-identity': identity,
  '0003-ledger': ledger,
  '0004-wallet': wallet,
  '0005-wallet-snapshots': walletSnapshots,
  '0006-market-ticks': market,
  '0007-market-quotations': marketQuotations,
  '0008-trade': trade,
  '0009-deposits': deposits,
  '0010-chain-devnets': chainDevnets,
  '0011-withdrawals': withdrawals,
  '0012-research': research,
  '0013-trade-fast-path': tradeFastPath,
  '0014-ledger-lean-posting': ledgerLeanPosting,
  '0015-trade-pay-batch': tradePayBatch,
  '0016-trade-channel': tradeChannel,
  '0017-wallet-transfer-requests': walletTransferRequests,
  '0018-wallet-account-events': walletAccountEvents,
  '0019-withdrawal-states': withdrawalStates,
};
