import { HDKey } from '@scure/bip32'
import * as btc from '@scure/btc-signer'
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import type { KeyRing } from '../api'
import { REGTEST } from './network'

/**
 * BIP84-style keys for every on-chain owner: m/84'/1'/<account>'/0/<index>, the account number
 * taken from a hash of the owner name so an owner's addresses never depend on creation order.
 */
export class HdWallets {
  private readonly root: HDKey
  private readonly accounts = new Map<string, HDKey>()
  private readonly keys = new Map<string, HDKey>()

  constructor(keys: KeyRing) {
    this.root = HDKey.fromMasterSeed(keys.bytes('chain:hd-root', 64))
  }

  private account(owner: string): HDKey {
    let acct = this.accounts.get(owner)
    if (!acct) {
      const digest = sha256(utf8ToBytes(owner))
      const number =
        ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 1
      acct = this.root.derive(`m/84'/1'/${number}'/0`)
      this.accounts.set(owner, acct)
    }
    return acct
  }

  key(owner: string, index: number): HDKey {
    const id = `${owner}/${index}`
    let key = this.keys.get(id)
    if (!key) {
      key = this.account(owner).deriveChild(index)
      this.keys.set(id, key)
    }
    return key
  }

  address(owner: string, index: number): string {
    const pub = this.key(owner, index).publicKey
    if (!pub) throw new Error('public key missing')
    const address = btc.p2wpkh(pub, REGTEST).address
    if (!address) throw new Error('address missing')
    return address
  }

  privateKey(owner: string, index: number): Uint8Array {
    const priv = this.key(owner, index).privateKey
    if (!priv) throw new Error('private key missing')
    return priv
  }
}
