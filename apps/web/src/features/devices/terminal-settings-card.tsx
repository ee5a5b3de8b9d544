/**
 * What the terminals offer and how long staff stay signed in: the tip percentages (up to four,
 * saved when the field is left) and the idle time after which staff are signed out.
 */
import { IDLE_SIGN_OUT_CHOICES_SEC, MAX_TIP_PERCENTS } from '@app/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { notify, notifyError } from '@/lib/notify'
import { useDeviceSettingsMutations } from './use-device-settings'

/** "5, 10, 15" as [5, 10, 15]; null when it is not up to four whole percentages of 1 to 100. */
export function parseTipPercents(text: string): number[] | null {
  const parts = text.split(/[\s,;%]+/).filter(Boolean)
  if (parts.length > MAX_TIP_PERCENTS || !parts.every((p) => /^\d{1,3}$/.test(p))) return null
  const list = parts.map(Number)
  if (list.some((n) => n < 1 || n > 100)) return null
  return [...new Set(list)].sort((a, b) => a - b)
}

export function TerminalSettingsCard({
  businessId,
  settings,
}: {
  businessId: string
  settings: { tipPercents: number[]; idleSignOutSec: number }
}) {
  const { t } = useTranslation()
  const m = useDeviceSettingsMutations(businessId)
  const [tips, setTips] = useState(settings.tipPercents.join(', '))
  const [tipError, setTipError] = useState<string | undefined>()
  const save = async (patch: { tipPercents?: number[]; idleSignOutSec?: number }) => {
    try {
      await m.update.mutateAsync({ businessId, ...patch })
      notify.success(t('devices.settings.toast.saved'))
    } catch (error) {
      notifyError(error, t('devices.settings.toast.saveFailed'))
    }
  }
  const saveTips = () => {
    const list = parseTipPercents(tips)
    if (!list) return setTipError(t('terminal.settings.tipsInvalid'))
    setTipError(undefined)
    if (list.join() !== settings.tipPercents.join()) void save({ tipPercents: list })
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('terminal.settings.title')}</CardTitle>
        <CardDescription>{t('terminal.settings.hint')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <FormField
          id="tip-percents"
          label={t('terminal.settings.tips')}
          description={t('terminal.settings.tipsHint')}
          error={tipError}
        >
          <FormControl>
            <Input
              value={tips}
              inputMode="numeric"
              onChange={(e) => setTips(e.target.value)}
              onBlur={saveTips}
            />
          </FormControl>
        </FormField>
        <FormField id="idle-sign-out" label={t('terminal.settings.idle')}>
          <FormControl>
            <NativeSelect
              value={settings.idleSignOutSec}
              onChange={(e) => void save({ idleSignOutSec: Number(e.target.value) })}
            >
              {IDLE_SIGN_OUT_CHOICES_SEC.map((sec) => (
                <option key={sec} value={sec}>
                  {sec === 0
                    ? t('terminal.settings.idleNever')
                    : t('terminal.settings.idleMinutes', { minutes: sec / 60 })}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
        </FormField>
      </CardContent>
    </Card>
  )
}
