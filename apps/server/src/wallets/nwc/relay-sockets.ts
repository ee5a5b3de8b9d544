/**
 * Relay sockets shared between NWC wallets. Each NWCClient of @getalby/sdk opens its own socket
 * per relay (its own `ReconnectingPool`); with thousands of merchants on one relay that is
 * thousands of sockets from one server, a handshake for every watch started, and a relay that
 * limits connections per address refusing the rest. Here clients are grouped: the clients of a
 * group share one pool, so one socket per relay carries the subscriptions of up to
 * `WALLETS_PER_SOCKET` wallets (relays cap subscriptions per connection, public ones at 20 or
 * more; a wallet holds one notification subscription and one per request in flight). A
 * client's `close()` leaves its group; the group's sockets close when its last client leaves.
 *
 * The SDK's pool already keys its relays by URL and reconnects each subscription itself; the
 * group only hands every client of the group the same pool, through the client's public `pool`.
 */
import type { NWCClient } from '@getalby/sdk/nwc'

type Pool = NWCClient['pool']

/** Wallets whose subscriptions one relay socket carries at most. */
const WALLETS_PER_SOCKET = 8

interface Group {
  pool: Pool
  clients: number
}

export class RelaySockets {
  readonly #open = new Set<Group>()
  /** The newest group, filled before another is opened. */
  #filling: Group | null = null

  constructor(private readonly perSocket = WALLETS_PER_SOCKET) {}

  /** Groups of clients now open (each one socket per relay its clients use). */
  get groups(): number {
    return this.#open.size
  }

  /** Puts the client in a group with room; its own fresh pool starts a new one. */
  share(client: NWCClient): void {
    let group = this.#filling
    if (!group || group.clients >= this.perSocket) {
      group = { pool: client.pool, clients: 0 }
      this.#open.add(group)
      this.#filling = group
    }
    group.clients += 1
    const joined = group
    let left = false
    const leave = () => {
      if (left) return
      left = true
      this.#leave(joined)
    }
    // The group's pool as the client sees it: all of it shared, but closing only leaves.
    const view = Object.create(joined.pool) as Pool
    view.close = leave
    view.destroy = leave
    client.pool = view
  }

  #leave(group: Group): void {
    group.clients -= 1
    if (group.clients > 0) return
    this.#open.delete(group)
    if (this.#filling === group) this.#filling = null
    group.pool.destroy()
  }
}
