import validation from '../../schemas/messages/fr/validation.json';
import errors from '../../schemas/messages/fr/errors.json';
import ui from '../../schemas/messages/fr/ui.json';
import territories from '../../schemas/messages/fr/territories.json';
import shell from '../../schemas/messages/fr/shell.json';
import calendar from '../../schemas/messages/fr/calendar.json';
import files from '../../schemas/messages/fr/files.json';
import exportImport from '../../schemas/messages/fr/export-import.json';
import uiArrays from '../../schemas/messages/fr/ui-arrays.json';
import visitReport from '../../schemas/messages/fr/visit-report.json';
import workflowPanel from '../../schemas/messages/fr/workflow-panel.json';
import uiBlocks from '../../schemas/messages/fr/ui-blocks.json';
import bap from '../../schemas/messages/fr/bap.json';
import entities from '../../schemas/messages/fr/entities.json';
import events from '../../schemas/messages/fr/events.json';
import experiences from '../../schemas/messages/fr/experiences.json';
import fac from '../../schemas/messages/fr/fac.json';
import followUp from '../../schemas/messages/fr/follow-up.json';
import newsletters from '../../schemas/messages/fr/newsletters.json';
import { translateFrench } from '../../engine/format/french-messages';

/**
 * The French catalogue the browser needs: every file of schemas/messages/fr/ except the few a screen
 * loads with its own code (accounts, white labels, directory, map) and those only the server sends, already
 * translated (messages.test.ts lists them and checks that no client code or declaration names their keys): both
 * kept out of the first visit's weight (tests/e2e/first-visit-weight.test.ts).
 * A file left out of both showed « Erreur, cette valeur n'est pas valide » in place of its texts (issue 28
 * row 14); messages.test.ts checks that every file is reached.
 */
export const catalogue: Record<string, string> = {
  ...validation,
  ...errors,
  ...ui,
  ...territories,
  ...shell,
  ...calendar,
  ...files,
  ...exportImport,
  ...uiArrays,
  ...visitReport,
  ...workflowPanel,
  ...uiBlocks,
  ...bap,
  ...entities,
  ...events,
  ...experiences,
  ...fac,
  ...followUp,
  ...newsletters,
};

/** A French text of the catalogue; a `count` parameter picks the `_one` / `_other` variant. */
export function t(key: string, params: Record<string, unknown> = {}): string {
  return translateFrench(catalogue, key, params);
}
