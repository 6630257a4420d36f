import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { type BulkCheck, bulkCheckSchema, bulkSendSchema } from '../../../contract/bulk-sends.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { signatureRequestSchema } from '../../../contract/signature-requests.ts'
import {
  publicLinkSchema,
  type TemplateView,
  templatePageSchema,
  templateSchema,
  type UpdateTemplate,
} from '../../../contract/templates.ts'
import type { ApiClient } from '../../api/client.ts'

/** Cache keys of the templates; every change refreshes them all. */
const templateKeys = {
  all: ['templates'] as const,
  list: (title: string) => [...templateKeys.all, 'list', title] as const,
  one: (id: string) => [...templateKeys.all, 'one', id] as const,
}

/** GET /v3/templates: the caller's templates and those their business shares whose title holds `title`. */
export function getTemplatesQueryOptions(api: ApiClient, title: string) {
  return queryOptions({
    queryKey: templateKeys.list(title),
    queryFn: async ({ signal }) =>
      v.parse(
        templatePageSchema,
        await api.request(apiPaths.templates(), { query: { title: title || undefined, size: 100 }, signal }),
      ),
  })
}

/** GET /v3/templates/{id}. */
export function getTemplateQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: templateKeys.one(id),
    queryFn: async ({ signal }) =>
      v.parse(templateSchema, await api.request(apiPaths.template(id), { signal })),
    // Another's template, or one deleted, is a 404 that asking again will not change.
    retry: false,
  })
}

/** DELETE /v3/templates/{id}. */
export function useDeleteTemplate(api: ApiClient) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.request(apiPaths.template(id), { method: 'DELETE', retries: 0 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  })
}

/** PUT /v3/templates/{id}: the template editor's changes; the answer replaces the template in the cache. */
export function useUpdateTemplate(api: ApiClient, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: Partial<UpdateTemplate>) =>
      v.parse(templateSchema, await api.request(apiPaths.template(id), { method: 'PUT', body, retries: 0 })),
    onSuccess: (template: TemplateView) => {
      queryClient.setQueryData(templateKeys.one(id), template)
      return queryClient.invalidateQueries({ queryKey: [...templateKeys.all, 'list'] })
    },
  })
}

/** PUT /v3/templates/{id} `{ shared }`: an admin shares the template with the business, or takes it back. */
export function useShareTemplate(api: ApiClient) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, shared }: { id: string; shared: boolean }) =>
      v.parse(
        templateSchema,
        await api.request(apiPaths.template(id), { method: 'PUT', body: { shared }, retries: 0 }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  })
}

/** PUT/DELETE /v3/templates/{id}/public-link: switches the public link on (answering the new link) or off. */
export function useSwitchPublicLink(api: ApiClient) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, on }: { id: string; on: boolean }) => {
      if (!on) {
        await api.request(apiPaths.templatePublicLink(id), { method: 'DELETE', retries: 0 })
        return null
      }
      const answer = await api.request(apiPaths.templatePublicLink(id), { method: 'PUT', retries: 0 })
      return v.parse(publicLinkSchema, answer).url
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  })
}

/** A person named for a role, as the start form collects them. */
export type RolePerson = { role: string; email: string; firstName: string; lastName: string }

/** POST /v3/templates/{id}/signature-requests: a draft with a person for each role. */
export function useStartFromTemplate(api: ApiClient) {
  return useMutation({
    mutationFn: async ({
      id,
      people,
      prefill,
    }: {
      id: string
      people: readonly RolePerson[]
      /** Values of the roles' fields given now, by the template's field ids. */
      prefill: readonly { fieldId: string; value: string }[]
    }) =>
      v.parse(
        signatureRequestSchema,
        await api.request(apiPaths.templateSignatureRequests(id), {
          method: 'POST',
          retries: 0,
          body: {
            signers: people.map((person) => ({
              role: person.role,
              signerIdentityData: {
                emailAddress: person.email.trim(),
                firstName: person.firstName.trim() || undefined,
                lastName: person.lastName.trim() || undefined,
              },
            })),
            prefill,
          },
        }),
      ),
  })
}

/** POSTs `file` to `POST /v3/templates/{id}/bulk`: checked only, or sent. */
async function postBulkFile(api: ApiClient, id: string, file: File, send: boolean): Promise<unknown> {
  const body = new FormData()
  body.set('send', String(send))
  body.set('file', file, file.name)
  return api.request(apiPaths.templateBulk(id), { method: 'POST', body, retries: 0 })
}

/** The check of a bulk send's file: how many rows would be sent, and every refused cell. */
export async function checkBulkFile(api: ApiClient, id: string, file: File): Promise<BulkCheck> {
  return v.parse(bulkCheckSchema, await postBulkFile(api, id, file, false))
}

/** Sends a bulk send's file: answers the new bulk send's id. */
export async function sendBulkFile(api: ApiClient, id: string, file: File): Promise<string> {
  return v.parse(bulkSendSchema, await postBulkFile(api, id, file, true)).id
}

/** GET /v3/bulk-sends/{id}, asked again every 2 s while rows are queued. */
export function getBulkSendQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: [...templateKeys.all, 'bulk', id],
    queryFn: async ({ signal }) =>
      v.parse(bulkSendSchema, await api.request(apiPaths.bulkSend(id), { signal })),
    refetchInterval: (query) => (query.state.data?.finishedAt === null ? 2000 : false),
    retry: false,
  })
}
