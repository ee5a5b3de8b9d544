/**
 * What the sessions list says of a browser: its name and system from the User-Agent header,
 * read by bowser (kept up to date with browsers' and systems' tokens, headless Chromium
 * included, which a hand-written table read as Safari).
 */
import Bowser from 'bowser'

export interface BrowserSummary {
  /** e.g. "Firefox"; null when not recognised */
  browser: string | null
  /** e.g. "Windows"; null when not recognised */
  system: string | null
}

export function summariseUserAgent(userAgent: string | null | undefined): BrowserSummary {
  if (!userAgent) return { browser: null, system: null }
  const parser = Bowser.getParser(userAgent)
  return { browser: parser.getBrowserName() || null, system: parser.getOSName() || null }
}
