import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { type ActorRefFrom, fromPromise, type SnapshotFrom } from 'xstate'
import { pageLoadingMachine } from '../../../machines/page-loading/page-loading.machine.ts'
import type { PageFetchInput, PageFetchResult } from '../../../machines/page-loading/page-loading.types.ts'
import { inspect } from '../../lib/inspect.ts'
import { useObjectUrl } from '../file/use-object-url.ts'
import { toPageFetchResult } from './page-fetch-result.ts'
import { takePrefetchedPage } from './page-prefetch.ts'

/**
 * Loads one page image of the file `version` (a SHA-256; the uploaded file when undefined): resolves it, or
 * rejects with an error carrying the HTTP `status` (202 while rendering).
 */
export type LoadPage = (
  documentId: string,
  page: number,
  scale: number,
  signal: AbortSignal,
  version: string | undefined,
) => Promise<Blob>

/** Loads one page's text (of the uploaded file), for screen readers. */
export type LoadPageText = (documentId: string, page: number, signal: AbortSignal) => Promise<string>

/** Where one page image is: loading (also while retried), shown from a blob URL, or given up on. */
export type PageImageState = { status: 'loading' } | { status: 'loaded'; url: string } | { status: 'failed' }

type PageLoadingActor = ActorRefFrom<typeof pageLoadingMachine>
type PageLoadingSnapshot = SnapshotFrom<typeof pageLoadingMachine>

// Before its page is in view there is no machine, and no snapshot.
const selectImage = (snapshot: PageLoadingSnapshot | undefined) =>
  snapshot?.matches('loaded') && snapshot.context.data instanceof Blob ? snapshot.context.data : undefined
const selectFailed = (snapshot: PageLoadingSnapshot | undefined) => snapshot?.matches('failed') === true

interface PageLoadingProps {
  loadPage: LoadPage
  documentId: string
  page: number
  scale: number
  version: string | undefined
  onStart: (actor: PageLoadingActor | undefined) => void
}

/** Hosts the page-loading machine of one page image from when it mounts until it goes. */
function PageLoading({ loadPage, documentId, page, scale, version, onStart }: PageLoadingProps) {
  const machine = pageLoadingMachine.provide({
    actors: {
      // The first try takes the image a route's loader already asked for, when it did.
      fetchPage: fromPromise<PageFetchResult, PageFetchInput>(({ signal }) =>
        toPageFetchResult(
          () =>
            takePrefetchedPage(documentId, page, scale, version) ??
            loadPage(documentId, page, scale, signal, version),
        ),
      ),
    },
  })
  const actor = useActorRef(machine, { input: {}, inspect })
  useEffect(() => {
    onStart(actor)
    return () => onStart(undefined)
  }, [actor, onStart])
  return null
}

/**
 * Runs the page-loading machine (SPEC §8 backoff on failures and 202 answers) for one page image of file
 * `version` once `active`, and keeps the image as a blob URL that is revoked when the page goes away or changes.
 * `retry` asks again after the machine gave up. The caller renders `host`, which runs the machine: a new one
 * for each page, scale and version.
 */
export function usePageImage(
  loadPage: LoadPage,
  documentId: string,
  page: number,
  scale: number,
  active: boolean,
  version?: string,
): { state: PageImageState; retry: () => void; host: ReactNode } {
  const [actor, setActor] = useState<PageLoadingActor>()
  const url = useObjectUrl(useSelector(actor, selectImage))
  const failed = useSelector(actor, selectFailed)
  const retry = useCallback(() => actor?.send({ type: 'page.retry' }), [actor])
  const state: PageImageState =
    url !== undefined ? { status: 'loaded', url } : failed ? { status: 'failed' } : { status: 'loading' }
  const host = active ? (
    <PageLoading
      key={`${documentId}/${page}/${scale}/${version}`}
      loadPage={loadPage}
      documentId={documentId}
      page={page}
      scale={scale}
      version={version}
      onStart={setActor}
    />
  ) : null
  return { state, retry, host }
}
