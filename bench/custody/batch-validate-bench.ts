/**
 * bench/custody: pre-validation of a 5,000-row batch withdrawal CSV (issue 18 item 7; target
 * < 2 s). Runs the server's own steps in this process: `readBatchFile` (base64 → bytes → UTF-8
 * CSV checks → RFC 4180 records), `checkBatchRows` (formula cells, coin of the line, address and
 * tag by the chain module's checks with EIP-55 canonicalisation, amount precision, fee,
 * duplicates), `applyBatchPolicy` (the policy engine on every row against a business line with
 * 200 whitelisted addresses, past their cooling period, and a month of 3,000 counted orders; then
 * the batch's sum against the rolling windows) and `batchAnswer` (codes and messages row by row).
 * The asset catalogue is an in-memory one (USDT, 6 decimals, on ethereum); what the HTTP call adds
 * on top is two small reads in PostgreSQL (the line and account, then the policy rows once per
 * coin), not measured here. BENCH_ROUNDS runs (default 5) after one warm-up; prints the median
 * and the slowest.
 */
import type { AssetChainSetting, AssetInfo } from '../../apps/server/src/modules/assets';
import { applyBatchPolicy, batchAnswer, checkBatchRows, readBatchFile } from '../../apps/server/src/modules/custody/batch-validate';
import { createCustodyDestinations } from '../../apps/server/src/modules/custody/custody-destinations';
import type { PolicyFacts } from '../../apps/server/src/modules/custody/order-policy';

const rows = 5000;
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const hour = 3_600_000;

const usdt: AssetInfo = { code: 'USDT', name: 'Tether', scale: 6, displayPrecision: 2, icon: '', usdPrice: '1', sortOrder: 1 };
const setting: AssetChainSetting = {
  asset: 'USDT',
  name: 'Tether',
  icon: '',
  scale: 6,
  displayPrecision: 2,
  chain: 'ethereum',
  tokenStandard: 'ERC20',
  contractAddress: null,
  confirmationsToCredit: 12,
  confirmationsToWithdraw: 12,
  minDeposit: 1n,
  minWithdrawal: 1n,
  withdrawalFee: 2_000_000n,
  isDepositEnabled: true,
  isWithdrawalEnabled: true,
};
const assets = {
  async get(code: string): Promise<AssetInfo> {
    if (code.toUpperCase() !== 'USDT') throw new Error(`unknown coin ${code}`);
    return usdt;
  },
  async chainSettings(): Promise<AssetChainSetting[]> {
    return [setting];
  },
};
const destinations = createCustodyDestinations({ assets, networks: { bitcoinNetwork: 'regtest', xrpNetwork: 'testnet' } });

async function main(): Promise<void> {
  const now = new Date();
  const addresses = Array.from({ length: 200 }, (_, at) => `0x${(at + 1).toString(16).padStart(4, '0')}${'ab'.repeat(18)}`);
  const whitelist = [];
  for (const address of addresses) {
    const canonical = await destinations.check({ asset: 'USDT', chain: 'ethereum', address });
    whitelist.push({ asset: 'USDT', chain: 'ethereum', address: canonical.address, tag: '', addedAt: new Date(now.getTime() - 48 * hour) });
  }
  const facts: PolicyFacts = {
    now,
    submitterState: 'active',
    organisationFrozen: false,
    lineFrozen: false,
    line: { currencies: ['USDT'], accountIds: ['1'], minReviewers: 2 },
    whitelist,
    limits: { perTransaction: 10n ** 15n, day: 10n ** 18n, week: 10n ** 18n, month: 10n ** 18n },
    counted: Array.from({ length: 3000 }, (_, at) => ({
      amount: 1_000_000n,
      at: new Date(now.getTime() - (30 * 24 * hour * at) / 3000),
    })).reverse(),
    reviewers: ['11', '12', '13'].map((memberId) => ({ memberId, name: `Reviewer ${memberId}`, eligible: true })),
    decisions: [],
  };
  const lines = ['# Coffer batch withdrawal · line:1 Bench line', 'coin,network,amount,address,tag,note'];
  for (let at = 0; at < rows; at += 1) lines.push(`USDT,ethereum,${at + 1}.25,${addresses[at % 200]},,"payout ${at}, bench"`);
  const content = Buffer.from(lines.join('\r\n')).toString('base64');
  console.log(`file: ${rows} rows, ${Buffer.from(content, 'base64').length} bytes`);

  const timings: number[] = [];
  for (let round = 0; round <= rounds; round += 1) {
    const started = performance.now();
    const file = readBatchFile({ fileName: 'bench.csv', content });
    const checked = await checkBatchRows(file, { lineId: '1', currencies: ['USDT'], destinations, assets });
    applyBatchPolicy(checked, { submitterMemberId: '10', accountId: '1' }, () => facts);
    const answer = batchAnswer(checked, 'en');
    const elapsed = performance.now() - started;
    if (!answer.clean)
      throw new Error(`the bench file is not clean: ${JSON.stringify(answer.rows.find((row) => row.problems.length > 0))}`);
    if (round > 0) timings.push(elapsed);
  }
  timings.sort((a, b) => a - b);
  const median = timings[Math.floor(timings.length / 2)]!;
  const slowest = timings[timings.length - 1]!;
  console.log(
    `pre-validation of ${rows} rows: median ${median.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms over ${rounds} runs (target < 2000 ms)`,
  );
}

await main();
