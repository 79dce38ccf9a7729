/**
 * What visitors and advisors read when a booking call refuses: the contract's texts
 * (/work/booking-api-contract.md), kept together so that the screens and the tests quote one source.
 */
export const BOOKING_MESSAGES = {
  noService: "Il n'y a pas de service proposé actuellement pour cette commune.",
  placeNotFound: 'Lieu non trouvé.',
  appointmentNotFound: 'Rendez-vous introuvable.',
  notAvailable: "Ce créneau n'est plus disponible, merci d'en choisir un autre.",
  holdExpired: 'La réservation temporaire du rendez-vous est expirée.',
  tooManyHolds:
    'Des horaires sont déjà réservés temporairement depuis votre connexion : confirmez ou libérez l’un d’eux, ' +
    'ou réessayez dans quelques minutes.',
  past: 'Ce rendez-vous est passé, il ne peut plus être modifié.',
  alreadyCancelled: 'Ce rendez-vous est déjà annulé.',
  signInToConfirm: 'Connectez-vous pour confirmer cette réservation.',
  cancelledCannotChange: 'Ce rendez-vous est annulé, il ne peut plus être modifié.',
  clientsOnly: 'Seul un compte particulier peut réserver un rendez-vous en ligne.',
  staffOnly: 'Seule l’équipe de la structure du créneau peut prendre ce rendez-vous.',
  required: 'Ce champ est obligatoire.',
  unknownReason: "Ce motif de rendez-vous n'existe pas ou n'est plus proposé.",
  unknownPlace: "Ce lieu n'existe pas ou n'est plus actif.",
  unknownAdvisor: "Ce conseiller n'existe pas ou n'est plus actif.",
  unknownSlot: "Ce créneau n'existe pas ou n'est plus proposé.",
  unknownClient: "Ce client n'existe pas.",
  badInsee: 'Code INSEE de commune invalide (5 caractères, par exemple 38185).',
  badDate: 'Date invalide : utilisez le format AAAA-MM-JJ ou une date et heure ISO.',
  badStart: 'Horaire invalide : choisissez un des horaires proposés.',
  endBeforeStart: 'La date de fin doit être postérieure à la date de début.',
  rangeTooLong: 'La période demandée ne peut pas dépasser 62 jours.',
  tooLong: 'Ce texte est trop long (au plus {max} caractères).',
  notAnObject: 'Les réponses au questionnaire doivent être un objet.',
  formInvalid: 'Le questionnaire du motif est invalide : {detail}',
  advisorWithoutCalendar: 'Ce créneau ne propose pas de choisir son conseiller.',
  notText: 'Ce champ doit être un texte.',
  summary: 'Erreur de validation. Au moins un champ est incorrect.',
} as const;
