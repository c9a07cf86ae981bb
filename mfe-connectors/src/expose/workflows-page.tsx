import type { Workflow, WorkflowBody } from '@trove/contracts';
import { userMessage, useSession } from '@trove/kit';
import { useServerState } from '@trove/kit/server-state';
import { Spinner, Text } from '@trove/kit/ui';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { listDestinations } from '../features/destinations/destinations-api';
import { workflowDraftFor } from '../features/playbooks/playbook-drafts';
import { findPlaybook } from '../features/playbooks/playbooks';
import { listSources } from '../features/sources/sources-api';
import { WorkflowEditor } from '../features/workflows/workflow-editor';
import { missingSources } from '../features/workflows/workflow-form';
import { WorkflowList } from '../features/workflows/workflow-list';
import { getWorkflow, listRuns } from '../features/workflows/workflows-api';
import * as styles from '../features/workflows/workflows.module.css';

const BLANK: WorkflowBody = {
  name: '',
  questions: [],
  columns: ['date', 'total', 'organisations'],
  sort: { by: 'date', order: 'asc' },
  flag: null,
  schedule: { every: 'weekdays', at: '08:00' },
  scope: 'new',
  destinations: [],
  send_empty: false,
  template_id: null,
};

/**
 * trove_connectors/WorkflowsPage (issue 40): /workflows lists them; /workflows/new (with ?tpl= a playbook's
 * draft) and /workflows/:id open the editor, as does /playground?tpl=… for a signed-in user.
 */
export default function WorkflowsPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const tpl = params.get('tpl');
  const id = location.pathname.match(/^\/workflows\/([0-9a-f-]{36})\/?$/)?.[1] ?? null;
  const isNew = location.pathname.replace(/\/$/, '') === '/workflows/new' || tpl !== null;
  if (id === null && !isNew) return <WorkflowList />;
  return <EditorPage key={id ?? `new-${tpl ?? ''}`} id={id} tpl={tpl} />;
}

function EditorPage({ id, tpl }: { id: string | null; tpl: string | null }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const loaded = useServerState(
    async (signal) => {
      const [workflow, runs, destinations, sources] = await Promise.all([
        id === null ? Promise.resolve(null) : getWorkflow(id, signal),
        id === null ? Promise.resolve([]) : listRuns(id, signal),
        listDestinations(signal),
        listSources(signal).catch(() => []),
      ]);
      return { workflow, runs, destinations, sources };
    },
    [id],
  );
  if (loaded.status === 'loading' || loaded.data === undefined) {
    if (loaded.status === 'error') {
      return (
        <div className={styles.page}>
          <Text tone="danger" role="alert">
            {userMessage(loaded.error, 'The workflow could not be loaded.')}
          </Text>
        </div>
      );
    }
    return (
      <div className={styles.page}>
        <Text tone="muted" size="sm">
          <Spinner /> Loading…
        </Text>
      </div>
    );
  }
  const { workflow, runs, destinations, sources } = loaded.data;
  const playbook = tpl === null ? undefined : findPlaybook(tpl);
  const template = playbook === undefined ? undefined : workflowDraftFor(playbook);
  const draft = template?.body ?? BLANK;
  // Save on a new workflow moves to its own address; a save before Preview or Run now stays, so their answer shows.
  const onSaved = (saved: Workflow, explicit: boolean) => {
    if (workflow === null && explicit) navigate(`/workflows/${saved.id}`, { replace: true });
  };
  return (
    <WorkflowEditor
      saved={workflow}
      draft={draft}
      suggested={template?.suggested ?? []}
      missing={template === undefined ? [] : missingSources(template.reads, sources)}
      destinations={destinations}
      me={user?.email ?? ''}
      runs={runs}
      onSaved={onSaved}
    />
  );
}
