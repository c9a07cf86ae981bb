import { Link } from 'react-router';
import { UploadsIcon } from '../chrome/icons';
import { EmptyStatePage } from './empty-state-page';
import * as styles from './pages.module.css';

/** SPEC §2.1: /uploads, a placeholder page showing its name (uploading is a later issue). */
export function UploadsPage() {
  return (
    <EmptyStatePage
      icon={UploadsIcon}
      title="Uploads"
      text="Files you upload will be listed here, searchable alongside your connected apps. You have no uploads yet."
    >
      <Link className={styles.primary} to="/connections">
        Browse connections
      </Link>
      <Link className={styles.secondary} to="/chats">
        Open Chats
      </Link>
    </EmptyStatePage>
  );
}
