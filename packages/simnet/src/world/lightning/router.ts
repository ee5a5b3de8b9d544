import type { ChannelRecord } from './state'
import { chanReserveSat } from './channels'

interface Hop {
  channel: ChannelRecord
  from: string
  to: string
}

/** What `from` can still send over the channel without dipping into its reserve, in msat. */
function spendableMsat(channel: ChannelRecord, from: string): number {
  const balance = channel.initiator === from ? channel.initiatorMsat : channel.peerMsat
  return Math.max(0, balance - chanReserveSat(channel) * 1000)
}

/**
 * Breadth-first search over open channels that can carry the amount in the right direction;
 * among parallel channels the one with the most room is used. Returns null when no path exists.
 */
export function findRoute(
  channels: ChannelRecord[],
  source: string,
  target: string,
  amountMsat: number,
): Hop[] | null {
  const best = new Map<string, Map<string, ChannelRecord>>()
  for (const channel of channels) {
    if (channel.state !== 'open') continue
    for (const [from, to] of [
      [channel.initiator, channel.peer],
      [channel.peer, channel.initiator],
    ] as const) {
      const room = spendableMsat(channel, from)
      if (room < amountMsat) continue
      let edges = best.get(from)
      if (!edges) best.set(from, (edges = new Map<string, ChannelRecord>()))
      const current = edges.get(to)
      if (!current || spendableMsat(current, from) < room) edges.set(to, channel)
    }
  }
  const previous = new Map<string, Hop>()
  const queue = [source]
  const seen = new Set([source])
  while (queue.length > 0) {
    const node = queue.shift()!
    if (node === target) break
    for (const [next, channel] of best.get(node) ?? []) {
      if (seen.has(next)) continue
      seen.add(next)
      previous.set(next, { channel, from: node, to: next })
      queue.push(next)
    }
  }
  if (!previous.has(target)) return null
  const route: Hop[] = []
  for (let at = target; at !== source;) {
    const hop = previous.get(at)!
    route.unshift(hop)
    at = hop.from
  }
  return route
}

/**
 * What each hop of the route carries for `amountMsat` to arrive: every node the payment passes
 * through keeps its forwarding fee (base + ppm of what it forwards), so earlier hops carry more.
 */
export function hopAmounts(
  route: Hop[],
  amountMsat: number,
  feeOf: (nodeId: string) => { baseMsat: number; ppm: number },
): number[] {
  const amounts = route.map(() => amountMsat)
  for (let i = route.length - 1; i > 0; i--) {
    const forwarder = feeOf(route[i]!.from)
    const forwarded = amounts[i]!
    amounts[i - 1] = forwarded + forwarder.baseMsat + Math.floor((forwarded * forwarder.ppm) / 1e6)
  }
  return amounts
}

/** Whether every hop can carry its amount without dipping into its reserve. */
export function routeCarries(route: Hop[], amounts: number[]): boolean {
  return route.every((hop, i) => spendableMsat(hop.channel, hop.from) >= amounts[i]!)
}

/** Moves each hop's amount along the route (what a forwarder keeps is the difference). */
export function applyRoute(route: Hop[], amounts: number[]): void {
  route.forEach((hop, i) => {
    const amountMsat = amounts[i]!
    if (hop.channel.initiator === hop.from) {
      hop.channel.initiatorMsat -= amountMsat
      hop.channel.peerMsat += amountMsat
    } else {
      hop.channel.peerMsat -= amountMsat
      hop.channel.initiatorMsat += amountMsat
    }
  })
}

/** Total a node can send over all its open channels, in msat. */
export function totalSpendableMsat(channels: ChannelRecord[], nodeId: string): number {
  let sum = 0
  for (const c of channels) {
    if (c.state === 'open' && (c.initiator === nodeId || c.peer === nodeId))
      sum += spendableMsat(c, nodeId)
  }
  return sum
}
