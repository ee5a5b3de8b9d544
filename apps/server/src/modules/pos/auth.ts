/**
 * How a till's request is authenticated: its `Authorization` header (the device's login id and
 * secret with HTTP Basic, or a bearer session token) and its `X-Merchant-Id`, which must be the
 * device's merchant id. Both headers are checked as strictly as any input before anything is
 * looked up; each refusal names the header at fault (401: missing, malformed or wrong; 403: the
 * credentials are right but the merchant id is not the device's).
 */
import {
  DEVICE_LOGIN_ID_PATTERN,
  DEVICE_SECRET_PATTERN,
  MERCHANT_ID_HEADER,
  MID_PATTERN,
  type ErrorCode,
  type PosAuthHeader,
} from '@app/domain'
import type { IncomingHttpHeaders } from 'node:http'
import { DomainError } from '../../lib/errors'
import type { DeviceIdentity, DeviceService } from '../devices'

export interface PosCaller {
  device: DeviceIdentity
  staffId: string | null
}

/** A caller as its request's headers authenticated it, and whether that access still stands. */
export interface PosRequestCaller extends PosCaller {
  /** the credentials still sign in as this device, with the same merchant id */
  stands: () => Promise<boolean>
}

type Given = { kind: 'basic'; loginId: string; secret: string } | { kind: 'bearer'; token: string }

const BASIC = /^Basic ([A-Za-z0-9+/]{4,400}={0,2})$/
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/

/**
 * The credentials in an Authorization header: a Basic pair whose login id and secret match their
 * patterns (so nothing else reaches a look-up), or a bearer token of the session alphabet. Null
 * when the header is missing, `malformed` when it is anything else.
 */
function credentialsOf(value: string | string[] | undefined): Given | null | 'malformed' {
  if (value === undefined || value === '') return null
  if (typeof value !== 'string') return 'malformed'
  const basic = BASIC.exec(value.trim())
  if (basic?.[1]) {
    const text = Buffer.from(basic[1], 'base64').toString('utf8')
    const at = text.indexOf(':')
    const loginId = text.slice(0, at)
    const secret = text.slice(at + 1)
    if (at < 1 || !DEVICE_LOGIN_ID_PATTERN.test(loginId) || !DEVICE_SECRET_PATTERN.test(secret)) {
      return 'malformed'
    }
    return { kind: 'basic', loginId, secret }
  }
  const bearer = BEARER.exec(value.trim())
  return bearer?.[1] ? { kind: 'bearer', token: bearer[1] } : 'malformed'
}

/** A refusal of the request's authentication, naming the header at fault. */
const refused = (code: ErrorCode, header: PosAuthHeader, message: string) =>
  new DomainError(code, message, { header })

export const wrongCredentials = () =>
  refused(
    'INVALID_CREDENTIALS',
    'authorization',
    'Wrong device credentials, or the device was removed',
  )

/** The merchant id header: missing or malformed is a refusal before any look-up. */
function merchantIdOf(value: string | string[] | undefined): string {
  if (value === undefined || value === '') {
    throw refused('UNAUTHORIZED', 'x-merchant-id', "Send the device's merchant id in X-Merchant-Id")
  }
  if (typeof value !== 'string' || !MID_PATTERN.test(value)) {
    throw refused(
      'UNAUTHORIZED',
      'x-merchant-id',
      'X-Merchant-Id must be one merchant id: 1 to 64 printable characters, no spaces',
    )
  }
  return value
}

function credentialsIn(headers: IncomingHttpHeaders): Given {
  const given = credentialsOf(headers.authorization)
  if (given === null) {
    throw refused(
      'UNAUTHORIZED',
      'authorization',
      "Send the device's credentials in Authorization: Basic base64(loginId:secret) or Bearer <session token>",
    )
  }
  if (given === 'malformed') {
    throw refused(
      'UNAUTHORIZED',
      'authorization',
      'Authorization must be Basic base64(loginId:secret) with a device login id and secret, or Bearer <session token>',
    )
  }
  return given
}

export function createPosAuth(devices: DeviceService) {
  /** The device the credentials sign in as now, or null (wrong, revoked or removed). */
  async function signedIn(given: Given): Promise<PosCaller | null> {
    if (given.kind === 'bearer') {
      const session = await devices.resolveSession(given.token)
      return session && { device: session.device, staffId: session.staffId }
    }
    try {
      return { device: await devices.authenticate(given.loginId, given.secret), staffId: null }
    } catch (err) {
      if (err instanceof DomainError && err.code === 'INVALID_CREDENTIALS') return null
      throw err
    }
  }

  /** The device behind the request's headers; its MID must be the one in X-Merchant-Id. */
  return async function authenticate(headers: IncomingHttpHeaders): Promise<PosRequestCaller> {
    const given = credentialsIn(headers)
    const mid = merchantIdOf(headers[MERCHANT_ID_HEADER])
    const caller = await signedIn(given)
    if (!caller) throw wrongCredentials()
    if (!caller.device.mid || mid !== caller.device.mid) {
      throw refused(
        'MERCHANT_ID_MISMATCH',
        'x-merchant-id',
        "X-Merchant-Id must be the device's merchant id (set it on the device login)",
      )
    }
    const stands = async () => {
      const now = await signedIn(given)
      return now !== null && now.device.id === caller.device.id && now.device.mid === mid
    }
    return { ...caller, stands }
  }
}
