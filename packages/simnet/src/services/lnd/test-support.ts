/** Helpers for tests that talk to simnet's LND and Loop REST over HTTPS with the pinned cert. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Ajv from 'ajv'
import { type Simnet, type StartSimnetOptions, startSimnet } from '../../server'
import { lndDaemons } from './daemon'

export interface TestSimnet extends Simnet {
  dataDir: string
  services: Services
  stop(): Promise<void>
}

export interface LndEntry {
  restUrl: string
  macaroonHex: string | null
  tlsCertPem: string
}

export interface Services {
  baseUrl: string
  lnd: { tlsCertPem: string; nodes: Record<string, LndEntry> }
  [name: string]: unknown
}

export async function startTestSimnet(opts: Partial<StartSimnetOptions> = {}): Promise<TestSimnet> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'simnet-test-'))
  const sim = await startSimnet({ port: 0, timeScale: 0.001, mineIntervalMs: 0, ...opts, dataDir })
  const services = (await (await fetch(`${sim.url}/control/services`)).json()) as Services
  return {
    ...sim,
    dataDir,
    services,
    async stop() {
      await sim.close()
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface RestReply {
  status: number
  body: unknown
  text: string
}

/** A REST client like an lnd client library: HTTPS pinned to the cert, macaroon header. */
export class RestClient {
  readonly agent: Agent
  constructor(
    readonly baseUrl: string,
    certPem: string,
    public macaroonHex: string | null,
  ) {
    this.agent = new Agent({ keepAlive: true, ca: certPem, maxSockets: 16 })
  }

  private open(method: string, path: string, body?: unknown) {
    const url = new URL(this.baseUrl + path)
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (this.macaroonHex) headers['Grpc-Metadata-macaroon'] = this.macaroonHex
    const req = request(url, { method, agent: this.agent, headers })
    req.end(body === undefined ? undefined : JSON.stringify(body))
    return req
  }

  call(method: string, path: string, body?: unknown): Promise<RestReply> {
    return new Promise((resolve, reject) => {
      const req = this.open(method, path, body)
      req.on('error', reject)
      req.on('response', (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (text += c))
        res.on('end', () => {
          let parsed: unknown = text
          try {
            parsed = JSON.parse(text)
          } catch {
            // not JSON; keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, text })
        })
      })
    })
  }

  get(path: string) {
    return this.call('GET', path)
  }
  post(path: string, body: unknown = {}) {
    return this.call('POST', path, body)
  }

  /** Opens a streaming call; every JSON line is handed to onLine as it arrives. */
  stream(
    method: string,
    path: string,
    body: unknown,
    onLine: (line: Record<string, unknown>) => void,
  ) {
    let status = 0
    const req = this.open(method, path, body)
    let markEnded = () => {}
    const ended = new Promise<void>((resolve) => (markEnded = resolve))
    const ready = new Promise<number>((resolve, reject) => {
      req.on('error', (err) => (status ? undefined : reject(err)))
      req.on('response', (res) => {
        status = res.statusCode ?? 0
        let buffer = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          buffer += chunk
          let nl: number
          while ((nl = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, nl).trim()
            buffer = buffer.slice(nl + 1)
            if (line) onLine(JSON.parse(line) as Record<string, unknown>)
          }
        })
        res.on('error', () => undefined)
        res.on('end', () => markEnded())
        resolve(status)
      })
    })
    /** `ended` resolves when the server ends the stream */
    return { ready, ended, close: () => req.destroy() }
  }

  /** Collects a stream until the server ends it. */
  collect(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; lines: Record<string, unknown>[] }> {
    return new Promise((resolve, reject) => {
      const lines: Record<string, unknown>[] = []
      const req = this.open(method, path, body)
      req.on('error', reject)
      req.on('response', (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (text += c))
        res.on('end', () => {
          for (const l of text.split('\n'))
            if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>)
          resolve({ status: res.statusCode ?? 0, lines })
        })
      })
    })
  }

  close() {
    this.agent.destroy()
  }
}

/** A client for a node's LND (or Loop) REST with its admin macaroon, unless one is given. */
export function lndClient(
  sim: TestSimnet,
  nodeId: string,
  macaroonHex?: string | null,
  service: 'lnd' | 'loop' = 'lnd',
): RestClient {
  const restUrl = `${sim.url.replace('http:', 'https:')}/${service}/${nodeId}`
  const macaroon =
    macaroonHex === undefined ? lndDaemons(sim.world).adminMacaroonHex(nodeId) : macaroonHex
  return new RestClient(restUrl, sim.services.lnd.tlsCertPem, macaroon)
}

type Schema = Record<string, unknown>

/**
 * Validates replies against swagger definitions, strictly: every property of a message must be
 * present (protojson with EmitUnpopulated) and nothing else; an unset nested message may be null.
 */
export class SwaggerValidator {
  private readonly ajv: Ajv.Ajv
  private readonly definitions: Record<string, Schema> = {}

  constructor(files: string[], opts: { oneofs?: string[] } = {}) {
    for (const file of files) {
      const doc = JSON.parse(readFileSync(file, 'utf8')) as { definitions: Record<string, Schema> }
      Object.assign(this.definitions, doc.definitions)
    }
    const oneofs = new Set(opts.oneofs ?? [])
    for (const [name, def] of Object.entries(this.definitions)) {
      const props = def.properties as Record<string, Schema> | undefined
      if (def.type !== 'object' || !props) continue
      if (!oneofs.has(name)) def.required = Object.keys(props)
      def.additionalProperties = false
      for (const [key, prop] of Object.entries(props)) {
        const ref = prop.$ref as string | undefined
        const target = ref ? this.definitions[ref.split('/').pop()!] : undefined
        if (ref && target?.type === 'object')
          props[key] = { anyOf: [{ $ref: ref }, { type: 'null' }] }
      }
    }
    this.ajv = new Ajv({
      allErrors: true,
      unknownFormats: 'ignore',
      schemaId: 'auto',
      logger: false,
    })
    this.ajv.addFormat('byte', /^[A-Za-z0-9+/]*={0,2}$/)
    this.ajv.addFormat('int64', /^-?\d+$/)
    this.ajv.addFormat('uint64', /^\d+$/)
    this.ajv.addSchema({ $id: 'swagger', definitions: this.definitions })
  }

  /** Error text, or null when the value matches the definition. */
  check(definition: string, value: unknown): string | null {
    if (!this.definitions[definition]) return `no definition ${definition}`
    const validate = this.ajv.getSchema(`swagger#/definitions/${definition}`)
    if (!validate) return `cannot compile ${definition}`
    return validate(value) ? null : this.ajv.errorsText(validate.errors, { dataVar: definition })
  }
}

/** Checks until `check` holds, 20 s at most however busy the machine; fails naming `what`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 20_000,
): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}
