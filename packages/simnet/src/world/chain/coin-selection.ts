import type { Utxo } from '../chain-api'
import { ChainError } from '../chain-api'
import {
  DUST_LIMIT_SAT,
  P2WPKH_INPUT_VBYTES,
  TX_OVERHEAD_VBYTES,
  addressScript,
  outputVbytes,
} from './network'

type Output = { address: string; amountSat: number }

/**
 * Picks inputs for a payment: confirmed coins first, largest first, until amount and fee are
 * covered; change below the dust limit goes to the miner. `sendAll` spends every coin to the
 * first output. Throws ChainError with lnd's wording when the coins do not suffice.
 */
export function selectCoins(
  utxos: Utxo[],
  outputs: Output[],
  rate: number,
  sendAll: boolean,
  changeAddress: () => string,
) {
  if (!(rate > 0)) throw new ChainError('invalid fee rate')
  if (outputs.length === 0) throw new ChainError('no outputs')
  for (const o of outputs) {
    addressScript(o.address)
    if (!sendAll && (!Number.isInteger(o.amountSat) || o.amountSat < DUST_LIMIT_SAT)) {
      throw new ChainError(`transaction output is dust: ${o.amountSat} sat`)
    }
  }
  const candidates = utxos.sort(
    (a, b) =>
      Number(a.blockHeight === null) - Number(b.blockHeight === null) || b.valueSat - a.valueSat,
  )
  const outVbytes = outputs.reduce((sum, o) => sum + outputVbytes(o.address), 0)
  const sizeOf = (inputs: number, change: boolean) =>
    Math.ceil(TX_OVERHEAD_VBYTES + inputs * P2WPKH_INPUT_VBYTES + outVbytes + (change ? 31 : 0))
  if (sendAll) {
    const total = candidates.reduce((s, u) => s + u.valueSat, 0)
    const vsize = sizeOf(candidates.length, false)
    const feeSat = Math.ceil(vsize * rate)
    if (candidates.length === 0 || total - feeSat < DUST_LIMIT_SAT) {
      throw new ChainError('insufficient funds available to construct transaction')
    }
    return {
      inputs: candidates,
      outputs: [{ ...outputs[0]!, amountSat: total - feeSat }],
      feeSat,
      vsize,
    }
  }
  const target = outputs.reduce((s, o) => s + o.amountSat, 0)
  const chosen: Utxo[] = []
  let sum = 0
  for (const u of candidates) {
    chosen.push(u)
    sum += u.valueSat
    const withChange = Math.ceil(sizeOf(chosen.length, true) * rate)
    if (sum >= target + withChange) {
      const change = sum - target - withChange
      if (change >= DUST_LIMIT_SAT) {
        const changeOut = { address: changeAddress(), amountSat: change }
        return {
          inputs: chosen,
          outputs: [...outputs, changeOut],
          feeSat: withChange,
          vsize: sizeOf(chosen.length, true),
        }
      }
      return {
        inputs: chosen,
        outputs,
        feeSat: sum - target,
        vsize: sizeOf(chosen.length, false),
      }
    }
  }
  throw new ChainError('insufficient funds available to construct transaction')
}
