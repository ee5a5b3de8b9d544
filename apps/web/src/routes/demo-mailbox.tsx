import { createFileRoute } from '@tanstack/react-router'
import { DemoMailboxPage } from '@/features/demo-mailbox/demo-mailbox-page'

export const Route = createFileRoute('/demo-mailbox')({
  component: DemoMailboxPage,
})
