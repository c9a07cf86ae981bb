import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { loadExposed, NoHostError, useAppConfig } from '@trove/kit';
import { Button, Placeholder } from '@trove/kit/ui';
import * as section from '../layout/section.module.css';
import * as styles from './explore.module.css';

type CatalogProps = { label?: string; cardHeadingLevel?: 2 | 3 | 4 };
type CatalogComponent = ComponentType<CatalogProps>;

/** Through the kit's loader, which the shell provides: the same registered remotes and shared React. */
async function loadCatalog(expose: string): Promise<{ default: CatalogComponent }> {
  const loaded = (await loadExposed('connectors', expose)) as { default?: CatalogComponent } | null;
  if (!loaded?.default) throw new Error(`trove_connectors/${expose} has no default export`);
  return { default: loaded.default };
}

const lazyCatalogs = new Map<string, ReturnType<typeof lazy<CatalogComponent>>>();
function lazyCatalog(expose: string, fresh = false) {
  let component = lazyCatalogs.get(expose);
  if (!component || fresh) {
    component = lazy(() => loadCatalog(expose));
    lazyCatalogs.set(expose, component);
  }
  return component;
}

interface RemoteCatalogProps {
  /** `ConnectorCatalog` or `PlaybookCatalog` (docs/decisions/004). */
  expose: 'ConnectorCatalog' | 'PlaybookCatalog';
  label: string;
  what: string;
}

/** Mounts a catalog exposed by mfe-connectors (docs/product/public-pages.md#integrations-tab: no copied data), with an honest fallback. */
export function RemoteCatalog({ expose, label, what }: RemoteCatalogProps) {
  const { name } = useAppConfig();
  const [Catalog, setCatalog] = useState(() => lazyCatalog(expose));
  const retry = () => {
    const fresh = lazyCatalog(expose, true);
    setCatalog(() => fresh);
  };
  return (
    <CatalogBoundary what={what} appName={name} onRetry={retry}>
      <Suspense
        fallback={
          <p className={styles.loading} role="status">
            Loading {what}…
          </p>
        }
      >
        <Catalog label={label} cardHeadingLevel={3} />
      </Suspense>
    </CatalogBoundary>
  );
}

interface BoundaryProps {
  what: string;
  /** The configured name: a class component cannot read the config itself. */
  appName: string;
  onRetry: () => void;
  children: ReactNode;
}

class CatalogBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Standalone development has no shell to load from: expected, not worth a warning.
    if (error instanceof NoHostError) return;
    console.warn(`[trove] ${this.props.what} failed to load`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const standalone = error instanceof NoHostError;
    return (
      <Placeholder className={styles.placeholder} role={standalone ? undefined : 'alert'}>
        <p>
          {standalone
            ? `The ${this.props.what} appears here when this page runs inside the ${this.props.appName} app.`
            : `The ${this.props.what} couldn't load. Check your connection and try again.`}
        </p>
        {standalone ? null : (
          <Button
            className={section.button}
            onClick={() => {
              this.setState({ error: null });
              this.props.onRetry();
            }}
          >
            Retry
          </Button>
        )}
      </Placeholder>
    );
  }
}
