import { parentPort } from 'node:worker_threads';
import { sanitiseImage } from './image-sanitiser';
import { screenPdf } from './pdf-screening';

/** One file at a time off the server's event loop: an image decoded and re-encoded, or a PDF screened. */
parentPort?.on('message', (message: { id: number; bytes: Uint8Array; kind: 'jpeg' | 'png' | 'pdf' }) => {
  try {
    const input = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
    const result = message.kind === 'pdf' ? screenPdf(input) : sanitiseImage(input, message.kind);
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
