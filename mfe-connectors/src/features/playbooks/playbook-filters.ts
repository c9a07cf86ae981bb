import { type ActionTag, type Department, type Difficulty, type Playbook, playbooks } from './playbooks';

/** docs/product/connections.md#playbook-filters: department, action tag, difficulty; "all" leaves a filter off. */
export interface PlaybookFilters {
  dept: Department | 'all';
  tag: ActionTag | 'all';
  difficulty: Difficulty | 'all';
}

export const defaultPlaybookFilters: Readonly<PlaybookFilters> = {
  dept: 'all',
  tag: 'all',
  difficulty: 'all',
};

/** Every filter that is set must match (docs/decisions/004). */
export function filterPlaybooks(filters: PlaybookFilters, list: readonly Playbook[] = playbooks): Playbook[] {
  return list.filter(
    (playbook) =>
      (filters.dept === 'all' || playbook.dept === filters.dept) &&
      (filters.tag === 'all' || playbook.tags.includes(filters.tag)) &&
      (filters.difficulty === 'all' || playbook.difficulty === filters.difficulty),
  );
}

export function playbookFiltersChanged(filters: PlaybookFilters): boolean {
  return (
    filters.dept !== defaultPlaybookFilters.dept ||
    filters.tag !== defaultPlaybookFilters.tag ||
    filters.difficulty !== defaultPlaybookFilters.difficulty
  );
}
