import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { usePageTitle } from '@/lib/use-page-title'

/**
 * The card that holds a sign-in or sign-up form, with the link to the other one below (none when
 * the card's own button already leads there).
 */
export function AuthCard({
  pageTitle,
  heading,
  description,
  footer,
  children,
}: {
  pageTitle: string
  heading: string
  description: string
  footer?: ReactNode
  children: ReactNode
}) {
  usePageTitle(pageTitle)
  return (
    <>
      <Card className="shadow-sm">
        <CardHeader className="pb-5 text-center">
          <h1 className="text-xl font-semibold tracking-tight">{heading}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      {footer && <p className="mt-6 text-center text-sm text-muted-foreground">{footer}</p>}
    </>
  )
}
