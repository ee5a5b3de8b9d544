/**
 * The payer as a wallet someone can receive into, beside the control API's paying and sending:
 * `POST /control/payer/invoices` makes a BOLT11 invoice of the payer's node, `GET
 * /control/payer/activity` lists what it paid, received and sent on chain, and the payer has a
 * Lightning address, `payer@<simnet host>` (LUD-16: `GET /.well-known/lnurlp/payer` and its
 * callback), so a merchant can withdraw to it as to any wallet.
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { PAYER_ID, type World } from '../../world/api'

/** The payer's Lightning address's name. */
export const PAYER_ADDRESS_NAME = 'payer'
const MIN_SENDABLE_MSAT = 1_000
const MAX_SENDABLE_MSAT = 100_000_000_000
const INVOICE_EXPIRY_SEC = 3600
const ACTIVITY_LIMIT = 50

export interface PayerActivity {
  kind: 'lightning' | 'onchain'
  direction: 'in' | 'out'
  amountSat: number
  feeSat: number
  status: 'pending' | 'succeeded' | 'failed'
  /** unix seconds */
  at: number
  description: string
  /** on-chain transactions */
  txid: string | null
  confirmations: number | null
}

function positiveInt(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null
}

function activity(world: World): PayerActivity[] {
  const payer = world.payer
  const paid: PayerActivity[] = payer.payments().map((p) => ({
    kind: 'lightning',
    direction: 'out',
    amountSat: Math.floor(p.valueMsat / 1000),
    feeSat: Math.ceil(p.feeMsat / 1000),
    status: p.status === 'SUCCEEDED' ? 'succeeded' : p.status === 'FAILED' ? 'failed' : 'pending',
    at: Number(BigInt(p.creationTimeNs) / 1_000_000_000n),
    description: '',
    txid: null,
    confirmations: null,
  }))
  const received: PayerActivity[] = payer
    .invoices()
    .filter((i) => i.state === 'SETTLED')
    .map((i) => ({
      kind: 'lightning',
      direction: 'in',
      amountSat: Math.floor(i.amtPaidMsat / 1000),
      feeSat: 0,
      status: 'succeeded',
      at: i.settledAt ?? i.createdAt,
      description: i.memo,
      txid: null,
      confirmations: null,
    }))
  const mine = new Set(world.chain.addressesOf(PAYER_ID))
  const onchain: PayerActivity[] = world.chain.ownerTxs(PAYER_ID).map((tx) => {
    const inSat = tx.vout.filter((o) => mine.has(o.address)).reduce((s, o) => s + o.valueSat, 0)
    const spentSat = tx.vin
      .filter((i) => mine.has(i.prevout.address))
      .reduce((s, i) => s + i.prevout.valueSat, 0)
    const isOut = spentSat > 0
    return {
      kind: 'onchain',
      direction: isOut ? 'out' : 'in',
      amountSat: isOut ? spentSat - inSat - tx.feeSat : inSat,
      feeSat: isOut ? tx.feeSat : 0,
      status: 'succeeded',
      at: tx.blockTime ?? tx.firstSeen,
      description: tx.label ?? '',
      txid: tx.txid,
      confirmations: world.chain.confirmations(tx.txid),
    }
  })
  return [...paid, ...received, ...onchain].sort((a, b) => b.at - a.at).slice(0, ACTIVITY_LIMIT)
}

export function registerPayerWallet(app: FastifyInstance, world: World): void {
  app.post('/control/payer/invoices', async (req, reply) => {
    const body = (req.body ?? {}) as { amountSat?: unknown; memo?: unknown }
    const amountSat = positiveInt(body.amountSat)
    if (!amountSat || amountSat * 1000 > MAX_SENDABLE_MSAT) {
      return reply.code(400).send({ error: 'amountSat must be a positive whole number' })
    }
    const memo = typeof body.memo === 'string' ? body.memo.slice(0, 200) : ''
    const invoice = await world.payer.addInvoiceAsync({
      valueMsat: amountSat * 1000,
      memo,
      expirySec: INVOICE_EXPIRY_SEC,
    })
    return { paymentRequest: invoice.paymentRequest, paymentHash: invoice.paymentHash }
  })

  app.get('/control/payer/activity', () => ({ activity: activity(world) }))

  const metadata = () =>
    JSON.stringify([
      ['text/plain', 'The demo wallet'],
      ['text/identifier', `${PAYER_ADDRESS_NAME}@${new URL(world.baseUrl).host}`],
    ])

  app.get<{ Params: { name: string } }>('/.well-known/lnurlp/:name', (req, reply) => {
    if (req.params.name !== PAYER_ADDRESS_NAME) {
      return reply.code(404).send({ status: 'ERROR', reason: 'unknown Lightning address' })
    }
    return {
      tag: 'payRequest',
      callback: `${world.baseUrl}/lnurlp/${PAYER_ADDRESS_NAME}/callback`,
      minSendable: MIN_SENDABLE_MSAT,
      maxSendable: MAX_SENDABLE_MSAT,
      metadata: metadata(),
    }
  })

  app.get<{ Params: { name: string }; Querystring: { amount?: string } }>(
    '/lnurlp/:name/callback',
    async (req, reply) => {
      if (req.params.name !== PAYER_ADDRESS_NAME) {
        return reply.code(404).send({ status: 'ERROR', reason: 'unknown Lightning address' })
      }
      const msat = Number(req.query.amount)
      if (
        !Number.isSafeInteger(msat) ||
        msat < MIN_SENDABLE_MSAT ||
        msat > MAX_SENDABLE_MSAT ||
        msat % 1000 !== 0
      ) {
        return { status: 'ERROR', reason: 'amount must be whole sats within the limits' }
      }
      const invoice = await world.payer.addInvoiceAsync({
        valueMsat: msat,
        descriptionHash: createHash('sha256').update(metadata()).digest('hex'),
        expirySec: INVOICE_EXPIRY_SEC,
      })
      return { pr: invoice.paymentRequest, routes: [] }
    },
  )
}
