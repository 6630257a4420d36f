import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { accountPaths } from '../../contract/account-paths.ts'
import { attributesCase } from '../../contract/user.ts'
import { selectToken } from '../../machines/session/session.selectors.ts'
import { getUserQueryOptions, userAttribute } from '../api/user.ts'
import { activateLocale, takePickedLocale } from '../i18n/i18n.ts'
import { resolveLocale } from '../i18n/locales.ts'

/**
 * Keeps the app's language and the signed-in user's `lang` attribute (SPEC §3) together: after
 * sign-in the app speaks the user's language, or the one they picked before signing in, which is saved to
 * the account like any language they pick while signed in.
 */
export function useUserLocale() {
  const { api, session } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const { i18n } = useLingui()
  const signedIn = useSelector(session, (s) => selectToken(s) !== null)
  const user = useQuery({ ...getUserQueryOptions(api), enabled: signedIn }).data
  const saved = signedIn ? userAttribute(user, 'lang') : undefined
  const userId = user?.id
  // The language last seen, and one taken from the account (which needs no saving back).
  const previous = useRef(i18n.locale)
  const adopted = useRef<string | null>(null)

  // Saves run one after the other: two quick picks must reach the server in the order they were made.
  const saving = useRef<Promise<unknown>>(Promise.resolve())
  const save = (locale: string) => {
    saving.current = saving.current.then(() =>
      api
        .request(accountPaths.user(), {
          method: 'PUT',
          body: { attributes: { lang: [locale] } },
          caseOptions: attributesCase,
        })
        .then(() => queryClient.invalidateQueries({ queryKey: getUserQueryOptions(api).queryKey }))
        .catch(() => undefined),
    )
  }

  // A user who signs in brings their language, unless they picked one in this tab before: that one stays,
  // and goes to their account.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new user brings their language
  useEffect(() => {
    if (!userId) return
    const picked = takePickedLocale()
    if (picked === i18n.locale) {
      if (saved !== picked) save(picked)
      return
    }
    const locale = resolveLocale(saved)
    if (!locale || locale === i18n.locale) return
    adopted.current = locale
    void activateLocale(locale)
  }, [userId])

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of language is saved
  useEffect(() => {
    if (previous.current === i18n.locale) return
    previous.current = i18n.locale
    if (adopted.current === i18n.locale) {
      adopted.current = null
      return
    }
    if (!userId || saved === i18n.locale) return
    save(i18n.locale)
  }, [i18n.locale])
}
