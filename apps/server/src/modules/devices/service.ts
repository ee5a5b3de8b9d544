/**
 * Device logins: a business's terminals and POS integrations. Each has a login id and a secret
 * (256 bits) shown once when made or regenerated and kept only as its SHA-256; a device signs in
 * with them for a session (a cookie for the terminal web app, a bearer token for a POS), or a
 * POS sends them on every call. Regenerating or deleting ends every session of the device.
 */
import {
  DEVICE_ONLINE_WINDOW_MS,
  MAX_DEVICES_PER_BUSINESS,
  STAFF_ACTIVITY_REPORT_MS,
  type StaffProof,
  type TDeviceInput,
} from '@app/domain'
import { timingSafeEqual } from 'node:crypto'
import { DomainError } from '../../lib/errors'
import { hashToken, newToken } from '../../lib/secrets'
import type { SecurityNotices } from '../../mail/security-notices'
import type { AuditBy, AuditEvent } from '../audit'
import type { DeviceRepo, DeviceRow, DeviceWritten } from './repo'

const DEVICE_SESSION_DAYS = 90
/** A session's use is written at most this often (the list's "online" needs no more). */
const TOUCH_MS = 20_000

export type DeviceStatus = 'never' | 'online' | 'offline'

export interface DeviceView {
  id: string
  name: string
  isKiosk: boolean
  mid: string | null
  loginId: string
  status: DeviceStatus
  pairedAt: Date | null
  lastSeenAt: Date | null
  createdAt: Date
}

export interface DeviceCredentials {
  loginId: string
  secret: string
  /** what the pairing QR carries to a terminal: this host, the login id and the secret */
  pairingUri: string
  /** the same link on PUBLIC_URL when the QR's is the machine's network address (demo) */
  pairingUriAlternative: string | null
}

/** What a device-scoped call knows about its caller. */
export interface DeviceIdentity {
  id: string
  businessId: string
  name: string
  isKiosk: boolean
  mid: string | null
}

export interface DeviceSessionInfo {
  device: DeviceIdentity
  /** the staff member signed in, null once they signed out or were idle too long */
  staffId: string | null
  /** when that staff member last used the terminal (as written: up to 15 s behind) */
  staffActiveAt: Date | null
  /** how that staff member proved who they are: a PIN, or a tag (sales only) */
  staffProof: StaffProof | null
  idHash: string
}

const taken = () =>
  new DomainError('DEVICE_NAME_TAKEN', 'Another device of this business has this name')
const missing = () => new DomainError('NOT_FOUND', 'Device not found')
const badCredentials = () =>
  new DomainError(
    'INVALID_CREDENTIALS',
    'The login id or secret is wrong, or the device was removed',
  )

function statusOf(row: DeviceRow, now = Date.now()): DeviceStatus {
  if (!row.pairedAt) return 'never'
  if (row.lastSeenAt && now - row.lastSeenAt.getTime() < DEVICE_ONLINE_WINDOW_MS) return 'online'
  return 'offline'
}

function deviceView(row: DeviceRow): DeviceView {
  return {
    id: row.id,
    name: row.name,
    isKiosk: row.isKiosk,
    mid: row.mid,
    loginId: row.loginId,
    status: statusOf(row),
    pairedAt: row.pairedAt,
    lastSeenAt: row.lastSeenAt,
    createdAt: row.createdAt,
  }
}

const identityOf = (row: DeviceRow): DeviceIdentity => ({
  id: row.id,
  businessId: row.businessId,
  name: row.name,
  isKiosk: row.isKiosk,
  mid: row.mid,
})

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The audit log's event about a device of the business. */
const deviceEvent = (
  by: AuditBy,
  row: Pick<DeviceRow, 'businessId' | 'id' | 'name'>,
  action: AuditEvent['action'],
  details?: AuditEvent['details'],
): AuditEvent => ({
  businessId: row.businessId,
  by,
  action,
  subject: { kind: 'device', id: row.id, name: row.name },
  details,
})

