import { z } from 'zod';
import { assetSummarySchema } from './asset-summary';
import { defineEndpoint } from './endpoint';
import { codeSentSchema } from './identity';
import { pageQuerySchema, pageSchema } from './primitives';
import {
  assetTableSchema,
  assetsQuerySchema,
  billInfoQuerySchema,
  billSchema,
  billsExportQuerySchema,
  billsQuerySchema,
  currencySchema,
  innerAddressParamsSchema,
  innerAddressQuerySchema,
  innerAddressSchema,
  preTransferBodySchema,
  preTransferSchema,
  tokenSwitchSchema,
  transferBodySchema,
  transferParamsSchema,
  transferRecipientBodySchema,
  transferRecipientSchema,
  transferRecordSchema,
  userAccountValueSchema,
  userDashboardSchema,
} from './wallet';
import { walletPaths } from './wallet-paths';

const tags = ['wallet'];

/** The wallet calls of spec §7: balance account, asset summary, dashboard, internal transfer, bills. */
export const walletEndpoints = {
  bitAssets: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: walletPaths.bitAssets,
    tags,
    summary: 'Balance account: the asset table',
    query: assetsQuerySchema,
    response: assetTableSchema,
  }),
  userAssets: defineEndpoint({
    apiKeyRight: 'read',
    method: 'POST',
    path: walletPaths.userAssets,
    tags,
    summary: 'Balance account (body filters)',
    body: assetsQuerySchema,
    response: assetTableSchema,
  }),
  headAsset: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: walletPaths.headAsset,
    tags,
    summary: 'Asset summary (spec §3)',
    response: assetSummarySchema,
  }),
  currencies: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: walletPaths.currencies,
    tags,
    summary: 'Supported coins with chain settings',
    response: z.array(currencySchema),
  }),
  tokenSwitches: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: walletPaths.tokenSwitches,
    tags,
    summary: 'Deposit and withdrawal switches per coin',
    response: z.array(tokenSwitchSchema),
  }),
  userAccounts: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: walletPaths.userAccounts,
    tags,
    summary: 'The customer’s accounts (balance, loan, investment) with their value',
    response: z.array(userAccountValueSchema),
  }),
  dashboard: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: walletPaths.dashboard,
    tags,
    summary: 'Dashboard: asset trend, recent activity, quotations, news',
    response: userDashboardSchema,
  }),

  // ── Internal transfer ──
  isInnerAddress: defineEndpoint({
    method: 'GET',
    path: walletPaths.isInnerAddress,
    tags,
    summary: 'Whether a blockchain address (chain, XRP tag) is a Coffer deposit address; says nothing about customers',
    params: innerAddressParamsSchema,
    query: innerAddressQuerySchema,
    response: innerAddressSchema,
  }),
  transferRecipient: defineEndpoint({
    method: 'POST',
    path: walletPaths.transferRecipient,
    tags,
    summary: 'Transfer receiver check: a Coffer customer or not, masked (limited per hour)',
    body: transferRecipientBodySchema,
    response: transferRecipientSchema,
  }),
  preTransfer: defineEndpoint({
    method: 'POST',
    path: walletPaths.preTransfer,
    tags,
    summary: 'Check an internal transfer before asking for verification',
    body: preTransferBodySchema,
    response: preTransferSchema,
  }),
  transferCode: defineEndpoint({
    method: 'POST',
    path: walletPaths.transferCode,
    tags,
    summary: 'Send the transfer verification code',
    response: codeSentSchema,
  }),
  transfer: defineEndpoint({
    method: 'POST',
    path: walletPaths.transfer,
    tags,
    summary: 'Internal transfer (fund password + second factor; idempotent by requestId)',
    params: transferParamsSchema,
    body: transferBodySchema,
    response: transferRecordSchema,
  }),
  transfers: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: walletPaths.transfers,
    tags,
    summary: 'Transfer records',
    query: pageQuerySchema,
    response: z.array(transferRecordSchema),
  }),

  // ── Bills ──
  userBills: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: walletPaths.userBills,
    tags,
    summary: 'Bills, filtered by coin, type and time',
    query: billsQuerySchema,
    response: pageSchema(billSchema),
  }),
  billInfo: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: walletPaths.billInfo,
    tags,
    summary: 'One bill with its detail',
    query: billInfoQuerySchema,
    response: billSchema,
  }),
  /** A CSV file, not an envelope. */
  billsExport: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: walletPaths.billsExport,
    tags,
    summary: 'Bills of at most 3 months as CSV (streamed), in the caller’s language',
    query: billsExportQuerySchema,
  }),
};
