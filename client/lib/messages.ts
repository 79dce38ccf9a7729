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
import { translateFrench } from '../../engine/format/french-messages';

/** The French catalogue the browser needs (validation, errors, interface texts). */
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
};

/** A French text of the catalogue; a `count` parameter picks the `_one` / `_other` variant. */
export function t(key: string, params: Record<string, unknown> = {}): string {
  return translateFrench(catalogue, key, params);
}
