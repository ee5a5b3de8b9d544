/**
 * What a refused staff PIN or card means, in the terminal's words: a wrong PIN, a locked staff
 * member (the owner unlocks them), a card nobody holds, or the catalogue's message (too many
 * tries, with the seconds to wait; a kiosk, which has no staff sign-in).
 */
import { useTranslation } from 'react-i18next'
import { parseAppError, type AppErrorCode } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'

export function useStaffProblem() {
  const { t } = useTranslation()
  return (error: unknown): { code: AppErrorCode; text: string } => {
    const appError = parseAppError(error)
    const text =
      appError.code === 'INVALID_CREDENTIALS'
        ? t('terminal.staff.wrongPin')
        : appError.code === 'STAFF_LOCKED'
          ? t('terminal.staff.lockedNow')
          : appError.code === 'RFID_TAG_UNRECOGNISED'
            ? t('terminal.staff.unknownCard')
            : appErrorMessage(appError)
    return { code: appError.code, text }
  }
}
