/**
 * Spec §8: only one error toast and one success toast show at a time; each lasts 3 s and
 * can be closed. A new toast of a kind replaces the one showing.
 */
export type ToastKind = 'error' | 'success';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export const toastDurationMs = 3000;

type Listener = () => void;

let toasts: Readonly<Record<ToastKind, Toast | null>> = { error: null, success: null };
let nextId = 1;
const timers = new Map<ToastKind, ReturnType<typeof setTimeout>>();
const listeners = new Set<Listener>();

function publish(next: Readonly<Record<ToastKind, Toast | null>>): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast(kind: ToastKind, text: string): void {
  clearTimeout(timers.get(kind));
  publish({ ...toasts, [kind]: { id: nextId++, kind, text } });
  timers.set(
    kind,
    setTimeout(() => closeToast(kind), toastDurationMs),
  );
}

export function closeToast(kind: ToastKind): void {
  clearTimeout(timers.get(kind));
  timers.delete(kind);
  if (toasts[kind] !== null) publish({ ...toasts, [kind]: null });
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): Readonly<Record<ToastKind, Toast | null>> {
  return toasts;
}
