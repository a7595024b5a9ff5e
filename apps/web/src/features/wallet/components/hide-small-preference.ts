import { useState } from 'react';

export const hideSmallStorageKey = 'coffer.wallet.hideSmall';

function readStored(): boolean {
  try {
    return localStorage.getItem(hideSmallStorageKey) === 'true';
  } catch {
    return false;
  }
}

/** The "hide balances under 1 USD" switch, remembered in local storage. */
export function useHideSmallPreference(): [boolean, (next: boolean) => void] {
  const [hideSmall, setHideSmall] = useState(readStored);
  const update = (next: boolean) => {
    setHideSmall(next);
    try {
      localStorage.setItem(hideSmallStorageKey, String(next));
    } catch {
      // Private mode without storage: the switch still works for this visit.
    }
  };
  return [hideSmall, update];
}
