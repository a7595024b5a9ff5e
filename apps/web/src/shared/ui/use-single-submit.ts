import { useRef, useState } from 'react';

/**
 * A dialog form's submission, one at a time (a double click sends one request): `isPending`
 * while it runs. A rejection was already shown (by the HTTP client, at its field or in the
 * dialog), so the form stays for another try.
 */
export function useSingleSubmit<Args extends unknown[]>(submit: (...args: Args) => Promise<void>) {
  const [isPending, setPending] = useState(false);
  const isSubmitting = useRef(false);
  const run = async (...args: Args) => {
    if (isSubmitting.current) return;
    isSubmitting.current = true;
    setPending(true);
    try {
      await submit(...args);
    } catch {
      // Shown already; the values may be corrected.
    } finally {
      isSubmitting.current = false;
      setPending(false);
    }
  };
  return { isPending, submit: (...args: Args) => void run(...args) };
}
