import type { NetworkInterfaceInfo } from 'node:os'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import { startLine } from './start-line'

const lan = {
  lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
  wlan0: [{ address: '192.168.1.23', family: 'IPv4', internal: false }],
} as unknown as NodeJS.Dict<NetworkInterfaceInfo[]>

describe('the start line', () => {
  it('says where the demo runs, and where its simulated network is', () => {
    const demo = loadConfig({ BRAND_NAME: 'Paydesk', PORT: '3000' }, lan)
    expect(startLine(demo, 'http://127.0.0.1:3100')).toBe(
      'Paydesk is running at http://localhost:3000 ' +
        '(demo mode: simulated Bitcoin network at http://127.0.0.1:3100)',
    )
  })

  it('gives the network address when the demo is open to the network', () => {
    const open = loadConfig({ BRAND_NAME: 'Paydesk', PORT: '3000', HOST: '0.0.0.0' }, lan)
    expect(startLine(open, 'http://127.0.0.1:3100')).toBe(
      'Paydesk is running at http://localhost:3000 and on this network at ' +
        'http://192.168.1.23:3000 (demo mode: simulated Bitcoin network at http://127.0.0.1:3100)',
    )
  })

  it('names the network in production', () => {
    const production = loadConfig(
      {
        NODE_ENV: 'production',
        BITCOIN_NETWORK: 'mainnet',
        BRAND_NAME: 'Paydesk',
        DATABASE_URL: 'postgres://db.example.com/pay',
        PUBLIC_URL: 'https://pay.example.com',
        SUPPORT_URL: 'https://help.example.com',
        SMTP_URL: 'smtps://mail.example.com',
        MAIL_FROM: 'no-reply@pay.example.com',
        APP_SECRET: 'x7Kp2Qv9Lm4Rt8Wz1Yb6Nc3Hd5Jf0Gs-AeUi_OoEy',
      },
      lan,
    )
    expect(startLine(production)).toBe('Paydesk is running at https://pay.example.com (mainnet)')
  })
})
