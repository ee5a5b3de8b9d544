import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft, Check, CircleAlert, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { formatDate } from '@/lib/format'
import { notify, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { ApplicationDetails } from './application/application-details'
import { RejectDialog } from './reject-dialog'
import { ReviewStatusBadge } from './review-status-badge'

/** One application in full, with Approve and Reject while it awaits review. */
export function ApplicationReviewPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  // Another operator may have decided meanwhile: each visit asks again.
  const { data } = useSuspenseQuery({
    ...trpc.operator.application.queryOptions({ businessId }),
    staleTime: 0,
  })
  const [isRejectOpen, setIsRejectOpen] = useState(false)
  const { business, review } = data
  const isPending = review.status === 'pending'
  const outcome = review.status === 'pending' ? 'draft' : review.status

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.operator.applications.queryFilter()),
      queryClient.invalidateQueries(trpc.operator.application.queryFilter({ businessId })),
    ])

  const approve = useMutation(
    trpc.operator.approve.mutationOptions({
      onSuccess: async () => {
        notify.success(
          t('operator.approve.done'),
          t('operator.approve.doneMessage', { name: business.name }),
        )
        await refresh()
        await navigate({ to: '/operator/applications', search: { status: 'pending' } })
      },
      onError: async (error) => {
        notifyError(error, t('operator.approve.failed'))
        await refresh()
      },
    }),
  )
  const reject = useMutation(
    trpc.operator.reject.mutationOptions({
      onSuccess: async () => {
        setIsRejectOpen(false)
        notify.success(
          t('operator.reject.done'),
          t('operator.reject.doneMessage', { name: business.name }),
        )
        await refresh()
        await navigate({ to: '/operator/applications', search: { status: 'pending' } })
      },
      onError: async (error) => {
        notifyError(error, t('operator.reject.failed'))
        await refresh()
      },
    }),
  )

  return (
    <>
      <Button variant="link" className="mb-6 h-auto px-0 text-muted-foreground" asChild>
        <Link to="/operator/applications" search={{ status: 'pending' }}>
          <ArrowLeft aria-hidden />
          {t('operator.review.back')}
        </Link>
      </Button>
      <PageHeader
        title={business.name}
        description={
          review.submittedAt
            ? t('operator.review.submittedAt', {
                date: formatDate(review.submittedAt, { timeStyle: 'short' }),
              })
            : t('operator.review.notSubmitted')
        }
        actions={<ReviewStatusBadge status={review.status} />}
      />

      {isPending ? (
        <Card className="mb-6">
          <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">{t('operator.review.decide')}</p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button
                variant="outline"
                className="text-destructive hover:text-destructive"
                disabled={approve.isPending}
                onClick={() => setIsRejectOpen(true)}
              >
                <X aria-hidden />
                {t('operator.review.reject')}
              </Button>
              <Button
                variant="green"
                isLoading={approve.isPending}
                disabled={reject.isPending}
                onClick={() => approve.mutate({ businessId })}
              >
                {!approve.isPending && <Check aria-hidden />}
                {t('operator.review.approve')}
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : (
        <Alert variant={review.status === 'rejected' ? 'destructive' : 'success'} className="mb-6">
          {review.status === 'rejected' ? <CircleAlert aria-hidden /> : <Check aria-hidden />}
          <AlertTitle>
            {t(`operator.review.outcome.${outcome}`, {
              date: review.reviewedAt ? formatDate(review.reviewedAt, { timeStyle: 'short' }) : '',
            })}
          </AlertTitle>
          {review.status === 'rejected' && review.reason && (
            <AlertDescription className="whitespace-pre-line text-foreground">
              {review.reason}
            </AlertDescription>
          )}
        </Alert>
      )}

      <ApplicationDetails application={data.application} />

      <RejectDialog
        open={isRejectOpen}
        onOpenChange={setIsRejectOpen}
        businessName={business.name}
        isRejecting={reject.isPending}
        onReject={(reason) => reject.mutate({ businessId, reason })}
      />
    </>
  )
}
