/**
 * `npm run example -w @coffer/client`: reads balances, asks a quote, places and pays the order and
 * lists the latest orders, every request signed with your API key. Set COFFER_ACCESS_KEY and
 * COFFER_PRIVATE_KEY (or COFFER_PRIVATE_KEY_FILE); optional: COFFER_URL (http://localhost:8080),
 * COFFER_PLATFORM_PUBLIC_KEY (verifies Coffer's answers), COFFER_PAIR (BTC/USDT), COFFER_AMOUNT (10).
 */
import { createCofferClient } from './coffer-client';
import { describeExampleFailure, exampleConfigFromEnv, runExampleFlow } from './example-flow';

const print = (line: string) => process.stdout.write(`${line}\n`);

try {
  const config = await exampleConfigFromEnv(process.env);
  const client = createCofferClient({
    baseUrl: config.baseUrl,
    accessKey: config.accessKey,
    privateKey: config.privateKey,
    platformPublicKey: config.platformPublicKey,
  });
  print(`Coffer at ${config.baseUrl}, access key ${config.accessKey}, signing with public key ${client.publicKey}`);
  if (!config.platformPublicKey) print('COFFER_PLATFORM_PUBLIC_KEY is not set: answers are not verified.');
  await runExampleFlow(client, config, print);
} catch (error) {
  console.error(describeExampleFailure(error));
  process.exitCode = 1;
}
