import {
  IMAGE_TYPES,
  LOGO_RECOMMENDED_WIDTH,
  RECEIPT_TEXT_MAX,
  SCREEN_SAVER_DELAYS_SEC,
  type DeviceImageKind,
  type DeviceTheme,
} from '@app/domain'
import { ImageIcon, Moon, Sun, Trash2, Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { DevicesTabs } from './devices-tabs'
import { Button } from '@/components/ui/button'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { notify, notifyError } from '@/lib/notify'
import { ChoiceSetting, SettingsCard, useSaveDeviceSettings } from './settings-parts'
import { TerminalSettingsCard } from './terminal-settings-card'
import { UploadError, useDeviceSettings, useDeviceSettingsMutations } from './use-device-settings'

interface Settings {
  displayName: string
  receiptText: string
  screenSaverDelaySec: number
  theme: DeviceTheme
  logoUrl: string | null
  screenSaverUrl: string | null
}

/** What every terminal of the business shows; each setting saves on its own, with a toast. */
export function DeviceSettingsPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const query = useDeviceSettings(businessId)
  return (
    // As wide as the other Devices pages, so the tabs stay where they are; the forms narrower.
    <div className="mx-auto w-full max-w-5xl">
      <DevicesTabs businessId={businessId} />
      <PageHeader title={t('pages.deviceSettings')} description={t('devices.settings.intro')} />
      {query.data ? (
        <div className="grid max-w-3xl gap-6">
          <SettingsForm businessId={businessId} settings={query.data} />
          <TerminalSettingsCard businessId={businessId} settings={query.data} />
        </div>
      ) : (
        <div className="flex max-w-3xl justify-center py-16">
          <Spinner />
        </div>
      )}
    </div>
  )
}

function SettingsForm({ businessId, settings }: { businessId: string; settings: Settings }) {
  const { t } = useTranslation()
  const save = useSaveDeviceSettings(businessId)
  const [displayName, setDisplayName] = useState(settings.displayName)
  const [receiptText, setReceiptText] = useState(settings.receiptText)

  return (
    <div className="grid gap-6">
      <SettingsCard
        title={t('devices.settings.branding')}
        description={t('devices.settings.brandingHint')}
      >
        <ImageField
          kind="logo"
          label={t('devices.settings.logo')}
          url={settings.logoUrl}
          businessId={businessId}
        />
        <FormField id="display-name" label={t('devices.settings.displayName')}>
          <FormControl>
            <Input
              value={displayName}
              maxLength={64}
              onChange={(e) => setDisplayName(e.target.value)}
              onBlur={() =>
                displayName.trim() !== settings.displayName && void save({ displayName })
              }
            />
          </FormControl>
        </FormField>
        <FormField
          id="receipt-text"
          label={t('devices.settings.receiptText')}
          description={t('devices.settings.receiptHint')}
        >
          <FormControl>
            <Textarea
              rows={3}
              value={receiptText}
              maxLength={RECEIPT_TEXT_MAX}
              onChange={(e) => setReceiptText(e.target.value)}
              onBlur={() =>
                receiptText.trim() !== settings.receiptText && void save({ receiptText })
              }
            />
          </FormControl>
        </FormField>
      </SettingsCard>

      <SettingsCard
        title={t('devices.settings.screenSaver')}
        description={t('devices.settings.screenSaverHint')}
      >
        <ImageField
          kind="screenSaver"
          label={t('devices.settings.screenSaverLogo')}
          url={settings.screenSaverUrl}
          businessId={businessId}
        />
        <ChoiceSetting
          id="screen-saver-delay"
          label={t('devices.settings.delay')}
          value={settings.screenSaverDelaySec}
          choices={SCREEN_SAVER_DELAYS_SEC}
          labelOf={(sec) =>
            sec === 0
              ? t('devices.settings.delayNever')
              : sec < 60
                ? t('devices.settings.delaySeconds', { count: sec })
                : t('devices.settings.delayMinutes', { count: sec / 60 })
          }
          onChange={(screenSaverDelaySec) => void save({ screenSaverDelaySec })}
        />
      </SettingsCard>

      <SettingsCard title={t('devices.settings.theme')}>
        <RadioGroup
          className="grid-cols-2 gap-3"
          value={settings.theme}
          onValueChange={(theme) =>
            void save({ theme: theme as DeviceTheme }, t('devices.settings.toast.themeFailed'))
          }
          aria-label={t('devices.settings.theme')}
        >
          {(['light', 'dark'] as const).map((theme) => (
            <Label
              key={theme}
              htmlFor={`theme-${theme}`}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-border p-4 has-[[data-state=checked]]:border-primary"
            >
              <RadioGroupItem id={`theme-${theme}`} value={theme} />
              {theme === 'light' ? (
                <Sun aria-hidden className="size-4" />
              ) : (
                <Moon aria-hidden className="size-4" />
              )}
              {t(`devices.settings.themes.${theme}`)}
            </Label>
          ))}
        </RadioGroup>
      </SettingsCard>
    </div>
  )
}

function ImageField({
  kind,
  label,
  url,
  businessId,
}: {
  kind: DeviceImageKind
  label: string
  url: string | null
  businessId: string
}) {
  const { t } = useTranslation()
  const m = useDeviceSettingsMutations(businessId)
  const input = useRef<HTMLInputElement>(null)
  const failedTitle =
    kind === 'logo'
      ? t('devices.settings.toast.logoFailed')
      : t('devices.settings.toast.uploadFailed')

  const upload = async (file: File) => {
    try {
      await m.upload.mutateAsync({ kind, file })
      notify.success(t('devices.settings.toast.uploaded'))
    } catch (error) {
      const code = error instanceof UploadError ? error.code : 'UNKNOWN'
      if (code === 'FILE_TOO_LARGE') {
        notify.error(t('devices.settings.toast.tooLarge'), t('errors.FILE_TOO_LARGE'))
      } else {
        notify.error(failedTitle, t(`errors.${code}`))
      }
    }
  }

  const remove = async () => {
    try {
      await m.removeImage.mutateAsync({ businessId, kind })
      notify.success(t('devices.settings.toast.removed'))
    } catch (error) {
      notifyError(error, t('devices.settings.toast.notFound'))
    }
  }

  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">{label}</p>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-24 w-40 items-center justify-center overflow-hidden rounded-lg border border-dashed border-border bg-muted">
          {url ? (
            <img src={url} alt={label} className="max-h-full max-w-full object-contain" />
          ) : (
            <ImageIcon className="size-6 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            className="sr-only"
            accept={IMAGE_TYPES.join(',')}
            aria-label={t('devices.settings.chooseFile', { what: label })}
            data-testid={`upload-${kind}`}
            onChange={(e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (file) void upload(file)
            }}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            isLoading={m.upload.isPending}
            onClick={() => input.current?.click()}
          >
            <Upload aria-hidden />
            {t('devices.settings.upload')}
          </Button>
          {url && (
            <Button type="button" variant="ghost" size="sm" onClick={() => void remove()}>
              <Trash2 aria-hidden />
              {t('devices.settings.remove')}
            </Button>
          )}
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        {t('devices.settings.imageHint', { width: LOGO_RECOMMENDED_WIDTH })}
      </p>
    </div>
  )
}
