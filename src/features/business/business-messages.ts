import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type ErrorCodeOf, errorMessage } from '../../api/error-messages.ts'

/** What the business calls' refusals mean to the user (texts of the business catalog, not of /login). */
const businessMessages: Record<
  ErrorCodeOf<'business' | 'billing' | 'api_user' | 'signer_group'>,
  MessageDescriptor
> &
  Record<string, MessageDescriptor> = {
  'business.not_found': msg`This business does not exist, or you are not part of it.`,
  'business.not_allowed': msg`Only the admins of your business can do this.`,
  'business.already_member': msg`You already belong to a business. Leave it first to join another.`,
  'business.last_admin': msg`A business needs at least one admin. Make someone else an admin first.`,
  'business.invitation_not_found': msg`This invitation is no longer waiting: it was accepted, declined or withdrawn.`,
  'business.domain_taken': msg`This domain belongs to another business.`,
  'business.domain_unknown': msg`A chosen domain is no longer one of your business's domains. Please reload the page.`,
  'business.logo_invalid': msg`The logo must be a PNG, JPEG or SVG image of at most 1 MB.`,
  'business.delete_failed': msg`The business could not be deleted just now. Please try again.`,
  'business.revoke_delete_failed': msg`The deletion could not be taken back just now. Please try again.`,
  'billing.plan_unavailable': msg`This plan cannot be chosen here.`,
  'billing.currency_fixed': msg`Your business pays in the currency of its first payment; prices stay in it.`,
  'billing.seats_out_of_range': msg`This plan does not fit the number of people in your business.`,
  'billing.code_unknown': msg`This code is not known.`,
  'billing.code_not_applicable': msg`This code has expired or is not for this plan.`,
  'billing.vat_required': msg`A business in the EU needs its VAT number on its invoices: please add it to the billing address first.`,
  'billing.country_required': msg`Please choose the country of the billing address first: the price depends on it.`,
  'billing.payment_method_missing': msg`Please enter a card or an IBAN first.`,
  'billing.card_declined': msg`The payment was declined. Please use another card or account; nothing was charged.`,
  'billing.preview_stale': msg`The price shown is out of date. Please look at it again before you confirm.`,
  'billing.unavailable': msg`Payments are not available on this server.`,
  'billing.webhook_invalid': msg`The payment provider's message could not be verified and was ignored.`,
  'billing.invoice_not_found': msg`This invoice does not exist.`,
  'business.upgrade_failed': msg`The plan could not be bought just now. Nothing was charged; please try again.`,
  'business.seats_change_failed': msg`The seats could not be changed just now. Please try again.`,
  'business.plan_change_failed': msg`The plan could not be changed just now. Nothing was charged; please try again.`,
  'business.cancel_trial_failed': msg`The trial could not be ended just now. Please try again.`,
  'business.cancel_subscription_failed': msg`The subscription could not be cancelled just now. Please try again.`,
  'business.reactivate_subscription_failed': msg`The subscription could not be kept just now. Please try again.`,
  'business.free_downgrade_failed': msg`The business could not be moved to the free plan just now. Please try again.`,
  'api_user.username_taken': msg`This username is taken. Please choose another.`,
  'api_user.read_only': msg`This API key can only read. Use a key that may also write to make changes.`,
  'api_user.not_found': msg`This API user no longer exists. Please reload the page.`,
  'signer_group.not_found': msg`This group no longer exists. Please reload the page.`,
  'signer_group.name_taken': msg`Another group already has this name. Please choose another.`,
  'signer_group.in_use': msg`A request is waiting for this group's signature. Delete the group once it is signed or withdrawn.`,
  'business.transition_refused': msg`This is not possible for your business just now. Please reload the page.`,
  'global.error.generic_support': msg`Something went wrong. Please try again, or contact our support if it keeps happening.`,
}

/** The message for an error code of a business call, or the app's own for other codes. */
export function businessErrorMessage(code: string | undefined): MessageDescriptor {
  return (code && businessMessages[code]) || errorMessage(code)
}
