import { useQueryClient } from '@tanstack/react-query'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { type Actor, createActor, fromPromise } from 'xstate'
import { documentSchema } from '../../../contract/documents.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { selectToken } from '../../../machines/session/session.selectors.ts'
import { uploadMachine } from '../../../machines/upload/upload.machine.ts'
import type {
  DiscardInput,
  DocumentInput,
  DraftInput,
  RemoveInput,
  SendInput,
  UploadDraft,
  UploadInput,
} from '../../../machines/upload/upload.types.ts'
import { ApiError } from '../../api/client.ts'
import { inspect } from '../../lib/inspect.ts'
import {
  createDraft,
  deleteRequest,
  initiateRequest,
  removeDocuments,
  updateRequest,
} from './signature-request-calls.ts'
import './request-sent.ts'
import { getSignatureRequestQueryOptions, signatureRequestKeys } from './signature-request-query.ts'
import { titleFromFileName } from './title-from-file-name.ts'
import { uploadFile } from './upload-file.ts'

/** The running upload machine of /upload. */
export type UploadActor = Actor<typeof uploadMachine>

/**
 * Runs the upload machine (machines/upload) for /upload with the real calls: the draft, each file's
 * upload with its progress, sending, and discarding an empty draft. Undefined until it has started, which
 * is once `input` is known (undefined while the draft of the URL loads). When the screen goes the machine
 * is told to leave, and runs on by itself until a draft that was being made has been discarded.
 */
export function useUpload(input: UploadInput | undefined): UploadActor | undefined {
  const { api, session } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const router = useRouter()
  const [actor, setActor] = useState<UploadActor>()
  useEffect(() => {
    const machine = uploadMachine.provide({
      actors: {
        createDraft: fromPromise<UploadDraft, DraftInput>(async ({ input }) => {
          const request = await createDraft(api, { title: titleFromFileName(input.fileName) })
          return { id: request.id, title: request.title }
        }),
        uploadDocument: fromPromise<string, DocumentInput>(async ({ input, signal }) => {
          const token = selectToken(session.getSnapshot())
          try {
            const answer = await uploadFile(apiPaths.signatureRequestDocuments(input.requestId), input.file, {
              authorization: token ? `Bearer ${token}` : undefined,
              onProgress: (progress) => started.send({ type: 'upload.progress', progress }),
              signal,
            })
            return v.parse(documentSchema, answer).id
          } catch (failure) {
            // The upload goes around the API client, so its 401 is handled here as the client would.
            if (failure instanceof ApiError && failure.status === 401) {
              session.send({ type: 'session.unauthorized', path: window.location.pathname })
            }
            throw failure
          }
        }),
        removeDocument: fromPromise<void, RemoveInput>(async ({ input }) => {
          await removeDocuments(api, input.requestId, [input.documentId])
        }),
        sendRequest: fromPromise<void, SendInput>(async ({ input }) => {
          await updateRequest(api, input.requestId, { title: input.title, message: input.message })
          const initiated = await initiateRequest(api, input.requestId)
          queryClient.setQueryData(getSignatureRequestQueryOptions(api, input.requestId).queryKey, initiated)
          await queryClient.invalidateQueries({ queryKey: signatureRequestKeys.lists() })
        }),
        // The server has the last word on whether the draft is empty (an upload cut off by leaving may have landed).
        discardDraft: fromPromise<void, DiscardInput>(async ({ input }) => {
          const current = await queryClient.fetchQuery({
            ...getSignatureRequestQueryOptions(api, input.requestId),
            staleTime: 0,
          })
          if (current.documents.length === 0) await deleteRequest(api, input.requestId)
        }),
      },
      actions: {
        // A first fetch of the draft may be under way from before the change, and would answer the old
        // documents; it is cancelled so that the draft is read again after the change.
        documentAdded: (_, { requestId }) => {
          const queryKey = signatureRequestKeys.detail(requestId)
          void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }))
        },
        // The request's page says that it was sent, and takes the focus there.
        showRequest: (_, { requestId }) =>
          void router.navigate({
            to: '/view/$srid',
            params: { srid: requestId },
            state: (state) => ({ ...state, sentRequest: requestId }),
          }),
      },
    })
    if (input === undefined) return
    const started = createActor(machine, { input, inspect }).start()
    setActor(started)
    return () => {
      if (started.getSnapshot().status === 'active') started.send({ type: 'upload.leave' })
    }
  }, [api, queryClient, router, session, input])
  return actor
}
