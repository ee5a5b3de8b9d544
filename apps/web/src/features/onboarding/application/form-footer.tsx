import { Link } from '@tanstack/react-router'
import { ArrowLeft, ArrowRight, CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useFormState } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { CardFooter } from '@/components/ui/card'
import { ONBOARDING_ROUTES } from '../onboarding-routes'
import type { ApplicationPage } from '../onboarding-steps'
import { previousApplicationPage } from './application-sections'

/**
 * Back (the previous form, as saved) and Next (saves this form and moves on), with any
 * message from the server that names no field shown above them.
 */
export function FormFooter({
  businessId,
  page,
  isSaving,
  nextLabel,
}: {
  businessId: string
  page: ApplicationPage
  isSaving: boolean
  nextLabel?: ReactNode
}) {
  const { t } = useTranslation()
  const { errors } = useFormState()
  const previous = previousApplicationPage(page)
  const serverMessage = errors.root?.server?.message
  return (
    <>
      {serverMessage && (
        <div className="px-6 pb-6">
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden />
            <AlertDescription className="text-foreground">{serverMessage}</AlertDescription>
          </Alert>
        </div>
      )}
      <CardFooter className="justify-between bg-muted/40">
        {previous ? (
          <Button variant="outline" asChild>
            <Link to={ONBOARDING_ROUTES[previous]} params={{ businessId }}>
              <ArrowLeft aria-hidden />
              {t('application.actions.back')}
            </Link>
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" isLoading={isSaving}>
          {nextLabel ?? t('application.actions.next')}
          {!isSaving && !nextLabel && <ArrowRight aria-hidden />}
        </Button>
      </CardFooter>
    </>
  )
}