function written(w: DeviceWritten): DeviceRow {
  if (w.ok) return w.row
  throw w.reason === 'taken' ? taken() : missing()
}

export function createDeviceService(deps: {
  repo: DeviceRepo
  /** where pairing links point (`config-pairing.ts`) */
  pairingOrigins: { offered: string; alternative: string | null }
  /** mails `device-login-created` to the business's owners in the insert's transaction */
  notices?: SecurityNotices
}) {
  const { repo } = deps

  function newCredentials() {
    const loginId = `dev_${newToken(18)}`
    const secret = newToken(32)
    const link = (origin: string) => `${origin}/terminal#login=${loginId}&secret=${secret}`
    const { offered, alternative } = deps.pairingOrigins
    return {
      credentials: {
        loginId,
        secret,
        pairingUri: link(offered),
        pairingUriAlternative: alternative ? link(alternative) : null,
      },
      secretHash: hashToken(secret),
    }
  }

  /** The device whose credentials these are, or INVALID_CREDENTIALS. */
  async function authenticate(loginId: string, secret: string): Promise<DeviceRow> {
    const row = await repo.byLoginId(loginId)
    const given = hashToken(secret)
    // Compared even when no device has the id, so timing does not tell which ids exist.
    const matches = sameHash(given, row?.secretHash ?? hashToken(''))
    if (!row || !matches) throw badCredentials()
    return row
  }

  return {
    async list(businessId: string): Promise<DeviceView[]> {
      return (await repo.list(businessId)).map(deviceView)
    },

    /** Names of the business's devices (deleted ones too), for filters of payments. */
    names: (businessId: string) => repo.names(businessId),

    async create(
      businessId: string,
      input: Required<Pick<TDeviceInput, 'name' | 'isKiosk'>> & { mid: string | null },
      by: AuditBy,
    ): Promise<{ device: DeviceView; credentials: DeviceCredentials }> {
      if ((await repo.count(businessId)) >= MAX_DEVICES_PER_BUSINESS) {
        throw new DomainError(
          'DEVICE_LIMIT_REACHED',
          'This business has the most devices allowed',
          {
            max: MAX_DEVICES_PER_BUSINESS,
          },
        )
      }
      const { credentials, secretHash } = newCredentials()
      const row = written(
        await repo.insert(
          {
            businessId,
            name: input.name,
            isKiosk: input.isKiosk,
            mid: input.mid,
            loginId: credentials.loginId,
            secretHash,
          },
          (r) => deviceEvent(by, r, 'device.created', { kiosk: r.isKiosk, mid: r.mid }),
          async (trx, r) => {
            await deps.notices?.toOwners(trx, businessId, 'device-login-created', {
              subject: r.name,
              from: by.origin.ip,
            })
          },
        ),
      )
      return { device: deviceView(row), credentials }
    },

    async update(
      businessId: string,
      id: string,
      patch: { name?: string; isKiosk?: boolean; mid?: string | null },
      by: AuditBy,
    ): Promise<DeviceView> {
      const before = await repo.find(businessId, id)
      if (!before) throw missing()
      const renamed = patch.name !== undefined && patch.name !== before.name
      const changed: Record<string, string | boolean | null> = {}
      if (renamed) changed.previousName = before.name
      if (patch.isKiosk !== undefined && patch.isKiosk !== before.isKiosk)
        changed.kiosk = patch.isKiosk
      if (patch.mid !== undefined && patch.mid !== before.mid) changed.mid = patch.mid
      return deviceView(
        written(
          await repo.update(businessId, id, patch, (r) =>
            deviceEvent(by, r, renamed ? 'device.renamed' : 'device.changed', changed),
          ),
        ),
      )
    },

    /** New credentials; the old ones stop working and every session of the device ends. */
    async regenerate(
      businessId: string,
      id: string,
      by: AuditBy,
    ): Promise<{ device: DeviceView; credentials: DeviceCredentials }> {
      const { credentials, secretHash } = newCredentials()
      const row = written(
        await repo.update(
          businessId,
          id,
          {
            loginId: credentials.loginId,
            secretHash,
            credentialsIssuedAt: new Date(),
            pairedAt: null,
          },
          (r) => deviceEvent(by, r, 'device.credentials_regenerated'),
        ),
      )
      await repo.deleteSessionsOf(id)
      return { device: deviceView(row), credentials }
    },

    /** Ends every session of the device (it signs in again with its credentials). */
    async signOutDevice(businessId: string, id: string, by: AuditBy): Promise<{ ended: number }> {
      const row = await repo.find(businessId, id)
      if (!row) throw missing()
      const ended = await repo.deleteSessionsOf(id, (n) =>
        deviceEvent(by, row, 'device.signed_out', { sessionsEnded: n }),
      )
      return { ended }
    },

    /** Deletes the device once the caller typed its name exactly. */
    async delete(
      businessId: string,
      id: string,
      typedName: string,
      by: AuditBy,
    ): Promise<{ ok: true }> {
      const row = await repo.find(businessId, id)
      if (!row) throw missing()
      if (typedName.trim() !== row.name) {
        throw new DomainError('VALIDATION', 'Type the device name to delete it')
      }
      const revoked = await repo.softDelete(
        businessId,
        id,
        hashToken(newToken(32)),
        deviceEvent(by, row, 'device.revoked'),
      )
      if (!revoked) throw missing()
      return { ok: true }
    },

    authenticate: async (loginId: string, secret: string): Promise<DeviceIdentity> => {
      const row = await authenticate(loginId, secret)
      await repo.touchDevice(row.id)
      return identityOf(row)
    },

    /** The device these credentials are for, without a session or any write. */
    preview: async (loginId: string, secret: string) =>
      identityOf(await authenticate(loginId, secret)),

    /** A new session for the device; the token is given once and kept as its hash. */
    async signIn(
      loginId: string,
      secret: string,
      kind: 'cookie' | 'bearer',
    ): Promise<{ token: string; expiresAt: Date; device: DeviceIdentity }> {
      const row = await authenticate(loginId, secret)
      const token = newToken(32)
      const expiresAt = new Date(Date.now() + DEVICE_SESSION_DAYS * 24 * 3600 * 1000)
      await repo.insertSession({
        idHash: hashToken(token),
        deviceId: row.id,
        businessId: row.businessId,
        kind,
        expiresAt,
      })
      return { token, expiresAt, device: identityOf(row) }
    },

    /** The session and its device, or null when the token is unknown, expired or revoked. */
    async resolveSession(token: string | undefined): Promise<DeviceSessionInfo | null> {
      if (!token || token.length > 200) return null
      const idHash = hashToken(token)
      const found = await repo.useSession(idHash, TOUCH_MS)
      if (!found) return null
      const { staffId, staffActiveAt, staffProof } = found.session
      return { device: identityOf(found.device), staffId, staffActiveAt, staffProof, idHash }
    },

    /** The signed-in staff member used the terminal: their idle time starts again. */
    async staffActive(session: DeviceSessionInfo): Promise<void> {
      if (!session.staffId) return
      const at = session.staffActiveAt?.getTime() ?? 0
      if (Date.now() - at < STAFF_ACTIVITY_REPORT_MS) return
      await repo.touchStaff(session.idHash, session.staffId)
    },

    setSessionStaff: (idHash: string, staff: { id: string; proof: StaffProof } | null) =>
      repo.setSessionStaff(idHash, staff),
    endSession: (idHash: string) => repo.deleteSession(idHash),
    countSessions: (deviceId: string) => repo.countSessions(deviceId),
  }
}

export type DeviceService = ReturnType<typeof createDeviceService>
