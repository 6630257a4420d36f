import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  type SurveyAnswer,
  type SurveyKind,
  surveyAnswerSchema,
  surveyPaths,
  surveysDueSchema,
} from '../../../contract/surveys.ts'
import type { ApiClient } from '../../api/client.ts'

/** GET /v1/user/surveys/due: the surveys the server says to ask now; asked afresh each time. */
export function getSurveysDueQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['surveys', 'due'],
    queryFn: async () => v.parse(surveysDueSchema, await api.request(surveyPaths.due())).due,
    staleTime: 0,
    retry: false,
  })
}

/** POST /v1/user/surveys/{kind}: the user's answer, or `score: null` for "Not now". */
export async function answerSurvey(api: ApiClient, kind: SurveyKind, answer: SurveyAnswer): Promise<void> {
  await api.request(surveyPaths.answer(kind), {
    method: 'POST',
    body: v.parse(surveyAnswerSchema(kind), answer),
    retries: 0,
  })
}
