import { api } from '../../../api/http';

/** The records a journey is drawn from (generic API of the follow-up entities, docs/follow-up.md). */
export interface Named {
  pk: number;
  name: string;
}
export interface FolderModel extends Named {
  project: number;
}
export interface Status extends Named {
  folderModel: number;
  order: number | null;
  color: string | null;
}
export interface Category extends Named {
  folderModel: number;
  order: number | null;
}
export interface ActionModel extends Named {
  categoryModel: number;
  triggerStatus: number | null;
  order: number | null;
  disabled: boolean | null;
}

export interface Journey {
  model: FolderModel;
  statuses: Status[];
  categories: Category[];
  acts: ActionModel[];
}

const ALL = { perPage: 500 };
const byOrder = (a: { order: number | null; pk: number }, b: { order: number | null; pk: number }) =>
  (a.order ?? 0) - (b.order ?? 0) || a.pk - b.pk;

/** Every folder model of a programme with its ordered statuses, categories and action models. */
export async function loadJourneys(project: number): Promise<Journey[]> {
  const [models, statuses, categories, acts] = await Promise.all([
    api<FolderModel[]>('/fac/folder-model/', { query: { ...ALL, project } }),
    api<Status[]>('/fac/status/', { query: ALL }),
    api<Category[]>('/fac/category-model/', { query: ALL }),
    api<ActionModel[]>('/fac/action-model/', { query: ALL }),
  ]);
  return models
    .sort((a, b) => a.pk - b.pk)
    .map((model) => {
      const cats = categories.filter((c) => c.folderModel === model.pk).sort(byOrder);
      const catPks = new Set(cats.map((c) => c.pk));
      return {
        model,
        statuses: statuses.filter((s) => s.folderModel === model.pk).sort(byOrder),
        categories: cats,
        acts: acts.filter((a) => catPks.has(a.categoryModel)).sort(byOrder),
      };
    });
}
