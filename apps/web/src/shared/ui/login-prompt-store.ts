/**
 * Spec §4/§8: a body code 403 or an HTTP 401 opens the login prompt once; however many
 * calls fail meanwhile, one dialog shows, and confirming or closing it goes to login.
 */
type Listener = () => void;

let isOpen = false;
const listeners = new Set<Listener>();

function publish(next: boolean): void {
  isOpen = next;
  for (const listener of listeners) listener();
}

export function openLoginPrompt(): void {
  if (!isOpen) publish(true);
}

export function closeLoginPrompt(): void {
  if (isOpen) publish(false);
}

export function isLoginPromptOpen(): boolean {
  return isOpen;
}

export function subscribeLoginPrompt(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
