import { showToast } from './toast-store';

/** Copies `text` and says so; a refused clipboard shows the spec's "copy failed". */
export async function copyText(text: string, messages: { done: string; failed: string }): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast('success', messages.done);
  } catch {
    showToast('error', messages.failed);
  }
}
