import { productName } from '../../contract/app-config.ts'
import { mobileSigningLifetimeMs } from '../../contract/mobile-signing.ts'
import { type MailLocale, pickMailLocale } from '../mail/mail-locale.ts'

const minutes = mobileSigningLifetimeMs / 60_000

/** What a qualified signing's SMS names: one document by its title, or how many. */
type Signed = { title: string } | { count: number }

const signingTexts: Record<MailLocale, (password: string, signed: Signed) => string> = {
  'en-gb': (password, signed) =>
    `${productName}: your one-time password to sign ${'title' in signed ? `“${signed.title}”` : `${signed.count} documents`} with a qualified signature is ${password}. Valid ${minutes} minutes. Never share it.`,
  'de-ch': (password, signed) =>
    `${productName}: Ihr Einmalpasswort, um ${'title' in signed ? `«${signed.title}»` : `${signed.count} Dokumente`} qualifiziert zu unterschreiben, ist ${password}. ${minutes} Minuten gültig. Geben Sie es nie weiter.`,
  'fr-ch': (password, signed) =>
    `${productName} : votre mot de passe à usage unique pour signer ${'title' in signed ? `« ${signed.title} »` : `${signed.count} documents`} avec une signature qualifiée est ${password}. Valable ${minutes} minutes. Ne le communiquez jamais.`,
  it: (password, signed) =>
    `${productName}: la Sua password monouso per firmare ${'title' in signed ? `«${signed.title}»` : `${signed.count} documenti`} con una firma qualificata è ${password}. Valida ${minutes} minuti. Non la condivida mai.`,
}

const registrationTexts: Record<MailLocale, (password: string) => string> = {
  'en-gb': (password) =>
    `${productName}: your code to register this number for qualified signing is ${password}. Valid ${minutes} minutes.`,
  'de-ch': (password) =>
    `${productName}: Ihr Code, um diese Nummer für qualifizierte Signaturen zu registrieren, ist ${password}. ${minutes} Minuten gültig.`,
  'fr-ch': (password) =>
    `${productName} : votre code pour enregistrer ce numéro pour la signature qualifiée est ${password}. Valable ${minutes} minutes.`,
  it: (password) =>
    `${productName}: il Suo codice per registrare questo numero per la firma qualificata è ${password}. Valido ${minutes} minuti.`,
}

/** The SMS of a qualified signing in `language` (en-gb when unknown): the password and what it signs. */
export function signingSms(
  language: string | undefined,
  password: string,
  titles: readonly string[],
): string {
  const [title] = titles
  const signed = titles.length === 1 && title !== undefined ? { title } : { count: titles.length }
  return signingTexts[pickMailLocale(language)](password, signed)
}

/** The SMS that confirms a mobile number for qualified signing, in `language` (en-gb when unknown). */
export function registrationSms(language: string | undefined, password: string): string {
  return registrationTexts[pickMailLocale(language)](password)
}
