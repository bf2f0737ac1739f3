const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bChrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A browser as a person recognises it ("Chrome 140 on Windows") from the User-Agent it sent when signing in; what is
 * not recognised is shown as sent, cut short. For telling one's own sessions and sign-ins apart, not for security.
 * Without the version ("Chrome on Windows"), it is the same browser across its updates (a sign-in from a browser
 * one has not used before, decision 028).
 */
export function browserLabel(userAgent: string | null | undefined, withVersion = true): string {
  if (!userAgent) return 'Unknown browser';
  const browser = BROWSERS.map(([pattern, name]) => {
    const version = pattern.exec(userAgent)?.[1];
    return version ? (withVersion ? `${name} ${version}` : name) : null;
  }).find((found) => found !== null);
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser) return system ? `${browser} on ${system}` : browser;
  return userAgent.length > 60 ? `${userAgent.slice(0, 57)}…` : userAgent;
}
