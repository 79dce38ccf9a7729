import { EditableRecordText } from '../../runtime/EditableRecordText';
import { tr } from './office-messages';

/** A directory help text (`listepro-helper` by key), editable in place by directory administrators. */
export function ListeProHelp({ name }: { name: 'acces-professionnel' | 'aide-utilisateur' | 'actualites' }) {
  return (
    <EditableRecordText
      entity="listepro-helper"
      apiPath="listepro/helper"
      keyField="name"
      keyValue={name}
      field="helpText"
      labels={{
        edit: tr('help.edit'),
        save: tr('help.save'),
        cancel: tr('help.cancel'),
        saved: tr('help.saved'),
        field: tr('help.label'),
      }}
    />
  );
}
