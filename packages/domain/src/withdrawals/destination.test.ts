import { bech32 } from '@scure/base'
import { NETWORK as MAIN, TEST_NETWORK, p2pkh, p2sh, p2tr, p2wpkh } from '@scure/btc-signer'
import bolt11 from 'bolt11'
import { describe, expect, it } from 'vitest'
import { invoiceOnly, parseDestination } from './destination'
import type { ParsedDestination } from './destination-types'
import type { BitcoinNetwork } from './networks'

const NOW = new Date('2026-11-24T12:00:00Z')
const nowSec = Math.floor(NOW.getTime() / 1000)
const KEY = 'e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734'
const PUB = Uint8Array.from(
  Buffer.from('03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad', 'hex'),
)
const XONLY = PUB.slice(1)
const REG = { ...TEST_NETWORK, bech32: 'bcrt' }

const bolt11Net = (bech: string) => ({
  bech32: bech,
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  validWitnessVersions: [0, 1],
})

function invoice(
  prefix: string,
  opts: { sat?: number; msat?: string; ts?: number; expiry?: number } = {},
): string {
  const encoded = bolt11.encode({
    network: bolt11Net(prefix),
    ...(opts.sat !== undefined ? { satoshis: opts.sat } : {}),
    ...(opts.msat !== undefined ? { millisatoshis: opts.msat } : {}),
    timestamp: opts.ts ?? nowSec - 60,
    tags: [
      { tagName: 'payment_hash', data: '11'.repeat(32) },
      { tagName: 'payment_secret', data: '22'.repeat(32) },
      { tagName: 'description', data: 'coffee' },
      { tagName: 'expire_time', data: opts.expiry ?? 3600 },
    ],
  })
  const signed = bolt11.sign(encoded, KEY).paymentRequest
  if (!signed) throw new Error('unsigned')
  return signed
}

const lnurl = (url: string) =>
  bech32.encode('lnurl', bech32.toWords(new TextEncoder().encode(url)), 2000).toUpperCase()

// real addresses from the library (regtest) and the BIP173/BIP350 vectors (mainnet, testnet)
const regP2wpkh = p2wpkh(PUB, REG).address
const regP2tr = p2tr(XONLY, undefined, REG).address
const regP2pkh = p2pkh(PUB, REG).address
const regP2sh = p2sh(p2wpkh(PUB, REG), REG).address
const mainP2wpkh = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const mainP2tr = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'
const mainP2pkh = p2pkh(PUB, MAIN).address
const testP2wpkh = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'

/** one character of the data part changed, keeping the alphabet */
function flip(address: string, at: number): string {
  const i = address.length - at
  const c = address[i]!
  const swap = c === 'q' ? 'p' : c === 'Q' ? 'P' : /[A-Z]/.test(c) ? 'Q' : 'q'
  return address.slice(0, i) + swap + address.slice(i + 1)
}

type Expect =
  | { type: string; amountSat?: number | null; address?: string; url?: string; lightning?: boolean }
  | { code: string }

interface Case {
  name: string
  input: string
  network?: BitcoinNetwork
  expect: Expect
}

