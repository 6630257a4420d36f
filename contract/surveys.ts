import * as v from 'valibot'

/** The satisfaction surveys of SPEC §2: `relationship` (General dialog) and `transactional` (Business dialog). */
export const surveyKinds = ['relationship', 'transactional'] as const

/** One of {@link surveyKinds}. */
export type SurveyKind = (typeof surveyKinds)[number]

/** The lowest and highest score of each survey: 0–10 how likely to recommend, 1–5 how easy signing was. */
export const surveyScales = {
  relationship: { min: 0, max: 10 },
  transactional: { min: 1, max: 5 },
} as const satisfies Record<SurveyKind, { min: number; max: number }>

/** The longest comment an answer keeps. */
export const surveyCommentMaxLength = 1000

/** The survey calls: our extension, not in SPEC §7; apart from `apiPaths`, which /login loads. */
export const surveyPaths = {
  /** `GET`: which surveys the signed-in user is to be asked now. */
  due: () => '/v1/user/surveys/due',
  /** `POST`: the user's answer to a survey that is due, or that they chose not to answer now. */
  answer: (kind: SurveyKind) => `/v1/user/surveys/${kind}`,
} as const

/** Answer of `GET /v1/user/surveys/due`: the surveys due now, by the server's clock. */
export const surveysDueSchema = v.object({
  due: v.array(v.picklist(surveyKinds)),
})
export type SurveysDue = v.InferOutput<typeof surveysDueSchema>

/** Body of `POST /v1/user/surveys/{kind}`: a score on the survey's scale, or null for "Not now". */
export function surveyAnswerSchema(kind: SurveyKind) {
  const { min, max } = surveyScales[kind]
  return v.object({
    score: v.nullable(
      v.pipe(
        v.number(),
        v.integer('A whole number'),
        v.minValue(min, `At least ${min}`),
        v.maxValue(max, `At most ${max}`),
      ),
    ),
    comment: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(surveyCommentMaxLength, `At most ${surveyCommentMaxLength} characters`),
      ),
    ),
  })
}
export type SurveyAnswer = v.InferInput<ReturnType<typeof surveyAnswerSchema>>
