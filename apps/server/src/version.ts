import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './platform/config';

export const appVersion: string = (JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8')) as { version: string })
  .version;
