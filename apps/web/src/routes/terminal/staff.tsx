import { createFileRoute } from '@tanstack/react-router'
import { StaffPage } from '@/features/terminal/staff-page'

export const Route = createFileRoute('/terminal/staff')({
  component: StaffPage,
})
