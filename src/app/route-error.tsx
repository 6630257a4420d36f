import { type ErrorComponentProps, SearchParamError } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { ApiError } from '../api/client.ts'
import { ErrorPage } from '../ui/page/error-page.tsx'
import { NotFoundPage } from '../ui/page/not-found-page.tsx'
import { forceReload, isChunkLoadError } from './chunk-reload.ts'

/**
 * The router's error boundary (SPEC §2, §8): a 401 renders nothing (the session signs out), a
 * route validation failure is a 404, a chunk load error reloads once, anything else is the
 * error page.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const chunk = isChunkLoadError(error)
  const [reloading, setReloading] = useState(chunk)
  useEffect(() => {
    if (chunk) setReloading(forceReload(window.location, sessionStorage))
  }, [chunk])
  if (error instanceof ApiError && error.status === 401) return null
  if (error instanceof SearchParamError || (error instanceof Error && error.name === 'PathParamError'))
    return <NotFoundPage />
  if (reloading) return null
  return <ErrorPage />
}
