import { Link, useSearchParams } from 'react-router';
import { useSession } from '@trove/kit';
import { CompassIcon, PlayIcon } from '@trove/kit/icons';
import type { PlaybookPreview } from '../features/playground/playbook-preview';
import { usePlaybookPreview } from '../features/playground/use-playbook-preview';
import { EmptyStatePage } from './empty-state-page';
import * as styles from './pages.module.css';
import { SessionPending } from './session-pending';
import { RemoteMount } from '../remotes/remote-mount';

/**
 * /playground?tpl={templateId} (docs/product/shell.md#routes, docs/product/public-pages.md#playbooks-tab: reached from a playbook's "Use template"; the screen is
 * not specified). A read-only preview of the chosen playbook — name, bullets, steps — marked as such.
 */
export function PlaygroundPage() {
  const [params] = useSearchParams();
  const tpl = params.get('tpl');
  const { state, retry } = usePlaybookPreview(tpl);
  const session = useSession();

  switch (state.kind) {
    case 'loading':
      return <SessionPending message="Loading the template…" />;
    case 'no-template':
      return (
        <EmptyStatePage
          icon={CompassIcon}
          title="Playground"
          text="Open a playbook template from the landing page to preview it here."
        >
          <Link className={styles.primary} to="/">
            Browse playbooks
          </Link>
        </EmptyStatePage>
      );
    case 'unknown':
      return (
        <EmptyStatePage
          icon={CompassIcon}
          title="Template not found"
          text={`There is no playbook template called “${state.tpl}”. It may have been renamed or removed.`}
        >
          <Link className={styles.primary} to="/">
            Browse playbooks
          </Link>
        </EmptyStatePage>
      );
    case 'failed':
      return (
        <section className={styles.page} role="alert">
          <div className={styles.card}>
            <h1 className={styles.title}>The template couldn't load</h1>
            <p className={styles.text}>
              Check your connection and try again; the rest of the app still works.
            </p>
            <div className={styles.actions}>
              <button type="button" className={styles.primary} onClick={retry}>
                Retry
              </button>
            </div>
          </div>
        </section>
      );
    case 'found':
      // Issue 40: signed in, the template opens as a workflow draft in the editor, ready to preview and run.
      if (session.status === 'user') {
        return (
          <RemoteMount
            key="connectors-workflows"
            remote="connectors"
            expose="WorkflowsPage"
            what="the workflow editor"
          />
        );
      }
      return <PlaybookPreviewView playbook={state.playbook} connectorNames={state.connectorNames} />;
  }
}

export function PlaybookPreviewView({
  playbook,
  connectorNames,
}: {
  playbook: PlaybookPreview;
  connectorNames: Map<string, string>;
}) {
  return (
    <article className={styles.article} aria-labelledby="playbook-title">
      <div className={styles.previewHead}>
        <span className={styles.previewBadge}>Preview</span>
        {playbook.dept ? <span className={styles.chip}>{playbook.dept}</span> : null}
        {playbook.difficulty ? (
          <span className={styles.chip}>{playbook.difficulty === 'pro' ? 'Pro' : 'Basic'}</span>
        ) : null}
      </div>
      <h1 id="playbook-title" className={styles.title}>
        {playbook.name}
      </h1>
      <p className={styles.lede}>
        A preview of this playbook template. Sign in to open it as a workflow you can preview, schedule and
        run.
      </p>
      <section className={styles.panel} aria-labelledby="playbook-does">
        <h2 id="playbook-does" className={styles.panelTitle}>
          What it does
        </h2>
        <ul className={styles.bullets}>
          {playbook.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      </section>
      <section className={styles.panel} aria-labelledby="playbook-steps">
        <h2 id="playbook-steps" className={styles.panelTitle}>
          Steps
        </h2>
        <ol className={styles.steps}>
          {playbook.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      {playbook.connectors.length > 0 ? (
        <section className={styles.panel} aria-labelledby="playbook-sources">
          <h2 id="playbook-sources" className={styles.panelTitle}>
            Sources it reads
          </h2>
          <div className={styles.chips}>
            {playbook.connectors.map((id) => (
              <span key={id} className={styles.chip}>
                {connectorNames.get(id) ?? id}
              </span>
            ))}
          </div>
        </section>
      ) : null}
      <div className={`${styles.actions} ${styles.left}`}>
        <Link className={styles.primary} to="/auth/login">
          <PlayIcon />
          Sign in to run it
        </Link>
        {/* Issue 38: the user's own Connections, where a source is added — not the public catalog. */}
        <Link className={styles.secondary} to="/connections">
          Connect sources
        </Link>
      </div>
    </article>
  );
}
