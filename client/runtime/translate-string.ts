import { TranslatableString, englishStringTranslator } from '@rjsf/utils';

// RJSF ships no French: the strings its own components may show.
const FRENCH: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: 'Élément',
  [TranslatableString.EmptyArray]: "Aucun élément pour l'instant.",
  [TranslatableString.YesLabel]: 'Oui',
  [TranslatableString.NoLabel]: 'Non',
  [TranslatableString.CloseLabel]: 'Fermer',
  [TranslatableString.ErrorsLabel]: 'Erreurs',
  [TranslatableString.AddButton]: 'Ajouter',
  [TranslatableString.AddItemButton]: 'Ajouter un élément',
  [TranslatableString.CopyButton]: 'Copier',
  [TranslatableString.MoveDownButton]: 'Descendre',
  [TranslatableString.MoveUpButton]: 'Monter',
  [TranslatableString.RemoveButton]: 'Retirer',
  [TranslatableString.NowLabel]: 'Maintenant',
  [TranslatableString.ClearLabel]: 'Effacer',
  [TranslatableString.AriaDateLabel]: 'Choisir une date',
  [TranslatableString.PreviewLabel]: 'Aperçu',
  [TranslatableString.ClearButton]: 'effacer la saisie',
};

export function translateString(key: TranslatableString, params?: string[]): string {
  const french = FRENCH[key];
  return french ? englishStringTranslator(french as TranslatableString, params) : englishStringTranslator(key, params);
}
