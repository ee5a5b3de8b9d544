import type {
  ChannelOpenIssue,
  ChannelOpenMode,
  ChannelState,
  LnInvoice,
  LnPayment,
} from '../lightning-api'

export interface NodeRecord {
  id: string
  alias: string
  invoices: LnInvoice[]
  payments: LnPayment[]
  settleIndex: number
}

/** A channel as stored once for both ends; balances are kept in msat. */
export interface ChannelRecord {
  channelPoint: string
  chanId: string
  initiator: string
  peer: string
  capacitySat: number
  initiatorMsat: number
  peerMsat: number
  reserveSat: number
  state: ChannelState
  fundingTxid: string
  fundingVout: number
  fundingScriptHex: string
  confirmationsNeeded: number
  openedAt: number
  /** how the opening will end once the funding confirms */
  plannedOpen: ChannelOpenMode
  openIssue: ChannelOpenIssue | null
}

/** What a node charges to forward a payment: a base plus a rate in parts per million. */
export interface ForwardingFee {
  baseMsat: number
  ppm: number
}

/** Section `lightning` of world.json. */
export interface LightningState {
  nodes: Record<string, NodeRecord>
  channels: ChannelRecord[]
  nextOpen: ChannelOpenMode
  /** forwarding fees by node id; a node not named forwards for free */
  forwardingFees?: Record<string, ForwardingFee>
}

export function initialLightningState(): LightningState {
  return { nodes: {}, channels: [], nextOpen: 'normal' }
}
