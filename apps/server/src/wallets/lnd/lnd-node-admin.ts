/**
 * Node administration over lnd's REST interface, and loopd's beside it for swaps. Replies are
 * parsed (lnd-admin-dto); lnd's errors become NodeRefusedError, a node out of reach or a reply
 * that does not parse NodeUnreachableError.
 */
import { z, ZodError } from 'zod'
import {
  NodeRefusedError,
  NodeUnreachableError,
  NoLoopError,
  type AutoloopSettings,
  type ChannelBackup,
  type LoopOutInput,
  type NodeAdmin,
  type OpenChannelInput,
} from '../node-admin'
import { b64, LndError, LndUnreachableError, type LndClient } from './lnd-client'
import {
  ZChainBalance,
  ZChannelBackup,
  ZVerifiedBackup,
  ZChannelBalance,
  ZChannels,
  ZGenSeed,
  ZGetInfo,
  ZInitWallet,
  ZNewAddress,
  ZOpenChannel,
  ZPendingChannels,
  ZTransactions,
  ZWalletState,
} from './lnd-admin-dto'
import {
  toAutoloopRule,
  ZLiquidityParams,
  ZLoopOutQuote,
  ZLoopOutStarted,
  ZLoopOutTerms,
  ZSwap,
  ZSuggestSwaps,
  ZSwaps,
} from './loop-dto'

type Method = 'GET' | 'POST'

/** Routing fee caps the loop CLI puts on a swap: 10 sat + 2 % of the amount. */
const routingFeeCapSat = (amountSat: number) => 10 + Math.ceil(amountSat / 50)

/** loopd's limits per kind of fee, all off when one overall share (`fee_ppm`) is set. */
const CATEGORY_FEES_OFF = {
  sweep_fee_rate_sat_per_vbyte: '0',
  max_swap_fee_ppm: '0',
  max_routing_fee_ppm: '0',
  max_prepay_routing_fee_ppm: '0',
  max_prepay_sat: '0',
  max_miner_fee_sat: '0',
}

/** lnd's answer to an unlock once its wallet is open: the unlocker service is gone. */
const ALREADY_UNLOCKED = /wallet already unlocked/

/** gRPC's Unavailable: the node is not running, or still starting its RPC server. */
const UNAVAILABLE = 14

function mapError(err: unknown): never {
  if (err instanceof LndError && err.grpcCode === UNAVAILABLE) {
    throw new NodeUnreachableError(err.message)
  }
  if (err instanceof LndError) throw new NodeRefusedError(err.message, err.httpStatus)
  if (err instanceof LndUnreachableError) throw new NodeUnreachableError(err.message)
  if (err instanceof ZodError) throw new NodeUnreachableError('the node replied unexpectedly')
  throw err
}

export class LndNodeAdmin implements NodeAdmin {
  constructor(
    private readonly lnd: LndClient,
    /** loopd's REST client, when the node runs Loop */
    private readonly loopd: LndClient | null,
  ) {}

  private async read<S extends z.ZodType>(
    schema: S,
    method: Method,
    path: string,
    opts: { body?: unknown; signal?: AbortSignal; timeoutMs?: number; loop?: boolean } = {},
  ): Promise<z.output<S>> {
    const client = opts.loop ? this.loopd : this.lnd
    if (!client) throw new NoLoopError()
    try {
      const raw = await client.call<unknown>(method, path, opts.body, {
        signal: opts.signal,
        timeoutMs: opts.timeoutMs,
      })
      return schema.parse(raw)
    } catch (err) {
      return mapError(err)
    }
  }

  async walletState(signal?: AbortSignal) {
    return (await this.read(ZWalletState, 'GET', '/v1/state', { signal })).state
  }

