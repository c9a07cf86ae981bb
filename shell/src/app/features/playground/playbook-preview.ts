/**
 * The playbook fields the /playground preview shows (docs/product/connections.md#playbooks, Playbook), read from the connectors
 * remote's `trove_connectors/playbooks` module (docs/decisions/004). The shell never imports remote
 * code, so the module is checked here field by field; an entry that does not fit is treated as unknown.
 */
export interface PlaybookPreview {
  id: string;
  name: string;
  dept: string;
  bullets: string[];
  steps: string[];
  tags: string[];
  connectors: string[];
  difficulty: string;
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

export function readPlaybook(value: unknown): PlaybookPreview | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const { id, name, dept, bullets, steps, tags, connectors, difficulty } = record;
  if (
    typeof id !== 'string' ||
    typeof name !== 'string' ||
    !isStringArray(bullets) ||
    !isStringArray(steps)
  ) {
    return null;
  }
  return {
    id,
    name,
    dept: typeof dept === 'string' ? dept : '',
    bullets,
    steps,
    tags: isStringArray(tags) ? tags : [],
    connectors: isStringArray(connectors) ? connectors : [],
    difficulty: typeof difficulty === 'string' ? difficulty : '',
  };
}

/** Finds `tpl` in the module's `playbooks` list; null when the id is unknown. */
export function findPlaybookIn(module: unknown, tpl: string): PlaybookPreview | null {
  const list =
    typeof module === 'object' && module !== null ? (module as { playbooks?: unknown }).playbooks : undefined;
  if (!Array.isArray(list)) throw new Error('trove_connectors/playbooks has no playbooks list');
  for (const entry of list) {
    const playbook = readPlaybook(entry);
    if (playbook?.id === tpl) return playbook;
  }
  return null;
}

/** Connector display names by id, when the module lists connectors; ids stay as they are otherwise. */
export function connectorNamesIn(module: unknown): Map<string, string> {
  const list =
    typeof module === 'object' && module !== null
      ? (module as { connectors?: unknown }).connectors
      : undefined;
  const names = new Map<string, string>();
  if (!Array.isArray(list)) return names;
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, name } = entry as Record<string, unknown>;
    if (typeof id === 'string' && typeof name === 'string') names.set(id, name);
  }
  return names;
}
