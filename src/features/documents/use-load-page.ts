import { useRouteContext } from '@tanstack/react-router'
import { useCallback } from 'react'
import { apiPaths } from '../../../contract/paths.ts'
import type { ApiClient } from '../../api/client.ts'
import type { LoadPage, LoadPageText } from '../../ui/document-viewer/use-page-image.tsx'

/**
 * The document viewer's page loader for a signed-in user: GET /v3/documents/{id}/pages/{n}?scale= with
 * the session's credentials. A 202 comes back as an empty image, which the viewer asks for again.
 */
export function pageLoader(api: ApiClient): LoadPage {
  return (documentId, page, scale, signal, version) =>
    api.request<Blob>(apiPaths.documentPage(documentId, page, scale, version), {
      responseType: 'blob',
      retries: 0,
      signal,
    })
}

/** {@link pageLoader} with the router's API client. */
export function useLoadPage(): LoadPage {
  const { api } = useRouteContext({ from: '__root__' })
  return useCallback<LoadPage>((...args) => pageLoader(api)(...args), [api])
}

/** The document viewer's page-text loader for a signed-in user: GET /v3/documents/{id}/pages/{n}/text. */
export function useLoadPageText(): LoadPageText {
  const { api } = useRouteContext({ from: '__root__' })
  return useCallback(
    async (documentId, page, signal) =>
      (await api.request<{ text: string }>(apiPaths.documentPageText(documentId, page), { signal })).text,
    [api],
  )
}
