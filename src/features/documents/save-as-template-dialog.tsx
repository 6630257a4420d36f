import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import type { SaveAsTemplate } from '../../../contract/templates.ts'
import { BusyButton } from '../../ui/button/busy-button.tsx'
import { Button } from '../../ui/button/button.tsx'
import type { DialogContentProps } from '../../ui/dialog/define-dialog.ts'
import { DialogFrame } from '../../ui/dialog/dialog-frame.tsx'
import { formMessages } from '../../ui/form/form-messages.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { ErrorAlert } from './dialog-error-alert.tsx'

/** Props of the save-as-template dialog: the request's title and its signers in signing order. */
export interface SaveAsTemplateProps {
  title: string
  signers: { id: string; label: string }[]
}

/** What the dialog submits: the template's title and a role name for each signer. */
export type SaveAsTemplateValue = Required<Pick<SaveAsTemplate, 'title' | 'roles'>>

/**
 * Issue 41 §1: saves the request as a template, asking its title and a role for each signer ("Employee",
 * "HR"); each role name once.
 */
export function SaveAsTemplateDialog({
  props,
  loading,
  error,
  submit,
  close,
}: DialogContentProps<SaveAsTemplateProps, SaveAsTemplateValue>) {
  const { t, i18n } = useLingui()
  const [title, setTitle] = useState(props.title)
  const [names, setNames] = useState(props.signers.map((_, index) => t`Signer ${index + 1}`))
  const [checked, setChecked] = useState(false)
  // What is wrong with a role's name: empty, or the name of an earlier role (the server takes each once).
  const nameProblem = (name: string, index: number) =>
    name.trim() === ''
      ? i18n._(formMessages.required)
      : names.findIndex((other) => other.trim().toLowerCase() === name.trim().toLowerCase()) !== index
        ? t`Each role needs its own name.`
        : undefined
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (title.trim() === '' || names.some((name, index) => nameProblem(name, index) !== undefined)) return
    submit({
      title: title.trim(),
      roles: props.signers.map((signer, index) => ({
        signatureId: signer.id,
        name: names[index]?.trim() ?? '',
      })),
    })
  }
  return (
    <DialogFrame
      onSubmit={onSubmit}
      title={<Trans>Save as template</Trans>}
      description={
        <Trans>
          The template keeps the documents, fields, message, standard, order, reminders and expiry. Name the
          role each signer stands for.
        </Trans>
      }
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={loading}>
            <Trans>Cancel</Trans>
          </Button>
          <BusyButton type="submit" busy={loading}>
            <Trans>Save template</Trans>
          </BusyButton>
        </>
      }
    >
      <ErrorAlert error={error} />
      <TextField
        label={<Trans>Template name</Trans>}
        value={title}
        maxLength={200}
        onChange={(event) => setTitle(event.target.value)}
        error={checked && title.trim() === '' ? i18n._(formMessages.required) : undefined}
        disabled={loading}
      />
      {props.signers.map((signer, index) => {
        const label = signer.label
        return (
          <TextField
            key={signer.id}
            label={<Trans>Role of {label}</Trans>}
            value={names[index] ?? ''}
            maxLength={100}
            onChange={(event) =>
              setNames(names.map((name, at) => (at === index ? event.target.value : name)))
            }
            error={checked ? nameProblem(names[index] ?? '', index) : undefined}
            disabled={loading}
          />
        )
      })}
    </DialogFrame>
  )
}
