/**
 * Realtime fan-out across server instances: one LISTEN connection per instance; every
 * instance hears every pg_notify, so a change made anywhere reaches subscribers everywhere.
 */
import pg from 'pg'

type Handler = (payload: unknown) => void

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

  async close(): Promise<void> {
    this.closed = true
    await this.client?.end().catch(() => {})
  }
}
