import type { FastifyInstance } from 'fastify'
import type { LndContext } from '../context'
import { invalidArgument, unknownError } from '../errors'
import { bodyOf, i64, readBool, readInt, readString } from '../proto'
import { transactionJson } from '../wire/chain'
import { feeRateForTarget } from '../../../world/chain/fees'

const DEFAULT_TARGET_CONF = 6

/** Picks the fee rate the way lnd does: an explicit rate, or the estimate for a target. */
function feeRate(ctx: LndContext, targetConf: number, satPerVbyte: number): number {
  if (targetConf && satPerVbyte) {
    throw unknownError('fee preference conflict: either target_conf or sat_per_vbyte, not both')
  }
  if (satPerVbyte) return satPerVbyte
  return feeRateForTarget(ctx.world.chain.feeEstimates(), targetConf || DEFAULT_TARGET_CONF)
}

/** The node's on-chain wallet: addresses, history, sending and fee estimates. */
export function onchainRoutes(scope: FastifyInstance, ctx: LndContext): void {
  const { chain } = ctx.world

  scope.get('/v1/newaddress', (req) => {
    const type = (req.query as Record<string, string | undefined>).type
    if (type && !['WITNESS_PUBKEY_HASH', '0', 'UNUSED_WITNESS_PUBKEY_HASH', '2'].includes(type)) {
      throw unknownError(`address type ${type} is not supported by simnet; use WITNESS_PUBKEY_HASH`)
    }
    return { address: chain.newAddress(req.lndNode.id) }
  })

  scope.get('/v1/transactions', (req) => {
    const q = req.query as Record<string, string | undefined>
    const start = readInt(q.start_height, 'start_height')
    const end = readInt(q.end_height, 'end_height', -1)
    const owner = req.lndNode.id
    const txs = chain.ownerTxs(owner).filter((tx) => {
      if (tx.blockHeight === null) return end === -1
      return tx.blockHeight >= start && (end === -1 || tx.blockHeight <= end)
    })
    return {
      transactions: txs.map((tx) => transactionJson(tx, owner, chain)),
      last_index: '0',
      first_index: '0',
    }
  })

  scope.post('/v1/transactions', (req) => {
    const body = bodyOf(req.body)
    const addr = readString(body.addr, 'addr')
    if (!addr) throw invalidArgument('addr is required')
    const sendAll = readBool(body.send_all)
    const amount = readInt(body.amount, 'amount')
    if (sendAll && amount) throw unknownError('amount set while SendAll is active')
    if (!sendAll && amount <= 0) throw unknownError('amount must be greater than zero')
    const rate = feeRate(
      ctx,
      readInt(body.target_conf, 'target_conf'),
      readInt(body.sat_per_vbyte, 'sat_per_vbyte'),
    )
    const label = readString(body.label, 'label')
    const tx = chain.send(req.lndNode.id, [{ address: addr, amountSat: amount }], {
      feeRateSatPerVbyte: rate,
      sendAll,
      ...(label ? { label } : {}),
    })
    return { txid: tx.txid }
  })

  scope.get('/v1/transactions/fee', (req) => {
    const q = req.query as Record<string, string | undefined>
    const outputs: { address: string; amountSat: number }[] = []
    for (const [key, value] of Object.entries(q)) {
      const match = /^AddrToAmount\[(.+)\]$/.exec(key)
      if (match) outputs.push({ address: match[1]!, amountSat: readInt(value, key) })
    }
    if (outputs.length === 0) throw unknownError('transaction must have at least one output')
    const rate = feeRate(ctx, readInt(q.target_conf, 'target_conf'), 0)
    const estimate = chain.estimateFee(req.lndNode.id, outputs, rate)
    return {
      fee_sat: i64(estimate.feeSat),
      feerate_sat_per_byte: i64(rate),
      sat_per_vbyte: i64(rate),
      inputs: [],
    }
  })

  scope.get('/v1/utxos', (req) => ({
    utxos: chain.utxos(req.lndNode.id).map((u) => ({
      address_type: 'WITNESS_PUBKEY_HASH',
      address: u.address,
      amount_sat: i64(u.valueSat),
      pk_script: chain.getTx(u.txid)?.vout[u.vout]?.scriptPubKeyHex ?? '',
      outpoint: {
        txid_bytes: Buffer.from(u.txid, 'hex').reverse().toString('base64'),
        txid_str: u.txid,
        output_index: u.vout,
      },
      confirmations: i64(chain.confirmations(u.txid)),
    })),
  }))
}
