/**
 * The NIP-47 wallet service: for every connection it keeps the 13194 info event on the relay,
 * answers 23194 requests with 23195 responses in the request's encryption, and announces settled
 * invoices and payments as notifications (23197 NIP-44 and 23196 NIP-04).
 */
import type { World } from '../../../world/api'
import type { LnInvoice, LnNode, LnPayment } from '../../../world/lightning-api'
import type { NostrEvent } from '../relay/event'
import type { Relay } from '../relay/relay'
import { PROMPT_WALLET, pickedUpTooLate, type WalletBehaviour } from './behaviour'
import type { NwcConnectionRecord } from './connections'
import { ConnectionBook } from './connections'
import type { Encryption } from './crypto'
import { finalizeEvent } from '../fast-crypto'
import { SUPPORTED_ENCRYPTIONS, decrypt, encrypt, requestEncryption } from './crypto'
import type { Nip47ErrorCode, WalletContext } from './methods'
import { METHODS, NOTIFICATION_TYPES, Nip47Error, runMethod } from './methods'
import type { Nip47Transaction } from './transactions'
import { incomingTransaction, outgoingTransaction } from './transactions'

const KIND_INFO = 13194
const KIND_REQUEST = 23194
const KIND_RESPONSE = 23195
const KIND_NOTIFICATION_NIP04 = 23196
const KIND_NOTIFICATION = 23197

const MAX_REMEMBERED_REQUESTS = 10_000

interface ActiveWallet {
  record: NwcConnectionRecord
  key: Uint8Array
  node: LnNode
  ctx: WalletContext
  behaviour: WalletBehaviour
  /** payments waiting, unanswered, while the wallet holds them */
  held: (() => Promise<void>)[]
  stop: () => void
}

type Reply = { result: unknown } | { error: { code: Nip47ErrorCode; message: string } }

export class NwcWalletService {
  readonly book: ConnectionBook
  private readonly wallets = new Map<string, ActiveWallet>()
  /** request ids already answered: a resent ephemeral request must not pay twice */
  private readonly answered = new Set<string>()

  constructor(
    private readonly world: World,
    private readonly relay: Relay,
    private readonly log: (message: string, err?: unknown) => void = () => {},
  ) {
    this.book = new ConnectionBook(world)
  }

  start(): void {
    for (const record of this.book.all()) this.activate(record)
  }

  stop(): void {
    for (const wallet of this.wallets.values()) wallet.stop()
    this.wallets.clear()
  }

  create(opts: { name?: string; budgetSat?: number }): NwcConnectionRecord {
    const record = this.book.create(opts)
    this.activate(record)
    return record
  }

  node(record: NwcConnectionRecord): LnNode | undefined {
    return this.wallets.get(record.walletPubkey)?.node
  }

  /**
   * Changes how a connection's wallet behaves (behaviour.ts); null for an unknown wallet. Held
   * payments are picked up once holding is switched off.
   */
  setBehaviour(walletPubkey: string, change: Partial<WalletBehaviour>): WalletBehaviour | null {
    const wallet = this.wallets.get(walletPubkey)
    if (!wallet) return null
    wallet.behaviour = { ...wallet.behaviour, ...change }
    if (!wallet.behaviour.holdPayments) {
      for (const carryOut of wallet.held.splice(0)) {
        carryOut().catch((err: unknown) => this.log('nwc: a held request failed', err))
      }
    }
    return wallet.behaviour
  }

  private activate(record: NwcConnectionRecord): void {
    const key = this.book.walletKey(record.index)
    const node = this.book.nodeFor(record)
    const ctx: WalletContext = {
      world: this.world,
      node,
      settledAt: (hash) => this.book.settledAt(hash),
      invoiceSeenAtMs: (hash) => this.book.invoiceSeenAtMs(hash),
      looksUpOutgoing: () => wallet.behaviour.lookupOutgoing,
    }
    const wallet: ActiveWallet = {
      record,
      key,
      node,
      ctx,
      behaviour: { ...PROMPT_WALLET },
      held: [],
      stop: () => {},
    }
    this.publishInfo(wallet)

    const notifiedReceived = new Set(
      node
        .invoices()
        .filter((i) => i.state === 'SETTLED')
        .map((i) => i.paymentHash),
    )
    const notifiedSent = new Set(
      node
        .payments()
        .filter((p) => p.status === 'SUCCEEDED')
        .map((p) => p.paymentHash),
    )
    const offInvoice = node.on('invoice', (inv: LnInvoice) => {
      if (inv.state === 'OPEN') this.book.recordInvoiceSeen(inv.paymentHash, this.world.clock.now())
      if (inv.state !== 'SETTLED' || notifiedReceived.has(inv.paymentHash)) return
      notifiedReceived.add(inv.paymentHash)
      this.notify(wallet, 'payment_received', incomingTransaction(inv, this.nowSec()))
    })
    const offPayment = node.on('payment', (p: LnPayment) => {
      if (p.status !== 'SUCCEEDED' || notifiedSent.has(p.paymentHash)) return
      notifiedSent.add(p.paymentHash)
      this.book.recordSettled(p.paymentHash, this.nowSec())
      const decoded = this.tryDecode(p.paymentRequest)
      this.notify(wallet, 'payment_sent', outgoingTransaction(p, decoded, this.nowSec()))
    })
    const offRequests = this.relay.subscribe(
      [{ kinds: [KIND_REQUEST], '#p': [record.walletPubkey] }],
      (event) => {
        this.handleRequest(wallet, event).catch((err: unknown) => {
          this.log(`nwc: request ${event.id} failed`, err)
        })
      },
    )
    wallet.stop = () => {
      offInvoice()
      offPayment()
      offRequests()
    }
    this.wallets.set(record.walletPubkey, wallet)
  }