const cases: Case[] = [
  // BOLT11
  {
    name: 'regtest invoice with amount',
    input: invoice('bcrt', { sat: 2_100 }),
    expect: { type: 'bolt11', amountSat: 2_100 },
  },
  {
    name: 'regtest invoice without amount',
    input: invoice('bcrt'),
    expect: { type: 'bolt11', amountSat: null },
  },
  {
    name: 'lightning: prefix',
    input: `lightning:${invoice('bcrt', { sat: 5 })}`,
    expect: { type: 'bolt11', amountSat: 5 },
  },
  {
    name: 'LIGHTNING: upper-case invoice',
    input: `LIGHTNING:${invoice('bcrt', { sat: 7 }).toUpperCase()}`,
    expect: { type: 'bolt11', amountSat: 7 },
  },
  {
    name: 'surrounding whitespace',
    input: `  ${invoice('bcrt', { sat: 9 })}\n`,
    expect: { type: 'bolt11', amountSat: 9 },
  },
  {
    name: 'mainnet invoice on regtest',
    input: invoice('bc', { sat: 1_000 }),
    expect: { code: 'WITHDRAW_WRONG_NETWORK' },
  },
  {
    name: 'regtest invoice on mainnet',
    input: invoice('bcrt', { sat: 1_000 }),
    network: 'mainnet',
    expect: { code: 'WITHDRAW_WRONG_NETWORK' },
  },
  {
    name: 'testnet invoice on regtest',
    input: invoice('tb', { sat: 1_000 }),
    expect: { code: 'WITHDRAW_WRONG_NETWORK' },
  },
  {
    name: 'signet invoice on testnet',
    input: invoice('tbs', { sat: 1_000 }),
    network: 'testnet',
    expect: { code: 'WITHDRAW_WRONG_NETWORK' },
  },
  {
    name: 'signet invoice on signet',
    input: invoice('tbs', { sat: 1_000 }),
    network: 'signet',
    expect: { type: 'bolt11', amountSat: 1_000 },
  },
  {
    name: 'mainnet invoice on mainnet',
    input: invoice('bc', { sat: 1_000 }),
    network: 'mainnet',
    expect: { type: 'bolt11', amountSat: 1_000 },
  },
  {
    name: 'invoice of another coin',
    input: invoice('ltc', { sat: 1_000 }),
    expect: { code: 'WITHDRAW_INVALID_DESTINATION' },
  },
  {
    name: 'expired invoice',
    input: invoice('bcrt', { sat: 10, ts: nowSec - 7_200, expiry: 3_600 }),
    expect: { code: 'WITHDRAW_INVOICE_EXPIRED' },
  },
  {
    name: 'invoice with a broken checksum',
    input: flip(invoice('bcrt', { sat: 10 }), 3),
    expect: { code: 'WITHDRAW_INVALID_INVOICE' },
  },
  {
    name: 'truncated invoice',
    input: invoice('bcrt', { sat: 10 }).slice(0, 60),
    expect: { code: 'WITHDRAW_INVALID_INVOICE' },
  },
  {
    name: 'mixed-case invoice',
    input: invoice('bcrt', { sat: 10 }).replace('lnbcrt', 'LNbcrt'),
    expect: { code: 'WITHDRAW_INVALID_INVOICE' },
  },
  {
    name: 'invoice for a fraction of a sat',
    input: invoice('bcrt', { msat: '1500' }),
    expect: { code: 'WITHDRAW_INVALID_INVOICE' },
  },
  // Bitcoin addresses
  {
    name: 'regtest P2WPKH',
    input: regP2wpkh,
    expect: { type: 'bitcoin-address', address: regP2wpkh },
  },
  {
    name: 'regtest P2TR (bech32m)',
    input: regP2tr,
    expect: { type: 'bitcoin-address', address: regP2tr },
  },
  {
    name: 'regtest P2PKH (base58)',
    input: regP2pkh,
    expect: { type: 'bitcoin-address', address: regP2pkh },
  },
  {
    name: 'regtest P2SH (base58)',
    input: regP2sh,
    expect: { type: 'bitcoin-address', address: regP2sh },
  },
  {
    name: 'upper-case bech32 kept in lower case',
    input: regP2wpkh.toUpperCase(),
    expect: { type: 'bitcoin-address', address: regP2wpkh },
  },
  {
    name: 'mainnet P2WPKH on mainnet',
    input: mainP2wpkh,
    network: 'mainnet',
    expect: { type: 'bitcoin-address' },
  },
  {
    name: 'mainnet P2TR on mainnet',
    input: mainP2tr,
    network: 'mainnet',
    expect: { type: 'bitcoin-address' },
  },
  {
    name: 'mainnet P2PKH on mainnet',
    input: mainP2pkh,
    network: 'mainnet',
    expect: { type: 'bitcoin-address' },
  },
  {
    name: 'testnet address on testnet',
    input: testP2wpkh,
    network: 'testnet',
    expect: { type: 'bitcoin-address' },
  },
  {
    name: 'testnet address on regtest',
    input: testP2wpkh,
    expect: { code: 'WITHDRAW_WRONG_NETWORK' },
  },
  {
    name: 'testnet address on mainnet',
    input: testP2wpkh,
    network: 'mainnet',
    expect: { code: 'WITHDRAW_WRONG_NETWORK' },
  },
  {
    name: 'mainnet address on regtest',
    input: mainP2wpkh,
    expect: { code: 'WITHDRAW_WRONG_NETWORK' },
  },
  {
    name: 'base58 mainnet address on regtest',
    input: mainP2pkh,
    expect: { code: 'WITHDRAW_WRONG_NETWORK' },
  },
  {
    name: 'bech32 with a flipped checksum character',
    input: flip(regP2wpkh, 1),
    expect: { code: 'WITHDRAW_INVALID_ADDRESS' },
  },
  {
    name: 'bech32 with a flipped data character',
    input: flip(mainP2wpkh, 10),
    network: 'mainnet',
    expect: { code: 'WITHDRAW_INVALID_ADDRESS' },
  },
  {
    name: 'v1 address with a v0 (bech32) checksum',
    input: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
    network: 'mainnet',
    expect: { code: 'WITHDRAW_INVALID_ADDRESS' },
  },
  {
    name: 'v0 address with a v1 (bech32m) checksum',
    input: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
    network: 'mainnet',
    expect: { code: 'WITHDRAW_INVALID_ADDRESS' },
  },
  {
    name: 'mixed-case bech32',
    input: mainP2wpkh.slice(0, 10) + mainP2wpkh.slice(10).toUpperCase(),
    network: 'mainnet',
    expect: { code: 'WITHDRAW_INVALID_ADDRESS' },
  },
  {
    name: 'base58 with a bad checksum',
    input: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3',
    network: 'mainnet',
    expect: { code: 'WITHDRAW_INVALID_ADDRESS' },
  },
  {
    name: 'wrong HRP (another coin)',
    input: 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
    expect: { code: 'WITHDRAW_INVALID_DESTINATION' },
  },
  {
    name: 'wrong HRP of the right shape',
    input: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    expect: { code: 'WITHDRAW_INVALID_ADDRESS' },
  },
  {
    name: 'too short bech32 program',
    input: 'bc1rw5uspcuh',
    network: 'mainnet',
    expect: { code: 'WITHDRAW_INVALID_ADDRESS' },
  },
  // BIP21
  {
    name: 'BIP21 with amount, label and message',
    input: `bitcoin:${regP2wpkh}?amount=0.0005&label=Rent&message=May%20rent`,
    expect: { type: 'bip21', address: regP2wpkh, amountSat: 50_000 },
  },
  {
    name: 'BIP21 with lightning= invoice',
    input: `bitcoin:${regP2wpkh}?amount=0.00001&lightning=${invoice('bcrt', { sat: 1_000 })}`,
    expect: { type: 'bip21', amountSat: 1_000, lightning: true },
  },
  {
    name: 'BIP21 upper-case scheme and keys',
    input: `BITCOIN:${regP2wpkh.toUpperCase()}?AMOUNT=1`,
    expect: { type: 'bip21', amountSat: 100_000_000 },
  },
  {
    name: 'BIP21 with an invalid address',
    input: `bitcoin:${flip(regP2wpkh, 1)}`,
    expect: { code: 'WITHDRAW_INVALID_ADDRESS' },
  },
  {
    name: 'BIP21 with an amount of 9 decimals (more than 8, finer than a sat)',
    input: `bitcoin:${regP2wpkh}?amount=0.000000001`,
    expect: { code: 'WITHDRAW_URI_AMOUNT_TOO_PRECISE' },
  },
  {
    name: 'BIP21 with an amount of 8 decimals',
    input: `bitcoin:${regP2wpkh}?amount=0.00000001`,
    expect: { type: 'bip21', amountSat: 1 },
  },
  {
    name: 'BIP21 with a negative amount',
    input: `bitcoin:${regP2wpkh}?amount=-1`,
    expect: { code: 'WITHDRAW_URI_INVALID_AMOUNT' },
  },
  {
    name: 'BIP21 with an amount that is not a number',
    input: `bitcoin:${regP2wpkh}?amount=abc`,
    expect: { code: 'WITHDRAW_URI_INVALID_AMOUNT' },
  },
  {
    name: 'BIP21 with an unknown required parameter',
    input: `bitcoin:${regP2wpkh}?req-somethingnew=1`,
    expect: { code: 'WITHDRAW_URI_UNSUPPORTED_REQUIREMENT' },
  },
  {
    name: 'BIP21 with an unknown required parameter in upper case',
    input: `bitcoin:${regP2wpkh}?amount=0.001&REQ-Expires=1`,
    expect: { code: 'WITHDRAW_URI_UNSUPPORTED_REQUIREMENT' },
  },
  {
    name: 'BIP21 with an unknown optional parameter',
    input: `bitcoin:${regP2wpkh}?somethingnew=1`,
    expect: { type: 'bip21', amountSat: null },
  },
  {
    name: 'BIP21 of another network',
    input: `bitcoin:${mainP2wpkh}`,
    expect: { code: 'WITHDRAW_WRONG_NETWORK' },
  },
  // Lightning addresses and LNURL
  {
    name: 'Lightning address',
    input: 'Alice@Example.com',
    network: 'mainnet',
    expect: { type: 'lightning-address', url: 'https://example.com/.well-known/lnurlp/alice' },
  },
  {
    name: 'local Lightning address on simnet',
    input: 'shop@127.0.0.1:3000',
    expect: { type: 'lightning-address', url: 'http://127.0.0.1:3000/.well-known/lnurlp/shop' },
  },
  {
    name: 'local Lightning address on mainnet',
    input: 'shop@localhost:3000',
    network: 'mainnet',
    expect: { code: 'WITHDRAW_INVALID_DESTINATION' },
  },
  {
    name: 'not a Lightning address',
    input: 'alice@',
    expect: { code: 'WITHDRAW_INVALID_DESTINATION' },
  },
  {
    name: 'e-mail-like text with spaces',
    input: 'al ice@example.com',
    expect: { code: 'WITHDRAW_INVALID_DESTINATION' },
  },
  {
    name: 'bech32 LNURL',
    input: lnurl('https://service.example/lnurlp/abc'),
    network: 'mainnet',
    expect: { type: 'lnurl', url: 'https://service.example/lnurlp/abc' },
  },
  {
    name: 'lightning: LNURL',
    input: `lightning:${lnurl('https://service.example/p')}`,
    network: 'mainnet',
    expect: { type: 'lnurl' },
  },
  {
    name: 'plain-http LNURL on mainnet',
    input: lnurl('http://service.example/p'),
    network: 'mainnet',
    expect: { code: 'WITHDRAW_INVALID_DESTINATION' },
  },
  {
    name: 'LNURL with a broken checksum',
    input: flip(lnurl('https://service.example/p'), 2),
    expect: { code: 'WITHDRAW_INVALID_DESTINATION' },
  },
  {
    name: 'lnurlp:// address',
    input: 'lnurlp://service.example/pay/1',
    network: 'mainnet',
    expect: { type: 'lnurl', url: 'https://service.example/pay/1' },
  },
  // anything else
  { name: 'empty', input: '   ', expect: { code: 'WITHDRAW_INVALID_DESTINATION' } },
  { name: 'free text', input: 'hello world', expect: { code: 'WITHDRAW_INVALID_DESTINATION' } },
  {
    name: 'an Ethereum address',
    input: '0x52908400098527886E0F7030069857D2E4169EE7',
    expect: { code: 'WITHDRAW_INVALID_DESTINATION' },
  },
  {
    name: 'a URL',
    input: 'https://example.com/pay',
    expect: { code: 'WITHDRAW_INVALID_DESTINATION' },
  },
  {
    name: 'far too long',
    input: 'a'.repeat(5_000),
    expect: { code: 'WITHDRAW_INVALID_DESTINATION' },
  },
]

