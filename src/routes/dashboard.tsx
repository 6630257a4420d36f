import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { dashboardSearchDefaults, dashboardSearchSchema } from '../features/documents/dashboard-search.ts'
import { RequestListScreen } from '../features/documents/request-list-screen.tsx'
import { loadMessages } from '../i18n/i18n.ts'

export const Route = createFileRoute('/dashboard')({
  loader: () => loadMessages('documents'),
  validateSearch: dashboardSearchSchema,
  // The defaults stay out of the address: /dashboard is the 'all' filter's first page.
  search: { middlewares: [stripSearchParams(dashboardSearchDefaults)] },
  component: RequestListScreen,
})
