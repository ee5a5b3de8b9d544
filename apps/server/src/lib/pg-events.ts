/**
 * Realtime fan-out across server instances: one LISTEN connection per instance; every
 * instance hears every pg_notify, so a change made anywhere reaches subscribers everywhere.
 */
import pg from 'pg'

type Handler = (payload: unknown) => void

/** See `PgEventBus.listen`. */
export interface Listener {
  /** Whether a matching notification came since the last take (and forgets it). */
  take(): boolean
  /** Resolves at the next matching notification, after `ms`, or on abort; at once if one came. */
  wait(ms?: number): Promise<void>
  close(): void
}

export class PgEventBus {
  private client: pg.Client | null = null
  private readonly handlers = new Map<string, Set<Handler>>()
  private closed = false
  private connecting: Promise<void> | null = null

  constructor(
    private readonly url: string,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  async start(): Promise<void> {
    this.connecting ??= this.connect()
    await this.connecting
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url })
    client.on('notification', (msg) => {
      const set = this.handlers.get(msg.channel)
      if (!set || !msg.payload) return
      let payload: unknown
      try {
        payload = JSON.parse(msg.payload)
      } catch {
        return
      }
      for (const h of set) h(payload)
    })
    client.on('error', (err) => {
      this.onError(err)
      void this.reconnect()
    })
    await client.connect()
    for (const channel of this.handlers.keys()) await client.query(`LISTEN "${channel}"`)
    this.client = client
  }

  private async reconnect(): Promise<void> {
    this.client = null
    while (!this.closed) {
      try {
        await new Promise((r) => setTimeout(r, 1000))
        await this.connect()
        return
      } catch (err) {
        this.onError(err)
      }
    }
  }

  /** Calls handler for every notification on channel until the returned function is called. */
  async subscribe(channel: string, handler: Handler): Promise<() => void> {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel ${channel}`)
    let set = this.handlers.get(channel)
    if (!set) {
      set = new Set()
      this.handlers.set(channel, set)
      await this.start()
      await this.client?.query(`LISTEN "${channel}"`)
    }
    set.add(handler)
    return () => set.delete(handler)
  }

  /**
   * Calls handler for every notification on channel once the bus is started (at once if it is),
   * without starting it: for a service built before the server starts its background work. The
   * channel is listened to on every (re)connection.
   */
  on(channel: string, handler: Handler): () => void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel ${channel}`)
    let set = this.handlers.get(channel)
    if (!set) {
      set = new Set()
      this.handlers.set(channel, set)
      // connected or connecting: listen on that connection too (a second LISTEN is harmless)
      this.connecting
        ?.then(() => this.client?.query(`LISTEN "${channel}"`))
        .catch((err: unknown) => this.onError(err))
    }
    set.add(handler)
    const handlers = set
    return () => handlers.delete(handler)
  }

  /**
   * Notifications on channel that `matches`, as a flag a loop takes and a wait it sleeps on: one
   * that arrives while the loop is busy elsewhere is not lost but taken on its next turn.
   */
  async listen(
    channel: string,
    matches: (payload: unknown) => boolean,
    signal: AbortSignal | undefined,
  ): Promise<Listener> {
    let pending = false
    let wake: (() => void) | null = null
    const unsubscribe = await this.subscribe(channel, (payload) => {
      if (!matches(payload)) return
      pending = true
      wake?.()
    })
    const onAbort = () => wake?.()
    signal?.addEventListener('abort', onAbort)
    return {
      take() {
        const was = pending
        pending = false
        return was
      },
      wait(ms) {
        if (pending || signal?.aborted) return Promise.resolve()
        return new Promise<void>((resolve) => {
          const timer = ms === undefined ? undefined : setTimeout(done, ms)
          function done() {
            clearTimeout(timer)
            wake = null
            resolve()
          }
          wake = done
        })
      },
      close() {
        unsubscribe()
        signal?.removeEventListener('abort', onAbort)
      },
    }
  }

  async close(): Promise<void> {
    this.closed = true
    await this.client?.end().catch(() => {})
  }
}

export interface Followed<T> {
  /** the event id: changes whenever the value does */
  id: string
  value: T
}

export interface FollowOptions<T> {
  channel: string
  /** Whether a notification on the channel is about the followed thing. */
  concerns: (payload: unknown) => boolean
  /** The value as it stands with its event id, or null when there is nothing to tell yet. */
  read: () => Promise<Followed<T> | null>
  /** A value after which nothing more will change: the stream ends after giving it. */
  isLast?: (value: T) => boolean
  /**
   * Between notifications: how long to wait at most (undefined: until one comes), and what to do
   * when that time passed without one; `idle` returning true reads again.
   */
  idle?: { waitMs: () => number | undefined; idle: () => Promise<boolean> }
  signal: AbortSignal | undefined
  /** The id of the last event a reconnecting client got: that value is not given again. */
  lastEventId?: string | null
}

/**
 * A value now and after every notification that concerns it, until it is the last or the client
 * goes away. Listens first, then reads, so a change in between is taken on the next turn; a
 * value whose id was already given (this stream's last, or the reconnecting client's) is not
 * given twice.
 */
export async function* followChanges<T>(
  bus: PgEventBus,
  opts: FollowOptions<T>,
): AsyncGenerator<Followed<T>> {
  const changes = await bus.listen(opts.channel, opts.concerns, opts.signal)
  try {
    let lastSent = opts.lastEventId ?? null
    let mustRead = true
    while (!opts.signal?.aborted) {
      if (mustRead || changes.take()) {
        mustRead = false
        const now = await opts.read()
        if (now && now.id !== lastSent) {
          lastSent = now.id
          yield now
        }
        if (now && opts.isLast?.(now.value)) return
        continue
      }
      await changes.wait(opts.idle?.waitMs())
      mustRead = changes.take() || (opts.idle ? await opts.idle.idle() : false)
    }
  } finally {
    changes.close()
  }
}
