/**
 * simnet's command line: `npm run simnet -- <command>` from the repository root.
 * `start` runs a standalone simnet; every other command talks to a running one through its
 * control API (`--url`, else SIMNET_URL, else http://127.0.0.1:$SIMNET_PORT or 3100).
 */
import { parseArgs } from 'node:util'
import { startSimnet } from './server'

const HELP = `usage: npm run simnet -- <command> [options]

  start [--port 3100] [--data ./data/simnet] [--seed simnet] [--time-scale 1]
        [--mine-interval <ms>] [--auto-approve]      run simnet until Ctrl-C
  services                                           URLs and credentials of every service
  mine <n>                                           mine n blocks
  pay <bolt11 | user@domain> [--amount <sats>]       pay from the payer (Lightning address: LNURL-pay)
  send <address> <sats>                              send on-chain from the payer
  claim-withdraw <lnurl> [--wait]                    claim an LNURL-withdraw into the payer's node
  balances <nodeId>                                  on-chain and channel balances of a node
  approve-node <id>                                  approve a node waiting in the node host
  fail-next-channel-open                             the next channel opening fails
  manual-next-channel-open                           the next channel opening waits for the operator
  resolve-channel-open <txid:vout> open|fail         finish an opening waiting for the operator
  mint-token <sats>                                  ecash token from the Cashu mint, paid by the payer
  nwc-uri [--name <name>] [--budget <sats>]          a new Nostr Wallet Connect URI
  exchange-key [--label <label>]                     a new exchange API key and secret
  call <METHOD> <path> [json]                        any control route, e.g. call GET /control/state

  common: --url <simnet base URL>`

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    port: { type: 'string' },
    data: { type: 'string' },
    seed: { type: 'string' },
    'time-scale': { type: 'string' },
    'mine-interval': { type: 'string' },
    'auto-approve': { type: 'boolean' },
    wait: { type: 'boolean' },
    amount: { type: 'string' },
    name: { type: 'string' },
    budget: { type: 'string' },
    label: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
})

const baseUrl = (
  values.url ??
  process.env.SIMNET_URL ??
  `http://127.0.0.1:${process.env.SIMNET_PORT ?? 3100}`
).replace(/\/$/, '')

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function int(text: string | undefined, what: string): number {
  const n = Number(text)
  if (!text || !Number.isSafeInteger(n) || n <= 0) fail(`${what} must be a positive whole number`)
  return n
}

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  let res: Response
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  } catch {
    fail(`simnet is not reachable at ${baseUrl} (start it with: npm run simnet -- start)`)
  }
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // plain text reply
  }
  if (!res.ok) {
    const error = (parsed as { error?: unknown }).error
    fail(`${res.status}: ${typeof error === 'string' ? error : JSON.stringify(parsed)}`)
  }
  return parsed
}

const print = (value: unknown) =>
  console.log(typeof value === 'string' ? value : JSON.stringify(value, null, 2))

async function start(): Promise<void> {
  const timeScale = values['time-scale'] === undefined ? 1 : Number(values['time-scale'])
  if (!(timeScale > 0)) fail('--time-scale must be a positive number')
  const sim = await startSimnet({
    port: values.port === undefined ? Number(process.env.SIMNET_PORT ?? 3100) : Number(values.port),
    dataDir: values.data ?? 'data/simnet',
    timeScale,
    ...(values.seed === undefined ? {} : { seed: values.seed }),
    ...(values['mine-interval'] === undefined
      ? {}
      : { mineIntervalMs: Number(values['mine-interval']) }),
    autoApproveNodes: values['auto-approve'] ?? false,
  })
  console.log(`simnet (regtest, simulated: no real bitcoin) listening on ${sim.url}`)
  console.log(`services and credentials: ${sim.url}/control/services  (npm run simnet -- services)`)
  const stop = () => {
    console.log('stopping simnet...')
    void sim.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

const [command, ...args] = positionals
const commands: Record<string, () => Promise<unknown>> = {
  start,
  services: () => control('GET', '/control/services'),
  mine: () => control('POST', '/control/mine', { blocks: int(args[0] ?? '1', 'blocks') }),
  pay: () => {
    if (!args[0]) fail('usage: pay <bolt11 | user@domain> [--amount <sats>]')
    const amountSat = values.amount === undefined ? undefined : int(values.amount, '--amount')
    return control('POST', '/control/pay', {
      invoice: args[0],
      ...(amountSat ? { amountSat } : {}),
    })
  },
  send: () => {
    if (!args[0]) fail('usage: send <address> <sats>')
    return control('POST', '/control/send', { address: args[0], amountSat: int(args[1], 'sats') })
  },
  'claim-withdraw': () => {
    if (!args[0]) fail('usage: claim-withdraw <lnurl> [--wait]')
    return control('POST', '/control/lnurl-withdraw', {
      lnurl: args[0],
      wait: values.wait ?? false,
    })
  },
  balances: () => {
    if (!args[0]) fail('usage: balances <nodeId>')
    return control('GET', `/control/balances/${encodeURIComponent(args[0])}`)
  },
  'approve-node': () => {
    if (!args[0]) fail('usage: approve-node <id>')
    return control('POST', `/control/nodehost/nodes/${encodeURIComponent(args[0])}/approve`)
  },
  'fail-next-channel-open': () => control('POST', '/control/channels/next-open', { mode: 'fail' }),
  'manual-next-channel-open': () =>
    control('POST', '/control/channels/next-open', { mode: 'manual' }),
  'resolve-channel-open': () => {
    if (!args[0] || (args[1] !== 'open' && args[1] !== 'fail'))
      fail('usage: resolve-channel-open <txid:vout> open|fail')
    return control('POST', '/control/channels/resolve', { channelPoint: args[0], outcome: args[1] })
  },
  'mint-token': () => control('POST', '/control/cashu/token', { amountSat: int(args[0], 'sats') }),
  'nwc-uri': () =>
    control('POST', '/control/nwc/connections', {
      ...(values.name ? { name: values.name } : {}),
      ...(values.budget ? { budgetSat: int(values.budget, '--budget') } : {}),
    }),
  'exchange-key': () =>
    control('POST', '/control/kraken/keys', values.label ? { label: values.label } : {}),
  call: () => {
    if (!args[0] || !args[1]) fail('usage: call <METHOD> <path> [json]')
    return control(
      args[0].toUpperCase(),
      args[1],
      args[2] === undefined ? undefined : (JSON.parse(args[2]) as unknown),
    )
  },
}

if (!command || values.help || !commands[command]) {
  console.log(HELP)
  process.exit(command && !values.help ? 1 : 0)
}
const result = await commands[command]()
if (command !== 'start') print(result)