  async createWallet(password: string, signal?: AbortSignal) {
    const seed = await this.read(ZGenSeed, 'GET', '/v1/genseed', { signal })
    const init = await this.read(ZInitWallet, 'POST', '/v1/initwallet', {
      body: {
        wallet_password: b64.fromUtf8(password),
        cipher_seed_mnemonic: seed.cipher_seed_mnemonic,
      },
      signal,
      timeoutMs: 60_000,
    })
    return { seedWords: seed.cipher_seed_mnemonic, macaroonHex: b64.toHex(init.admin_macaroon) }
  }

  /** A wallet unlocked already (by another instance, or a retried call) counts as unlocked. */
  async unlock(password: string, signal?: AbortSignal) {
    try {
      await this.read(z.unknown(), 'POST', '/v1/unlockwallet', {
        body: { wallet_password: b64.fromUtf8(password) },
        signal,
        timeoutMs: 60_000,
      })
    } catch (err) {
      if (err instanceof NodeRefusedError && ALREADY_UNLOCKED.test(err.message)) return
      throw err
    }
  }

  info(signal?: AbortSignal) {
    return this.read(ZGetInfo, 'GET', '/v1/getinfo', { signal })
  }

  onchainBalance(signal?: AbortSignal) {
    return this.read(ZChainBalance, 'GET', '/v1/balance/blockchain', { signal })
  }

  async onchainTransactions(signal?: AbortSignal) {
    return (await this.read(ZTransactions, 'GET', '/v1/transactions', { signal })).transactions
  }

  async newAddress(signal?: AbortSignal) {
    const path = '/v1/newaddress?type=WITNESS_PUBKEY_HASH'
    return (await this.read(ZNewAddress, 'GET', path, { signal })).address
  }

  async channels(signal?: AbortSignal) {
    return (await this.read(ZChannels, 'GET', '/v1/channels', { signal })).channels
  }

  pendingChannels(signal?: AbortSignal) {
    return this.read(ZPendingChannels, 'GET', '/v1/channels/pending', { signal })
  }

  liquidity(signal?: AbortSignal) {
    return this.read(ZChannelBalance, 'GET', '/v1/balance/channels', { signal })
  }

  async openChannel(input: OpenChannelInput, signal?: AbortSignal) {
    const channelPoint = await this.read(ZOpenChannel, 'POST', '/v1/channels', {
      body: {
        node_pubkey: b64.fromHex(input.peerPubkey),
        local_funding_amount: String(input.localFundingSat),
        ...(input.satPerVbyte ? { sat_per_vbyte: String(input.satPerVbyte) } : {}),
      },
      signal,
      timeoutMs: 30_000,
    })
    return { channelPoint }
  }

  channelBackup(signal?: AbortSignal) {
    return this.read(ZChannelBackup, 'GET', '/v1/channels/backup', { signal })
  }

  async verifyChannelBackup(multiChannelBackup: string, signal?: AbortSignal) {
    const verified = await this.read(ZVerifiedBackup, 'POST', '/v1/channels/backup/verify', {
      body: { multi_chan_backup: { multi_chan_backup: multiChannelBackup } },
      signal,
    })
    return verified.chan_points
  }

  async subscribeChannelBackups(
    onBackup: (backup: ChannelBackup) => void,
    signal: AbortSignal,
    onOpen?: () => void,
  ): Promise<void> {
    try {
      await this.lnd.stream<unknown>(
        'GET',
        '/v1/channels/backup/subscribe',
        undefined,
        (msg) => onBackup(ZChannelBackup.parse(msg)),
        signal,
        onOpen,
      )
    } catch (err) {
      mapError(err)
    }
  }

  loopOutTerms(signal?: AbortSignal) {
    return this.read(ZLoopOutTerms, 'GET', '/v1/loop/out/terms', { signal, loop: true })
  }

  loopOutQuote(amountSat: number, confTarget = 9, signal?: AbortSignal) {
    const path = `/v1/loop/out/quote/${amountSat}?conf_target=${confTarget}`
    return this.read(ZLoopOutQuote(amountSat), 'GET', path, { signal, loop: true })
  }

