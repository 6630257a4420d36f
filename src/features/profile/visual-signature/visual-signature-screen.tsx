import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouteContext } from '@tanstack/react-router'
import type { User, VisualSignaturePermissions } from '../../../../contract/user.ts'
import type { VisualSignature } from '../../../../contract/visual-signatures.ts'
import { errorCode } from '../../../api/error-messages.ts'
import { useUser } from '../../../api/user.ts'
import {
  deleteVisualSignature,
  refreshVisualSignatures,
  saveVisualSignature,
  uploadVisualSignatureImage,
  visualSignatureImageQueryOptions,
  visualSignaturesQueryOptions,
} from '../../../api/visual-signatures.ts'
import { Button } from '../../../ui/button/button.tsx'
import { openDialog } from '../../../ui/dialog/open-dialog.tsx'
import { useObjectUrl } from '../../../ui/file/use-object-url.ts'
import { FormAlert } from '../../../ui/form/form-alert.tsx'
import { showSnackbar } from '../../../ui/snackbar/show-snackbar.ts'
import profile from '../profile.module.css'
import type { EditSignatureProps } from './edit-signature-overlay.tsx'
import styles from './visual-signature.module.css'
import { visualSignatureDialogs } from './visual-signature-dialogs.ts'
import { visualSignatureErrorMessage } from './visual-signature-messages.ts'

/** The stored image of one signature, as signing draws it. */
function SignatureImage({ signature }: { signature: VisualSignature }) {
  const { t } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const { data } = useQuery(visualSignatureImageQueryOptions(api, signature.id ?? '', signature.version))
  const url = useObjectUrl(data)
  return url ? (
    <img className={styles.image} src={url} alt={t`Signature ${signature.alias || signature.name}`} />
  ) : (
    <div className={styles.image} />
  )
}

const free = { canUpdate: true, defaultValue: true }

/** The user's visual signature permissions; every flag free until the user is read. */
function visualSignaturePermissionsOf(user: User | undefined): VisualSignaturePermissions {
  return user?.permissions.visualSignatures ?? { claim: free, date: free, std: free }
}

/** /profile/visual-signature: the user's visual signatures, the default marked; add, edit, delete. */
export function VisualSignatureScreen() {
  const { i18n } = useLingui()
  const { api, ui } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const { data: user } = useUser(api)
  const { data: signatures, error } = useQuery(visualSignaturesQueryOptions(api))

  const edit = (signature: VisualSignature | null) => {
    const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.email || ''
    const props: EditSignatureProps = { signature, name, permissions: visualSignaturePermissionsOf(user) }
    void openDialog(ui, visualSignatureDialogs.editSignature, {
      props,
      action: async ({ value: edited }) => {
        if (edited === 'cancel') return 'complete'
        const saved = await saveVisualSignature(api, signature?.id ?? null, edited.body)
        if (edited.image && saved.id) await uploadVisualSignatureImage(api, saved.id, edited.image)
        await refreshVisualSignatures(queryClient)
        showSnackbar(ui.snackbars, { message: msg`Signature saved`, color: 'success' })
        return 'complete'
      },
    })
  }
  const remove = (signature: VisualSignature) =>
    openDialog(ui, visualSignatureDialogs.deleteSignature, {
      props: { label: signature.alias || signature.name },
      action: async () => {
        await deleteVisualSignature(api, signature.id ?? '')
        await refreshVisualSignatures(queryClient)
        showSnackbar(ui.snackbars, { message: msg`Signature deleted`, color: 'success' })
      },
    })

  return (
    <div className={profile.page}>
      <Link to="/profile" className={profile.back}>
        <Trans>Back to your profile</Trans>
      </Link>
      <header className={profile.header}>
        <h1>
          <Trans>Visual signature</Trans>
        </h1>
        <p className={profile.lead}>
          <Trans>How your signature looks on a document: name, company, location, date and image.</Trans>
        </p>
      </header>
      <div className={styles.actions}>
        <Button onClick={() => edit(null)}>
          <Trans>New signature</Trans>
        </Button>
      </div>
      {error ? <FormAlert>{i18n._(visualSignatureErrorMessage(errorCode(error)))}</FormAlert> : null}
      {signatures?.length === 0 ? (
        <p className={styles.empty}>
          <Trans>You have no signature yet: documents show your name until you make one.</Trans>
        </p>
      ) : null}
      <ul className={styles.list}>
        {signatures?.map((signature) => (
          <li key={signature.id} className={styles.item}>
            <div className={styles.itemHeader}>
              <h2>{signature.alias || signature.name}</h2>
              {signature.isDefault ? (
                <span className={styles.badge}>
                  <Trans>Default</Trans>
                </span>
              ) : null}
            </div>
            <SignatureImage signature={signature} />
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => edit(signature)}>
                <Trans>Edit</Trans>
              </Button>
              <Button variant="secondary" onClick={() => remove(signature)}>
                <Trans>Delete</Trans>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
