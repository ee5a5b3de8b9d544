import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { generateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import type { LndContext } from '../context'
import { unknownError } from '../errors'
import { b64ToHex, bodyOf } from '../proto'
import type { DaemonRecord } from '../daemon'
import type { RpcStream } from '../stream'
import { RpcStream as Stream } from '../stream'

const MIN_PASSWORD_LENGTH = 8
const KNOWN_WORDS = new Set(wordlist)

function password(value: unknown, field: string): Buffer {
  return Buffer.from(b64ToHex(value, field), 'hex')
}

/** WalletUnlocker and State services: the calls that work before the wallet is unlocked. */
export function unlockerRoutes(scope: FastifyInstance, ctx: LndContext): void {
  scope.get('/v1/state', { config: { access: 'state' } }, (req) => ({
    state: req.lndDaemon.phase,
  }))

  scope.get('/v1/state/subscribe', { config: { access: 'state' } }, (req, reply) => {
    const stream: RpcStream = new Stream(reply, ctx.streams)
    const nodeId = req.lndNode.id
    stream.send({ state: req.lndDaemon.phase })
    const off = ctx.daemons.on((d: DaemonRecord) => {
      if (d.nodeId === nodeId && d.phase !== 'offline') stream.send({ state: d.phase })
    })
    stream.onClose(off)
  })

  scope.get('/v1/genseed', { config: { access: 'unlocker' } }, () => {
    // A 24-word mnemonic as lnd's aezeed has; the words come from the BIP39 English list.
    const mnemonic = generateMnemonic(wordlist, 256).split(' ')
    return { cipher_seed_mnemonic: mnemonic, enciphered_seed: randomBytes(33).toString('base64') }
  })

  scope.post('/v1/initwallet', { config: { access: 'unlocker' } }, (req) => {
    const body = bodyOf(req.body)
    if (req.lndDaemon.phase !== 'NON_EXISTING') throw unknownError('wallet already exists')
    const pass = password(body.wallet_password, 'wallet_password')
    if (pass.length < MIN_PASSWORD_LENGTH) {
      throw unknownError(`password must have at least ${MIN_PASSWORD_LENGTH} characters`)
    }
    const words = body.cipher_seed_mnemonic
    if (words !== undefined && words !== null) {
      if (!Array.isArray(words) || words.length !== 24) {
        throw unknownError(
          'wrong cipher seed mnemonic length: got ' +
            (Array.isArray(words) ? words.length : 0) +
            ' words, expecting 24 words',
        )
      }
      const unknownWord = (words as unknown[]).find(
        (w) => typeof w !== 'string' || !KNOWN_WORDS.has(w),
      )
      if (unknownWord !== undefined) {
        throw unknownError(`word ${JSON.stringify(unknownWord)} isn't a part of default word list`)
      }
    }
    const macaroon = ctx.daemons.initWallet(req.lndNode.id, pass)
    return { admin_macaroon: Buffer.from(macaroon).toString('base64') }
  })

  scope.post('/v1/unlockwallet', { config: { access: 'unlocker' } }, (req) => {
    const body = bodyOf(req.body)
    if (req.lndDaemon.phase === 'NON_EXISTING') {
      throw unknownError('wallet not found')
    }
    const pass = password(body.wallet_password, 'wallet_password')
    if (!ctx.daemons.checkPassword(req.lndNode.id, pass)) {
      throw unknownError('invalid passphrase for master public key')
    }
    ctx.daemons.unlock(req.lndNode.id)
    return {}
  })
}
