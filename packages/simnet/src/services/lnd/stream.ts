import type { FastifyReply } from 'fastify'
import { type RpcError, toRpcError } from './errors'

/** Every open stream, so a closing server can end them instead of waiting forever. */
export class StreamRegistry {
  private readonly open = new Set<RpcStream>()
  add(stream: RpcStream): void {
    this.open.add(stream)
  }
  delete(stream: RpcStream): void {
    this.open.delete(stream)
  }
  endAll(): void {
    for (const s of [...this.open]) s.end()
  }
  /** The request paths of the open streams (a tester sees who listens). */
  paths(): string[] {
    return [...this.open].map((s) => s.path)
  }
}

/**
 * A server-streaming RPC the way grpc-gateway serves it over REST: chunked HTTP/1.1 with one
 * JSON object per line, `{"result": ...}` for messages and `{"error": ...}` for a failure.
 */
export class RpcStream {
  private isEnded = false
  private isCorked = false
  private hasStarted = false
  private readonly cleanups: (() => void)[] = []
  /** the request's path, without its query */
  readonly path: string

  constructor(
    private readonly reply: FastifyReply,
    private readonly registry: StreamRegistry,
  ) {
    this.path = reply.request.url.split('?')[0] ?? ''
    reply.hijack()
    registry.add(this)
    reply.raw.on('close', () => this.finish())
  }

  get isOpen(): boolean {
    return !this.isEnded
  }

  private start(status: number): void {
    if (this.hasStarted) return
    this.hasStarted = true
    this.reply.raw.socket?.setNoDelay(true)
    this.reply.raw.writeHead(status, {
      'Content-Type': 'application/json',
      'Grpc-Metadata-Content-Type': 'application/grpc',
      'Transfer-Encoding': 'chunked',
    })
  }

  /** Sends the headers now, for streams that may stay quiet a long time. */
  open(): void {
    this.start(200)
    this.reply.raw.flushHeaders()
  }

  send(result: unknown): void {
    if (this.isEnded) return
    this.start(200)
    this.corkUntilNextTick()
    this.reply.raw.write(`${JSON.stringify({ result })}\n`)
  }

  /** Lines written in the same tick (a message and the end, a replay) leave in one TLS record. */
  private corkUntilNextTick(): void {
    if (this.isCorked) return
    this.isCorked = true
    const raw = this.reply.raw
    raw.cork()
    process.nextTick(() => {
      this.isCorked = false
      raw.uncork()
    })
  }

  /** An error before the first message sets the HTTP status; later ones arrive inline. */
  fail(err: unknown): void {
    if (this.isEnded) return
    const rpc: RpcError = toRpcError(err)
    this.start(rpc.httpStatus)
    this.reply.raw.write(`${JSON.stringify({ error: rpc.body() })}\n`)
    this.end()
  }

  onClose(fn: () => void): void {
    if (this.isEnded) fn()
    else this.cleanups.push(fn)
  }

  end(): void {
    if (this.isEnded) return
    this.start(200)
    this.reply.raw.end()
    this.finish()
  }

  private finish(): void {
    if (this.isEnded && this.cleanups.length === 0) return
    this.isEnded = true
    this.registry.delete(this)
    for (const fn of this.cleanups.splice(0)) fn()
  }
}
