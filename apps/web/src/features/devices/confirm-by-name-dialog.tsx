import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'

/** A dangerous action that goes ahead only once the device's name is typed exactly. */
export function ConfirmByNameDialog({
  name,
  title,
  description,
  confirmLabel,
  open,
  onOpenChange,
  isPending,
  onConfirm,
}: {
  name: string
  title: string
  description: string
  confirmLabel: string
  open: boolean
  onOpenChange: (open: boolean) => void
  isPending: boolean
  onConfirm: (typed: string) => void
}) {
  const { t } = useTranslation()
  const [typed, setTyped] = useState('')
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setTyped('')
        onOpenChange(o)
      }}
    >
      <DialogContent closeLabel={t('devices.cancel')}>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            if (typed.trim() === name) onConfirm(typed)
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <FormField id="confirm-name" label={t('devices.delete.typeName', { name })}>
            <FormControl>
              <Input autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
            </FormControl>
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('devices.cancel')}
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant="destructive"
              disabled={typed.trim() !== name}
              isLoading={isPending}
            >
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
