/**
 * Device settings: one set for all of a business's terminals (logo, displayed name, receipt
 * text, screen saver image and delay, theme), kept in PostgreSQL with the images themselves, so
 * every instance serves them. Images are cleaned before they are stored (`images.ts`).
 */
import {
  DEFAULT_IDLE_SIGN_OUT_SEC,
  DEFAULT_RECEIPT_TEXT,
  DEFAULT_TIP_PERCENTS,
  type DeviceImageKind,
  type DeviceTheme,
} from '@app/domain'
import { DomainError } from '../../lib/errors'
import { cleanImage } from './images'
import type { DeviceSettingsRepo, ImageSlot } from './settings-repo'

export interface DeviceSettingsView {
  displayName: string
  receiptText: string
  screenSaverDelaySec: number
  theme: DeviceTheme
  logoUrl: string | null
  screenSaverUrl: string | null
  tipPercents: number[]
  idleSignOutSec: number
}

const SLOT: Record<DeviceImageKind, ImageSlot> = {
  logo: 'logoImageId',
  screenSaver: 'screenSaverImageId',
}

export const imageUrl = (id: string) => `/api/device-images/${id}`

export function createDeviceSettingsService(deps: { repo: DeviceSettingsRepo }) {
  const { repo } = deps

  async function get(businessId: string): Promise<DeviceSettingsView> {
    const row = await repo.get(businessId)
    return {
      displayName: row?.displayName ?? (await repo.businessName(businessId)),
      receiptText: row?.receiptText ?? DEFAULT_RECEIPT_TEXT,
      screenSaverDelaySec: row?.screenSaverDelaySec ?? 120,
      theme: (row?.theme ?? 'light') as DeviceTheme,
      logoUrl: row?.logoImageId ? imageUrl(row.logoImageId) : null,
      screenSaverUrl: row?.screenSaverImageId ? imageUrl(row.screenSaverImageId) : null,
      tipPercents: row?.tipPercents ?? [...DEFAULT_TIP_PERCENTS],
      idleSignOutSec: row?.idleSignOutSec ?? DEFAULT_IDLE_SIGN_OUT_SEC,
    }
  }

  return {
    get,

    async update(
      businessId: string,
      patch: {
        displayName?: string
        receiptText?: string
        screenSaverDelaySec?: number
        theme?: DeviceTheme
        tipPercents?: number[]
        idleSignOutSec?: number
      },
    ): Promise<DeviceSettingsView> {
      await repo.update(businessId, {
        ...patch,
        // emptied: back to the default
        ...(patch.displayName === '' ? { displayName: null } : {}),
        ...(patch.receiptText === '' ? { receiptText: null } : {}),
      })
      return get(businessId)
    },

    async uploadImage(
      businessId: string,
      kind: DeviceImageKind,
      bytes: Buffer,
    ): Promise<DeviceSettingsView> {
      const image = await cleanImage(bytes)
      await repo.putImage(businessId, SLOT[kind], image)
      return get(businessId)
    },

    async removeImage(businessId: string, kind: DeviceImageKind): Promise<DeviceSettingsView> {
      if (!(await repo.removeImage(businessId, SLOT[kind]))) {
        throw new DomainError('FILE_NOT_FOUND', 'There is no such image')
      }
      return get(businessId)
    },

    image: (id: string) => repo.image(id),
  }
}

export type DeviceSettingsService = ReturnType<typeof createDeviceSettingsService>
