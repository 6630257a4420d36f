import { productName } from '../../contract/app-config.ts'
import type { MailTemplate } from './render-mail.ts'

/** Values of {@link trialEndedMail}. */
export type TrialEndedValues = {
  business: string
  /** The billing page, where a plan and a payment method are chosen. */
  link: string
}

/** Tells every admin that the business's trial is over and what that means until they pay. */
export const trialEndedMail: MailTemplate<TrialEndedValues> = {
  'en-gb': ({ business, link }) => ({
    subject: `The ${productName} trial of ${business} has ended`,
    paragraphs: [
      'Hello,',
      `the free trial of ${business} has ended. Until an admin chooses a plan and adds a payment method, your members sign with their own free signatures and the business pages wait on the members page.`,
    ],
    action: { label: 'Choose a plan', url: link },
  }),
  'de-ch': ({ business, link }) => ({
    subject: `Die ${productName}-Testphase von ${business} ist abgelaufen`,
    paragraphs: [
      'Guten Tag',
      `die kostenlose Testphase von ${business} ist abgelaufen. Bis ein Admin einen Plan wählt und ein Zahlungsmittel hinterlegt, unterschreiben Ihre Mitglieder mit ihren eigenen Gratis-Unterschriften, und die Unternehmensseiten warten auf der Mitgliederseite.`,
    ],
    action: { label: 'Plan wählen', url: link },
  }),
  'fr-ch': ({ business, link }) => ({
    subject: `L’essai ${productName} de ${business} est terminé`,
    paragraphs: [
      'Bonjour,',
      `l’essai gratuit de ${business} est terminé. Tant qu’un administrateur n’a pas choisi de formule ni ajouté de moyen de paiement, vos membres signent avec leurs propres signatures gratuites et les pages de l’entreprise attendent sur la page des membres.`,
    ],
    action: { label: 'Choisir une formule', url: link },
  }),
  it: ({ business, link }) => ({
    subject: `La prova ${productName} di ${business} è terminata`,
    paragraphs: [
      'Buongiorno,',
      `la prova gratuita di ${business} è terminata. Finché un amministratore non sceglie un piano e non aggiunge un metodo di pagamento, i Suoi membri firmano con le proprie firme gratuite e le pagine aziendali attendono sulla pagina dei membri.`,
    ],
    action: { label: 'Scegli un piano', url: link },
  }),
}
