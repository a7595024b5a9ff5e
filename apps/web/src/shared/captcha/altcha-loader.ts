// The CSP build of the widget: no inline workers (the page allows only its own scripts), so the
// PBKDF2 worker is a file of this app, registered for the one algorithm our server uses.
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

let isRegistered = false;

/** Defines `<altcha-widget>` (by importing this module) and registers its PBKDF2 worker once. */
export function registerAltcha(): void {
  if (isRegistered) return;
  isRegistered = true;
  globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
}

/** Custom strings of one language, under a key of ours, over the widget's English ones. */
export function registerAltchaStrings(key: string, strings: Record<string, string>): void {
  globalThis.$altcha.i18n.set(key, { ...globalThis.$altcha.i18n.get('en'), ...strings });
}
