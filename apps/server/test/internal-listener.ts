/**
 * A TCP listener on loopback standing for an internal service a guarded request must never
 * reach: it counts who connects to it.
 */
import { createServer, type Socket } from 'node:net'

export interface InternalListener {
  port: number
  /** how many connections reached it */
  reached: () => number
  close: () => Promise<void>
}

export async function internalListener(): Promise<InternalListener> {
  const sockets: Socket[] = []
  const server = createServer((socket) => {
    sockets.push(socket)
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    reached: () => sockets.length,
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
