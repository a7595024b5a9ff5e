import { parentPort } from 'node:worker_threads';
import { sanitiseImage } from './image-sanitiser';

/** One image at a time: decode and re-encode (`sanitiseImage`) off the server's event loop. */
parentPort?.on('message', (message: { id: number; bytes: Uint8Array; kind: 'jpeg' | 'png' }) => {
  try {
    const result = sanitiseImage(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength), message.kind);
    if (result.ok) {
      const bytes = new Uint8Array(result.bytes);
      parentPort!.postMessage({ id: message.id, result: { ...result, bytes } }, [bytes.buffer]);
    } else {
      parentPort!.postMessage({ id: message.id, result });
    }
  } catch (error) {
    parentPort!.postMessage({ id: message.id, failure: error instanceof Error ? error.message : String(error) });
  }
});
