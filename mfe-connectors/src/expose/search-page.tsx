import { BuildLabel } from '@trove/kit';
import { PageHeader } from '@trove/kit/ui';
import { useSearchPage } from '../features/search/use-search-page';
import { SearchPanel } from '../features/uploads/search-panel';
import * as styles from '../features/uploads/uploads.module.css';

/**
 * trove_connectors/SearchPage (/search?q=…, issue 38 item 2; docs/decisions/101-search-page.md): everything the
 * user has — uploads, mail, database rows — searched on a page of its own, the query, filters and page in the
 * URL. Takes no props: the shell mounts it as a route.
 */
export default function SearchPage() {
  const search = useSearchPage();
  return (
    <div className={styles.page}>
      <PageHeader
        className={styles.header}
        title="Search"
        lede="Your uploads, mail and databases in one search. Open a result to read it whole."
      />
      <SearchPanel
        state={search.state}
        onSearch={search.search}
        onType={search.type}
        onMore={search.more}
        onClear={search.clear}
      />
      <BuildLabel label={__TROVE_BUILD_LABEL__} />
    </div>
  );
}
