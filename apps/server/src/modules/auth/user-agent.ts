/** What the sessions list says of a browser: its name and system from the User-Agent header. */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
]

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
]

export interface BrowserSummary {
  /** e.g. "Firefox"; null when not recognised */
  browser: string | null
  /** e.g. "Windows"; null when not recognised */
  system: string | null
}

export function summariseUserAgent(userAgent: string | null | undefined): BrowserSummary {
  if (!userAgent) return { browser: null, system: null }
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1] ?? null
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1] ?? null
  return { browser, system }
}
