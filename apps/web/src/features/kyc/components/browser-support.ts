/**
 * Spec §8: advanced verification (KYC2) supports only Chrome and Safari, told apart by the user
 * agent. Chromium and headless Chrome count as Chrome, Chrome on iOS (CriOS) too; browsers that
 * build on Chromium or WebKit but name themselves (Edge, Opera, Samsung Internet, Yandex,
 * Firefox on iOS…) do not.
 */
const otherBrowsers =
  /\b(?:Edg|EdgA|EdgiOS|Edge|OPR|OPiOS|Opera|SamsungBrowser|YaBrowser|UCBrowser|Vivaldi|Firefox|FxiOS|MicroMessenger|QQBrowser)\//;
const chrome = /\b(?:Chrome|Chromium|HeadlessChrome|CriOS)\/\d/;
const safari = /\bVersion\/\d[\d.]* (?:Mobile\/\S+ )?Safari\/\d/;

export function isKyc2BrowserSupported(userAgent: string): boolean {
  if (otherBrowsers.test(userAgent)) return false;
  return chrome.test(userAgent) || safari.test(userAgent);
}