  private publishInfo(wallet: ActiveWallet): void {
    this.publish(wallet.key, {
      kind: KIND_INFO,
      tags: [
        ['encryption', SUPPORTED_ENCRYPTIONS.join(' ')],
        ['notifications', NOTIFICATION_TYPES.join(' ')],
      ],
      // NIP-47 lists `notifications` among the capabilities when the service sends them
      content: [...METHODS, 'notifications'].join(' '),
    })
  }

  private async handleRequest(wallet: ActiveWallet, event: NostrEvent): Promise<void> {
    if (this.answered.has(event.id)) return
    this.remember(event.id)
    const encryption = requestEncryption(event)
    if (typeof encryption !== 'string') {
      const message = `encryption ${encryption.unsupported} is not supported; use nip44_v2 or nip04`
      this.respond(wallet, event, 'nip44_v2', '', {
        error: { code: 'UNSUPPORTED_ENCRYPTION', message },
      })
      return
    }
    let request: { method: string; params: unknown }
    try {
      const parsed: unknown = JSON.parse(
        decrypt(encryption, wallet.key, event.pubkey, event.content),
      )
      if (typeof parsed !== 'object' || parsed === null || !('method' in parsed)) throw new Error()
      const { method, params } = parsed as { method: unknown; params?: unknown }
      if (typeof method !== 'string') throw new Error()
      request = { method, params }
    } catch {
      const message = 'request content could not be decrypted and read as a NIP-47 request'
      this.respond(wallet, event, encryption, '', { error: { code: 'OTHER', message } })
      return
    }
    if (event.pubkey !== wallet.record.clientPubkey) {
      const message = 'this public key has no wallet connection'
      this.respond(wallet, event, encryption, request.method, {
        error: { code: 'UNAUTHORIZED', message },
      })
      return
    }
    const carryOut = () => this.carryOut(wallet, event, encryption, request)
    if (request.method === 'pay_invoice' && wallet.behaviour.holdPayments) {
      wallet.held.push(carryOut)
      return
    }
    await carryOut()
  }

  /** Runs a request and answers it, unless it expired before it was picked up. */
  private async carryOut(
    wallet: ActiveWallet,
    event: NostrEvent,
    encryption: Encryption,
    request: { method: string; params: unknown },
  ): Promise<void> {
    // NIP-47: a request received after its expiration is not carried out (nor answered)
    if (pickedUpTooLate(event, wallet.behaviour, this.nowSec())) {
      this.log(`nwc: request ${event.id} expired before it was picked up`)
      return
    }
    let reply: Reply
    try {
      reply = { result: await runMethod(wallet.ctx, request.method, request.params) }
    } catch (err) {
      reply =
        err instanceof Nip47Error
          ? { error: { code: err.code, message: err.message } }
          : { error: { code: 'INTERNAL', message: (err as Error).message || 'internal error' } }
      if (!(err instanceof Nip47Error)) this.log(`nwc: ${request.method} failed`, err)
    }
    this.respond(wallet, event, encryption, request.method, reply)
  }

  private respond(
    wallet: ActiveWallet,
    request: NostrEvent,
    encryption: Encryption,
    resultType: string,
    reply: Reply,
  ): void {
    const body =
      'result' in reply
        ? { result_type: resultType, error: null, result: reply.result }
        : { result_type: resultType, error: reply.error, result: null }
    this.publish(wallet.key, {
      kind: KIND_RESPONSE,
      tags: [
        ['p', request.pubkey],
        ['e', request.id],
      ],
      content: encrypt(encryption, wallet.key, request.pubkey, JSON.stringify(body)),
    })
  }

  private notify(
    wallet: ActiveWallet,
    type: (typeof NOTIFICATION_TYPES)[number],
    tx: Nip47Transaction,
  ): void {
    const client = wallet.record.clientPubkey
    const body = JSON.stringify({ notification_type: type, notification: tx })
    const kinds: [number, Encryption][] = [
      [KIND_NOTIFICATION, 'nip44_v2'],
      [KIND_NOTIFICATION_NIP04, 'nip04'],
    ]
    for (const [kind, encryption] of kinds) {
      this.publish(wallet.key, {
        kind,
        tags: [['p', client]],
        content: encrypt(encryption, wallet.key, client, body),
      })
    }
  }

  private publish(key: Uint8Array, template: { kind: number; tags: string[][]; content: string }) {
    const event = finalizeEvent({ ...template, created_at: this.nowSec() }, key)
    const outcome = this.relay.publish(event, { signedHere: true })
    if (!outcome.accepted) this.log(`nwc: relay refused kind ${template.kind}: ${outcome.message}`)
  }

  private remember(id: string): void {
    this.answered.add(id)
    if (this.answered.size > MAX_REMEMBERED_REQUESTS) {
      const oldest = this.answered.values().next().value
      if (oldest !== undefined) this.answered.delete(oldest)
    }
  }

  private tryDecode(invoice: string) {
    try {
      return this.world.lightning.decode(invoice)
    } catch {
      return undefined
    }
  }

  private nowSec(): number {
    return Math.floor(this.world.clock.now() / 1000)
  }
}
