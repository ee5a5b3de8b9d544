import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { ChainError } from '../../world/chain-api'
import { LightningError } from '../../world/lightning-api'

/** gRPC status codes lnd answers with, and the HTTP status grpc-gateway maps each to. */
export const GrpcCode = {
  Unknown: 2,
  InvalidArgument: 3,
  NotFound: 5,
  AlreadyExists: 6,
  PermissionDenied: 7,
  FailedPrecondition: 9,
  Unimplemented: 12,
  Unavailable: 14,
  Unauthenticated: 16,
} as const

const HTTP_STATUS: Record<number, number> = {
  2: 500,
  3: 400,
  5: 404,
  6: 409,
  7: 403,
  9: 400,
  12: 501,
  14: 503,
  16: 401,
}

/** An error as lnd reports it: a gRPC code and lnd's own message text. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
  get httpStatus(): number {
    return HTTP_STATUS[this.code] ?? 500
  }
  body() {
    return { code: this.code, message: this.message, details: [] as unknown[] }
  }
}

export const unknownError = (message: string) => new RpcError(GrpcCode.Unknown, message)
export const invalidArgument = (message: string) => new RpcError(GrpcCode.InvalidArgument, message)

/** Maps anything thrown inside a handler to the RpcError lnd would have returned. */
export function toRpcError(err: unknown): RpcError {
  if (err instanceof RpcError) return err
  if (err instanceof LightningError || err instanceof ChainError) {
    const m = err.message
    if (m === 'unable to locate invoice') return new RpcError(GrpcCode.NotFound, m)
    if (/already paid|in transition|already exists/.test(m))
      return new RpcError(GrpcCode.AlreadyExists, m)
    return unknownError(m)
  }
  const fe = err as Partial<FastifyError>
  if (fe.validation || fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.statusCode === 400) {
    return invalidArgument(fe.message ?? 'invalid request')
  }
  if (fe.statusCode === 404) return new RpcError(GrpcCode.Unimplemented, 'Not Implemented')
  console.error('simnet lnd: unexpected error', err)
  return unknownError(err instanceof Error ? err.message : String(err))
}

function sendRpcError(reply: FastifyReply, err: unknown): FastifyReply {
  const rpc = toRpcError(err)
  return reply.code(rpc.httpStatus).type('application/json').send(rpc.body())
}

/** Fastify error handler for a scope that speaks lnd's error format. */
export function rpcErrorHandler(err: unknown, _req: FastifyRequest, reply: FastifyReply) {
  return sendRpcError(reply, err)
}
