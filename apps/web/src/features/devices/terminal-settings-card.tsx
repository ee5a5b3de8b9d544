/**
 * What the terminals offer and how long staff stay signed in: the tip percentages (up to four,
 * saved when the field is left) and the idle time after which staff are signed out.
 */
import { IDLE_SIGN_OUT_CHOICES_SEC, MAX_TIP_PERCENTS } from '@app/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { ChoiceSetting, SettingsCard, useSaveDeviceSettings } from './settings-parts'

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
  const save = useSaveDeviceSettings(businessId)
  const [tips, setTips] = useState(settings.tipPercents.join(', '))
  const [tipError, setTipError] = useState<string | undefined>()
  const saveTips = () => {
    const list = parseTipPercents(tips)
    if (!list) return setTipError(t('terminal.settings.tipsInvalid'))
    setTipError(undefined)
    if (list.join() !== settings.tipPercents.join()) void save({ tipPercents: list })
  }
  return (
    <SettingsCard title={t('terminal.settings.title')} description={t('terminal.settings.hint')}>
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
      <ChoiceSetting
        id="idle-sign-out"
        label={t('terminal.settings.idle')}
        value={settings.idleSignOutSec}
        choices={IDLE_SIGN_OUT_CHOICES_SEC}
        labelOf={(sec) =>
          sec === 0
            ? t('terminal.settings.idleNever')
            : t('terminal.settings.idleMinutes', { minutes: sec / 60 })
        }
        onChange={(idleSignOutSec) => void save({ idleSignOutSec })}
      />
    </SettingsCard>
  )
}
