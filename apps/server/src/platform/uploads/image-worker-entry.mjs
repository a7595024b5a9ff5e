// The image worker's entry: plain JavaScript, so a worker thread can start it under any
// runner; it registers tsx's loader and runs the TypeScript worker (image-worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./image-worker.ts');
