import { FieldLabel, FieldRoot, FieldTextarea } from '@ark-ui/react/field'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useState } from 'react'
import { productName } from '../../../contract/app-config.ts'
import { type SurveyKind, surveyCommentMaxLength, surveyScales } from '../../../contract/surveys.ts'
import { errorCode } from '../../api/error-messages.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import formStyles from '../../ui/form/form.module.css'
import { FormAlert } from '../../ui/form/form-alert.tsx'
import { surveyErrorMessage } from './survey-messages.ts'
import styles from './surveys.module.css'

/** What a survey dialog is opened with. */
export interface SurveyProps {
  kind: SurveyKind
}

/** What a survey dialog submits: the chosen score and the comment (empty when none). */
export interface SurveyValue {
  score: number
  comment: string
}

/**
 * SPEC §2 satisfaction surveys: the relationship survey (General: how likely to recommend us, 0–10) and the
 * transactional one (Business: how easy signing was, 1–5), each a score on a radio group and an optional
 * comment. "Not now" closes it; the opener records either.
 */
export function SurveyDialog({
  props: { kind },
  loading,
  error,
  submit,
  close,
}: DialogContentProps<SurveyProps, SurveyValue>) {
  const { t, i18n } = useLingui()
  const product = productName
  const [score, setScore] = useState<number | null>(null)
  const [comment, setComment] = useState('')
  const [missing, setMissing] = useState(false)
  const groupId = useId()
  const { min, max } = surveyScales[kind]
  const scores = Array.from({ length: max - min + 1 }, (_, index) => min + index)
  const relationship = kind === 'relationship'
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (score === null) setMissing(true)
    else submit({ score, comment })
  }
  return (
    <DialogFrame
      onSubmit={onSubmit}
      title={relationship ? <Trans>Help us improve {product}</Trans> : <Trans>How did signing go?</Trans>}
      description={<Trans>Two questions, a few seconds. Your answer stays with us.</Trans>}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Not now</Trans>
          </Button>
          <BusyButton type="submit" busy={loading}>
            <Trans>Send answer</Trans>
          </BusyButton>
        </>
      }
    >
      {error ? <FormAlert>{i18n._(surveyErrorMessage(errorCode(error)))}</FormAlert> : null}
      <fieldset
        className={styles.scale}
        aria-describedby={missing ? `${groupId}-error` : `${groupId}-ends`}
        aria-invalid={missing || undefined}
        disabled={loading}
      >
        <legend className={formStyles.label}>
          {relationship ? (
            <Trans>How likely are you to recommend {product} to a colleague?</Trans>
          ) : (
            <Trans>How easy was it to sign this document?</Trans>
          )}
        </legend>
        <div className={styles.scores} data-count={scores.length}>
          {scores.map((value) => (
            <label key={value} className={styles.score}>
              <input
                type="radio"
                name={`${groupId}-score`}
                value={value}
                checked={score === value}
                onChange={() => {
                  setScore(value)
                  setMissing(false)
                }}
              />
              <span>{value}</span>
            </label>
          ))}
        </div>
        <p id={`${groupId}-ends`} className={styles.ends}>
          <span>
            {min} = {relationship ? t`Not at all likely` : t`Very hard`}
          </span>
          <span>
            {max} = {relationship ? t`Extremely likely` : t`Very easy`}
          </span>
        </p>
        {missing ? (
          <p id={`${groupId}-error`} className={formStyles.error} role="alert">
            <Trans>Please choose a score.</Trans>
          </p>
        ) : null}
      </fieldset>
      <FieldRoot className={formStyles.field} disabled={loading}>
        <FieldLabel className={formStyles.label}>
          <Trans>Anything you would like to tell us? (optional)</Trans>
        </FieldLabel>
        <FieldTextarea
          className={`${formStyles.input} ${styles.comment}`}
          name="comment"
          rows={3}
          maxLength={surveyCommentMaxLength}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </FieldRoot>
    </DialogFrame>
  )
}
