import { queryOptions, useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useDeferredValue } from 'react'
import * as v from 'valibot'
import { apiPaths } from '../../../contract/paths.ts'
import { emailAutocompleteAnswerSchema } from '../../../contract/user.ts'
import type { ApiClient } from '../../api/client.ts'

/** Addresses the user has worked with that start with `input` (GET /v1/email_input_autocomplete). */
function getEmailSuggestionsQueryOptions(api: ApiClient, input: string) {
  return queryOptions({
    queryKey: ['email-autocomplete', input],
    queryFn: async ({ signal }): Promise<string[]> =>
      v.parse(
        emailAutocompleteAnswerSchema,
        await api.request(apiPaths.emailAutocomplete(), { query: { input }, signal, retries: 0 }),
      ).emails,
    staleTime: 60_000,
  })
}

/** Suggestions for what is typed in an e-mail field, asked for once typing pauses; none for an empty field. */
export function useEmailSuggestions(input: string): string[] {
  const { api } = useRouteContext({ from: '__root__' })
  const typed = useDeferredValue(input.trim().toLowerCase())
  const { data } = useQuery({
    ...getEmailSuggestionsQueryOptions(api, typed),
    enabled: typed.length > 0,
    placeholderData: (previous) => previous,
  })
  return data ?? []
}
