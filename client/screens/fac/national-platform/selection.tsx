import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { api } from '../../../api/http';
import { ruleUserAtom } from '../../../state/session';

export interface Named {
  pk: number;
  name: string;
}

export interface Selection {
  project: string;
  period: string;
  /** '' : the advisor's own structure, or every structure for an administrator. */
  structure: string;
}

/** Programmes, periods and (for administrators) structures to choose from. */
export function useChoices() {
  const user = useAtomValue(ruleUserAtom);
  const administrator = user.roles.includes('administrator');
  const [projects, setProjects] = useState<Named[]>([]);
  const [periods, setPeriods] = useState<Named[]>([]);
  const [groups, setGroups] = useState<Named[]>([]);
  useEffect(() => {
    api<Named[]>('/fac/project/', { query: { perPage: 200 } }).then(setProjects, () => setProjects([]));
    api<Named[]>('/fac/period/', { query: { perPage: 200 } }).then(setPeriods, () => setPeriods([]));
    if (administrator)
      api<Named[]>('/accounts/group/', { query: { perPage: 200 } }).then(setGroups, () => setGroups([]));
  }, [administrator]);
  return { administrator, projects, periods, groups };
}

/** The programme, period and structure fields, shared by the export, the import and the comparison. */
export function SelectionFields({
  idPrefix,
  value,
  onChange,
  everyStructure,
}: {
  idPrefix: string;
  value: Selection;
  onChange: (s: Selection) => void;
  /** The label of « no structure chosen » for administrators. */
  everyStructure: string;
}) {
  const { administrator, projects, periods, groups } = useChoices();
  const field = (name: keyof Selection, label: string, options: Named[], empty: string | null) => (
    <div className="field">
      <label htmlFor={`${idPrefix}-${name}`}>{label}</label>
      <select
        id={`${idPrefix}-${name}`}
        value={value[name]}
        required={empty === null}
        onChange={(e) => onChange({ ...value, [name]: e.target.value })}
      >
        <option value="">{empty ?? '— Choisir —'}</option>
        {options.map((o) => (
          <option key={o.pk} value={String(o.pk)}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      {field('project', 'Programme', projects, null)}
      {field('period', 'Période', periods, null)}
      {administrator && field('structure', 'Structure', groups, everyStructure)}
    </>
  );
}

export const queryOf = (s: Selection): Record<string, string> => ({
  project: s.project,
  period: s.period,
  ...(s.structure ? { structure: s.structure } : {}),
});
