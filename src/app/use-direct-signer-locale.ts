import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { accountPaths } from '../../contract/account-paths.ts'
import { directUserSchema } from '../../contract/direct.ts'
import { attributesCase } from '../../contract/user.ts'
import { selectDirectSign } from '../../machines/session/session.selectors.ts'
import { getDirectUserQueryOptions } from '../api/direct-user.ts'
import { activateLocale, pickedLocale } from '../i18n/i18n.ts'
import { directSignerLocale, directToken } from './direct-sign.ts'

/**
 * Speaks a direct-link signer's language (see {@link directSignerLocale}) once their session opens, and keeps
 * every language their page shows from then on as theirs (PUT /v1/direct/user `lang`): the server writes their
 * mails (the TAN, reminders, notices) in it.
 */
export function useDirectSignerLocale() {
  const { api, session } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const { i18n } = useLingui()
  const direct = useSelector(session, selectDirectSign)
  const linkLang = useRouterState({ select: (s) => (s.location.search as Record<string, unknown>).lang })
  const token = direct === null ? '' : directToken(direct)
  const user = useQuery({ ...getDirectUserQueryOptions(api, token), enabled: token !== '' }).data
  // The signature whose page language was settled: until then, the language shown is the app's first guess.
  const [settled, setSettled] = useState<string | null>(null)
  const signatureId = direct?.userId ?? null

  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is settled once per signer; the link's lang is read then
  useEffect(() => {
    if (user === undefined || signatureId === null || settled === signatureId) return
    const locale = directSignerLocale(linkLang, pickedLocale(), user, navigator.languages)
    if (!locale || locale === i18n.locale) {
      setSettled(signatureId)
      return
    }
    void activateLocale(locale).then(() => setSettled(signatureId))
  }, [user, signatureId])

  // Saves go one after the other, so the last language shown is the one kept, and each is asked for once.
  const saving = useRef<{ done: Promise<unknown>; locale: string | undefined }>({
    done: Promise.resolve(),
    locale: undefined,
  })
  useEffect(() => {
    if (user === undefined || settled === null || settled !== signatureId) return
    const keep = () => {
      const locale = i18n.locale
      if ((saving.current.locale ?? user.attributes.lang?.[0]) === locale) return
      const save = () =>
        api
          .request(accountPaths.directUser(token), {
            method: 'PUT',
            body: { attributes: { lang: [locale] } },
            caseOptions: attributesCase,
          })
          .then((answer) =>
            queryClient.setQueryData(
              getDirectUserQueryOptions(api, token).queryKey,
              v.parse(directUserSchema, answer),
            ),
          )
          // Not kept: the mails stay in the language kept before, until the next change of language.
          .catch(() => undefined)
      saving.current = { done: saving.current.done.then(save), locale }
    }
    keep()
    // Each change of language, as Lingui makes it (the header's switch included).
    return i18n.on('change', keep)
  }, [user, settled, signatureId, i18n, api, token, queryClient])
}