function check(got: ParsedDestination, want: Expect): void {
  if ('code' in want) {
    expect(got.ok ? got.destination : got.code).toBe(want.code)
    return
  }
  if (!got.ok) throw new Error(`refused: ${got.code} ${got.reason}`)
  const d = got.destination
  expect(d.type).toBe(want.type)
  if ('amountSat' in want) expect('amountSat' in d ? d.amountSat : undefined).toBe(want.amountSat)
  if (want.address) expect('address' in d ? d.address : undefined).toBe(want.address)
  if (want.url) expect('url' in d ? d.url : undefined).toBe(want.url)
  if (want.lightning) expect('lightning' in d && d.lightning?.type).toBe('bolt11')
}

describe('parseDestination', () => {
  it('has at least 40 cases', () => expect(cases.length).toBeGreaterThanOrEqual(40))

  it.each(cases)('$name', ({ input, network, expect: want }) => {
    check(parseDestination(input, network ?? 'simnet', NOW), want)
  })

  it('reads what the invoice says', () => {
    const got = parseDestination(invoice('bcrt', { sat: 321 }), 'simnet', NOW)
    if (!got.ok || got.destination.type !== 'bolt11') throw new Error('not an invoice')
    expect(got.destination.paymentHash).toBe('11'.repeat(32))
    expect(got.destination.description).toBe('coffee')
    expect(got.destination.expiresAt.getTime()).toBe((nowSec - 60 + 3_600) * 1_000)
  })
})

