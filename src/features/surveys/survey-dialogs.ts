import { loadMessages } from '../../i18n/i18n.ts'
import { defineDialog } from '../../ui/dialog/define-dialog.ts'
import type { SurveyProps, SurveyValue } from './survey-dialog.tsx'

// The dialog and its words come together, at the first opening: no screen carries them before.
const content = () =>
  Promise.all([import('./survey-dialog.tsx'), loadMessages('surveys')]).then(([m]) => m.SurveyDialog)

/** The satisfaction surveys of SPEC §2, each submitting its score and comment. */
export const surveyDialogs = {
  relationship: defineDialog<SurveyProps, SurveyValue>()({
    name: 'relationshipSurvey',
    namespace: 'general',
    load: content,
  }),
  transactional: defineDialog<SurveyProps, SurveyValue>()({
    name: 'transactionalSurvey',
    namespace: 'business',
    load: content,
  }),
}
