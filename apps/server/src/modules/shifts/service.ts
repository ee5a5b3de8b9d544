/** End-of-day reports of a device: the shift so far (X), closing it (Z), and past closes. */
import { zNumber } from '@app/domain'
import type { AuditBy } from '../audit'
import type { CloseRow, ShiftRepo } from './repo'

const closeView = (c: CloseRow) => ({ ...c, label: zNumber(c.number) })
export type CloseView = ReturnType<typeof closeView>

export function createShiftService(repo: ShiftRepo) {
  return {
    async current(deviceId: string) {
      const report = await repo.current(deviceId)
      return { ...report, label: zNumber(report.number) }
    },
    async close(
      businessId: string,
      deviceId: string,
      staffId: string | null,
      by: AuditBy,
    ): Promise<CloseView> {
      const closed = await repo.close(businessId, deviceId, staffId, (c) => ({
        businessId,
        by,
        action: 'z_report.closed',
        subject: { kind: 'device', id: deviceId, name: c.report.deviceName },
        details: {
          report: zNumber(c.number),
          payments: c.report.payments.count,
          netSat: c.report.net.sat,
          netFiatMinor: c.report.net.fiatMinor,
          currency: c.report.currency,
        },
      }))
      return closeView(closed)
    },
    async history(businessId: string, deviceId: string): Promise<CloseView[]> {
      return (await repo.history(businessId, deviceId, 100)).map(closeView)
    },
  }
}

export type ShiftService = ReturnType<typeof createShiftService>