describe('invoiceOnly (what an exchange account pays of a typed destination)', () => {
  const paid = (input: string) => {
    const got = invoiceOnly(input, 'simnet', NOW)
    return got.ok ? { type: got.type, sat: got.invoice.amountSat } : got.code
  }
  const inv = invoice('bcrt', { sat: 321 })

  it('pays an invoice, bare or as the Lightning invoice of a BIP21 URI', () => {
    expect(paid(inv)).toEqual({ type: 'bolt11', sat: 321 })
    expect(paid(`lightning:${inv}`)).toEqual({ type: 'bolt11', sat: 321 })
    expect(paid(`bitcoin:${regP2wpkh}?amount=0.00000321&lightning=${inv}`)).toEqual({
      type: 'bip21',
      sat: 321,
    })
  })

  it('asks for anything else to be registered on the exchange', () => {
    for (const input of [regP2wpkh, `bitcoin:${regP2wpkh}?amount=0.001`, 'alice@example.com']) {
      expect(paid(input)).toBe('WITHDRAW_DESTINATION_NOT_REGISTERED')
    }
    expect(paid('not a destination')).toBe('WITHDRAW_DESTINATION_NOT_REGISTERED')
  })

  it('says why an invoice cannot be paid', () => {
    expect(paid(invoice('bcrt', { sat: 5, ts: nowSec - 7_200, expiry: 60 }))).toBe(
      'WITHDRAW_INVOICE_EXPIRED',
    )
    expect(paid(invoice('bc', { sat: 5 }))).toBe('WITHDRAW_WRONG_NETWORK')
  })
})