  /** Starts a loop out within the quote's fees, with the routing caps the loop CLI uses. */
  loopOut(input: LoopOutInput, signal?: AbortSignal) {
    const { quote } = input
    return this.read(ZLoopOutStarted, 'POST', '/v1/loop/out', {
      body: {
        amt: String(input.amountSat),
        ...(input.destAddress ? { dest: input.destAddress } : {}),
        max_swap_fee: String(quote.swapFeeSat),
        max_prepay_amt: String(quote.prepaySat),
        max_miner_fee: String(quote.sweepFeeSat * 250),
        max_swap_routing_fee: String(routingFeeCapSat(input.amountSat)),
        max_prepay_routing_fee: String(routingFeeCapSat(quote.prepaySat)),
        sweep_conf_target: quote.confTarget,
        ...(input.label ? { label: input.label } : {}),
      },
      signal,
      timeoutMs: 60_000,
      loop: true,
    })
  }

  async swaps(signal?: AbortSignal) {
    return (await this.read(ZSwaps, 'GET', '/v1/loop/swaps', { signal, loop: true })).swaps
  }

  swap(id: string, signal?: AbortSignal) {
    const path = `/v1/loop/swap/${b64.urlFromHex(id)}`
    return this.read(ZSwap, 'GET', path, { signal, loop: true })
  }

  async autoloop(signal?: AbortSignal): Promise<AutoloopSettings> {
    const p = await this.read(ZLiquidityParams, 'GET', '/v1/liquidity/params', {
      signal,
      loop: true,
    })
    return {
      enabled: p.autoloop,
      destAddress: p.autoloop_dest_address || null,
      budgetSat: p.autoloop_budget_sat,
      budgetStartSec: p.autoloop_budget_start_sec,
      maxInFlight: p.auto_max_in_flight,
      rules: p.rules.map(toAutoloopRule),
      easyLocalTargetSat: p.easy_autoloop ? p.easy_autoloop_local_target_sat : null,
      feePpm: p.fee_ppm > 0 ? p.fee_ppm : null,
    }
  }

  async setAutoloop(settings: AutoloopSettings, signal?: AbortSignal): Promise<void> {
    // loopd replaces every parameter: send back what it has, with ours changed.
    const current = await this.read(ZLiquidityParams, 'GET', '/v1/liquidity/params', {
      signal,
      loop: true,
    })
    const parameters = {
      ...current,
      autoloop: settings.enabled,
      autoloop_dest_address: settings.destAddress ?? '',
      autoloop_budget_sat: String(settings.budgetSat),
      autoloop_budget_start_sec: String(settings.budgetStartSec),
      auto_max_in_flight: String(settings.maxInFlight),
      easy_autoloop: settings.easyLocalTargetSat !== null,
      easy_autoloop_local_target_sat: String(settings.easyLocalTargetSat ?? 0),
      // One overall fee share replaces the limits per kind of fee (loopd refuses both).
      ...(settings.feePpm !== null
        ? { fee_ppm: String(settings.feePpm), ...CATEGORY_FEES_OFF }
        : { fee_ppm: '0' }),
      rules: settings.rules.map((r) => ({
        channel_id: r.channelId ?? '0',
        pubkey: r.peerPubkey ? b64.fromHex(r.peerPubkey) : '',
        swap_type: 'LOOP_OUT',
        type: 'THRESHOLD',
        incoming_threshold: r.incomingThresholdPercent,
        outgoing_threshold: r.outgoingThresholdPercent,
      })),
    }
    await this.read(z.unknown(), 'POST', '/v1/liquidity/params', {
      body: { parameters },
      signal,
      loop: true,
    })
  }

  autoloopSuggestions(signal?: AbortSignal) {
    return this.read(ZSuggestSwaps, 'GET', '/v1/auto/suggest', { signal, loop: true })
  }
}
