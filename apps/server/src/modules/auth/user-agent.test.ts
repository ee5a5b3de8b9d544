import { describe, expect, it } from 'vitest'
import { summariseUserAgent } from './user-agent'

describe('the sessions list names a browser and its system', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome', system: 'Linux' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      { browser: 'Safari', system: 'macOS' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
      { browser: 'Firefox', system: 'Windows' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
      { browser: 'Chrome', system: 'iOS' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0 Mobile Safari/537.36',
      { browser: 'Samsung Internet for Android', system: 'Android' },
    ],
  ])('%s', (ua, expected) => {
    expect(summariseUserAgent(ua)).toEqual(expected)
  })

  it('says nothing of a header it cannot read', () => {
    expect(summariseUserAgent('curl/8.4.0')).toEqual({ browser: null, system: null })
    expect(summariseUserAgent(undefined)).toEqual({ browser: null, system: null })
  })
})
