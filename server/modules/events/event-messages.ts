/** The events module's French messages (public pages and mails). */
export const EVENTS_MESSAGES = {
  summary: 'Erreur de validation. Au moins un champ est incorrect.',
  required: 'Ce champ est obligatoire.',
  badEmail: 'Saisissez une adresse électronique valide.',
  consentRequired: 'Votre accord est nécessaire pour que nous enregistrions votre inscription.',
  alreadyRegistered: 'Cette adresse électronique est déjà inscrite à cet événement.',
  notYetOpen: 'Les inscriptions à cet événement ne sont pas encore ouvertes.',
  closed: 'Les inscriptions à cet événement sont closes.',
  cancelledLink: 'Cette inscription a été annulée : inscrivez-vous de nouveau depuis la page de l’événement.',
};
