/**
 * One wallet instance per business and process, created on first use and reused (an NWC
 * client keeps its relay connection; an lnd client its TLS session).
 */
import type { Wallet } from './wallet'

export interface WalletProvider {
  forBusiness(businessId: string): Promise<Wallet | null>
  invalidate(businessId: string): void
  closeAll(): void
}

export function cachedWalletProvider(
  create: (businessId: string) => Promise<Wallet | null>,
): WalletProvider {
  const cache = new Map<string, Promise<Wallet | null>>()
  return {
    forBusiness(businessId) {
      let w = cache.get(businessId)
      if (!w) {
        w = create(businessId).catch((err: unknown) => {
          cache.delete(businessId)
          throw err
        })
        cache.set(businessId, w)
      }
      return w
    },
    invalidate(businessId) {
      const w = cache.get(businessId)
      cache.delete(businessId)
      void w?.then((x) => x?.close()).catch(() => {})
    },
    closeAll() {
      for (const id of [...cache.keys()]) this.invalidate(id)
    },
  }
}
