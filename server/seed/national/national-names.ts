// Fictitious French names for the national data set: short lists, so that common names repeat as
// they do in a real file (about 1 % of the people are « Martin »), and searches find many rows.

export const FIRST_NAMES = (
  'Jean Marie Pierre Michel André Philippe Alain Bernard Jacques Daniel Nicolas Christophe Patrick Stéphane ' +
  'Julien Laurent Frédéric Éric Sébastien David Thomas Olivier François Pascal Vincent Antoine Hugo Lucas Léo ' +
  'Nathalie Isabelle Sylvie Catherine Françoise Christine Monique Valérie Sandrine Sophie Hélène Claire Camille ' +
  'Élodie Céline Aurélie Julie Léa Chloé Manon Emma Inès Zoé Anaïs Maëlle Noémie Agnès Brigitte Josiane Gaëlle'
).split(' ');

export const LAST_NAMES = (
  'Martin Bernard Thomas Petit Robert Richard Durand Dubois Moreau Laurent Simon Michel Lefebvre Leroy Roux ' +
  'David Bertrand Morel Fournier Girard Bonnet Dupont Lambert Fontaine Rousseau Vincent Muller Lefèvre Faure ' +
  'André Mercier Blanc Guérin Boyer Garnier Chevalier François Legrand Gauthier Garcia Perrin Robin Clément ' +
  'Morin Nicolas Henry Roussel Mathieu Gautier Masson Marchand Duval Denis Dumont Marie Lemaire Noël Meyer ' +
  'Dufour Meunier Brun Blanchard Giraud Joly Rivière Lucas Brunet Gaillard Barbier Arnaud Martinez Gérard ' +
  'Roche Renard Schmitt Roy Leroux Colin Vidal Caron Picard Roger Fabre Aubert Lemoine Renaud Dumas Lacroix ' +
  'Olivier Philippe Bourgeois Pierre Benoît Rey Leclerc Payet Rolland Leclercq Guillaume Lecomte Lopez Jean ' +
  'Dupuis Guillot Hubert Berger Carpentier Sanchez Moulin Louis Deschamps Huet Vasseur Perez Boucher'
).split(' ');

export const STREETS = [
  'rue de la Paix',
  'avenue Jean Jaurès',
  'place du Marché',
  'chemin des Écoles',
  'rue Hélène Boucher',
  'boulevard Gambetta',
  'rue Victor Hugo',
  'allée des Tilleuls',
  'impasse des Lilas',
  'route de la Gare',
];

export const ORGANISATION_WORDS = ['Syndic', 'Copropriété', 'Mairie', 'Agence', 'Cabinet', 'Association', 'SCI'];

export const TAG_NAMES = [
  'Propriétaire occupant',
  'Bailleur',
  'Copropriété',
  'Précarité énergétique',
  'Audit réalisé',
  'Travaux en cours',
  'Élu',
  'Prescripteur',
  'Salon de l’habitat',
  'Relance',
];

export const PRO_WORDS = ['Rénovation', 'Isolation', 'Thermique', 'Menuiseries', 'Chauffage', 'Habitat', 'Énergie'];

export const NOTE_TEXTS = [
  'Premier appel : projet d’isolation des combles, devis en attente.',
  'Rendez-vous conseil réalisé, dossier d’aides à compléter.',
  'Relance envoyée par courriel, pas de réponse pour le moment.',
  'Audit énergétique reçu, scénario en deux étapes proposé.',
  'Travaux terminés, visite de fin de chantier à planifier.',
];
