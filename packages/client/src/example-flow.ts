import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CofferClient } from './coffer-client';
import { CofferApiError, CofferError, CofferResponseSignatureError } from './errors';

/** What the example needs, from the environment. */
export interface ExampleConfig {
  baseUrl: string;
  accessKey: string;
  privateKey: string;
  platformPublicKey: string | undefined;
  /** The pair to buy on and how much of its quote coin to spend: BTC/USDT and 10 by default. */
  pair: string;
  amount: string;
}

export class ExampleConfigError extends Error {
  override name = 'ExampleConfigError';
}

const keyHelp =
  'Make a key pair with `openssl genpkey -algorithm ed25519 -out key.pem`, give Coffer the public half ' +
  "(`openssl pkey -in key.pem -pubout`) in the web app's API management page, then set COFFER_PRIVATE_KEY_FILE=key.pem.";

type Environment = Record<string, string | undefined>;

function present(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Reads and checks the example's variables; a missing one is named with what to set it to. */
export async function exampleConfigFromEnv(env: Environment): Promise<ExampleConfig> {
  const problems: string[] = [];
  const accessKey = present(env, 'COFFER_ACCESS_KEY');
  if (!accessKey) problems.push('COFFER_ACCESS_KEY is not set: the access key Coffer showed when you created the API key.');
  let privateKey = present(env, 'COFFER_PRIVATE_KEY');
  const keyFile = present(env, 'COFFER_PRIVATE_KEY_FILE');
  if (!privateKey && keyFile) {
    try {
      // `npm run example -w` runs in packages/client; a relative path means where npm was started.
      privateKey = await readFile(path.resolve(env.INIT_CWD ?? process.cwd(), keyFile), 'utf8');
    } catch (error) {
      problems.push(`COFFER_PRIVATE_KEY_FILE=${keyFile} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
    }
  } else if (!privateKey) {
    problems.push(`Neither COFFER_PRIVATE_KEY (PEM or 64 hex characters) nor COFFER_PRIVATE_KEY_FILE is set. ${keyHelp}`);
  }
  const amount = present(env, 'COFFER_AMOUNT') ?? '10';
  if (!/^\d+(\.\d+)?$/.test(amount)) problems.push(`COFFER_AMOUNT=${amount} is not a decimal amount like 10 or 2.5.`);
  const pair = (present(env, 'COFFER_PAIR') ?? 'BTC/USDT').toUpperCase();
  if (!/^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}$/.test(pair)) problems.push(`COFFER_PAIR=${pair} is not a pair like BTC/USDT.`);
  if (problems.length > 0) throw new ExampleConfigError(problems.join('\n'));
  return {
    baseUrl: present(env, 'COFFER_URL') ?? 'http://localhost:8080',
    accessKey: accessKey!,
    privateKey: privateKey!,
    platformPublicKey: present(env, 'COFFER_PLATFORM_PUBLIC_KEY'),
    pair,
    amount,
  };
}

/** Balances, a quote to buy with `amount` of the pair's quote coin, the order placed and paid, the latest orders. */
export async function runExampleFlow(client: CofferClient, config: ExampleConfig, print: (line: string) => void): Promise<void> {
  const summary = await client.assetSummary();
  print(`Total assets: ${summary.totalAsset.usdValue} USD`);
  const { rows } = await client.balances();
  print('Balances (available / total):');
  for (const row of rows) print(`  ${row.coin.padEnd(6)} ${row.available} / ${row.total}`);

  const quoteCoin = config.pair.split('/')[1]!;
  const quote = await client.requestQuote({ pair: config.pair, side: 'buy', amount: config.amount, amountCoin: quoteCoin });
  print(
    `Quote ${quote.quoteId}: pay ${quote.payAmount} ${quote.payCoin}, receive ${quote.receiveAmount} ${quote.receiveCoin} ` +
      `at ${quote.price} (fee ${quote.fee} ${quote.feeCoin}), valid until ${quote.expiresAt}`,
  );
  const placed = await client.placeOrder(quote.quoteId);
  print(`Order ${placed.orderNo} placed: ${placed.status}`);
  const paid = await client.payOrder(placed.orderNo);
  print(`Order ${paid.orderNo} paid: ${paid.status}`);

  const page = await client.orders({ pageSize: 5 });
  print(`Latest orders (${page.total} in all):`);
  for (const order of page.records) {
    print(
      `  ${order.orderNo} ${order.createdAt} ${order.side} ${order.baseAmount} ${order.baseCoin} for ${order.quoteAmount} ${order.quoteCoin}: ${order.status}`,
    );
  }
}

/** One line (or a few) saying why the example stopped. */
export function describeExampleFailure(error: unknown): string {
  if (error instanceof ExampleConfigError) return `Cannot start:\n${error.message}`;
  if (error instanceof CofferApiError) {
    return `Coffer refused the call: ${error.message} (code ${error.code}, HTTP ${error.httpStatus}${error.requestId ? `, request id ${error.requestId}` : ''})`;
  }
  if (error instanceof CofferResponseSignatureError) return `${error.message}: check COFFER_PLATFORM_PUBLIC_KEY (do not trust this answer)`;
  if (error instanceof CofferError) return error.message;
  return `Unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
