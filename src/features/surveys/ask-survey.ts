import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { SurveyKind } from '../../../contract/surveys.ts'
import type { ApiClient } from '../../api/client.ts'
import type { UiActors } from '../../app/ui-actors.ts'
import { openDialog } from '../../ui/dialog/open-dialog.tsx'
import { showSnackbar } from '../../ui/snackbar/show-snackbar.ts'
import { answerSurvey, getSurveysDueQueryOptions } from './survey-calls.ts'
import { surveyDialogs } from './survey-dialogs.ts'

/** What asking a survey needs of the app. */
export interface SurveyContext {
  api: ApiClient
  queryClient: QueryClient
  ui: UiActors
}

/**
 * Asks the survey `kind` if the server says it is due: the answer is sent from the dialog; closing it without
 * one ("Not now", Escape, leaving the page) is sent as no score, so it counts as asked. A failed check asks
 * nothing, and neither does a call whose `signal` was aborted meanwhile (its screen has gone).
 */
export async function askSurveyIfDue(
  { api, queryClient, ui }: SurveyContext,
  kind: SurveyKind,
  signal?: AbortSignal,
): Promise<void> {
  const due = await queryClient.fetchQuery(getSurveysDueQueryOptions(api)).catch((): SurveyKind[] => [])
  // Nor does it take the place of a question the user is answering (the general terms, say).
  const busy =
    ui.dialogs.getSnapshot().context.dialog !== null || ui.overlays.getSnapshot().context.dialog !== null
  if (!due.includes(kind) || busy || signal?.aborted) return
  const answered = await openDialog(ui, surveyDialogs[kind], {
    props: { kind },
    action: async ({ value }) => {
      await answerSurvey(api, kind, { score: value.score, comment: value.comment || undefined })
    },
  })
  if (answered) showSnackbar(ui.snackbars, { message: msg`Thank you for your answer`, color: 'success' })
  else await answerSurvey(api, kind, { score: null }).catch(() => undefined)
  queryClient.removeQueries({ queryKey: getSurveysDueQueryOptions(api).queryKey })
}

/** Asks the relationship survey once when the screen that calls it (the dashboard) opens, if it is due. */
export function useRelationshipSurvey(context: SurveyContext) {
  const { api, queryClient, ui } = context
  useEffect(() => {
    const gone = new AbortController()
    void askSurveyIfDue({ api, queryClient, ui }, 'relationship', gone.signal)
    return () => gone.abort()
  }, [api, queryClient, ui])
}
