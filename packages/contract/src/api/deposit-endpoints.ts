import { z } from 'zod';
import {
  depositAddressQuerySchema,
  depositAddressSchema,
  devFaucetBodySchema,
  devFaucetSchema,
  dwOptionQuerySchema,
  dwOptionSchema,
  dwRecordsBodySchema,
  dwRecordsPageSchema,
  supportTokenSchema,
  supportTokensQuerySchema,
} from './deposits';
import { depositPaths } from './deposit-paths';
import { defineEndpoint } from './endpoint';

const tags = ['deposits'];

/** The recharge calls of spec §7: options, supported coins, deposit address, records, dev faucet. */
export const depositEndpoints = {
  dwOption: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: depositPaths.dwOption,
    tags,
    summary: 'Networks per coin for deposits and withdrawals, with minimums, confirmations and fees',
    query: dwOptionQuerySchema,
    response: z.array(dwOptionSchema),
  }),
  supportTokens: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: depositPaths.supportTokens,
    tags,
    summary: 'Coins that can be deposited (or withdrawn) now',
    query: supportTokensQuerySchema,
    response: z.array(supportTokenSchema),
  }),
  depositAddress: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: depositPaths.depositAddress,
    tags,
    summary: 'The customer’s deposit address for a coin on a network, with its QR code',
    query: depositAddressQuerySchema,
    response: depositAddressSchema,
  }),
  dwRecords: defineEndpoint({
    apiKeyRight: 'read',
    method: 'POST',
    path: depositPaths.dwRecords,
    tags,
    summary: 'Deposit and withdrawal records (spec §3), newest first',
    body: dwRecordsBodySchema,
    response: dwRecordsPageSchema,
  }),
  /** Only where the server runs local chains (never in a real deployment). */
  devFaucet: defineEndpoint({
    method: 'POST',
    path: depositPaths.devFaucet,
    tags,
    summary: 'Dev faucet: test coins on the local chain to the customer’s deposit address',
    body: devFaucetBodySchema,
    response: devFaucetSchema,
  }),
};
