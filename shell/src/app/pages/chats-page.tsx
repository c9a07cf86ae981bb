import { Link } from 'react-router';
import { ChatsIcon } from '../chrome/icons';
import { EmptyStatePage } from './empty-state-page';
import * as styles from './pages.module.css';

/** SPEC §2.1: /chats, a placeholder page showing its name (the chat itself is a later issue). */
export function ChatsPage() {
  return (
    <EmptyStatePage
      icon={ChatsIcon}
      title="Chats"
      text="Your conversations will live here: ask a question once and get answers drawn from every source you connect."
    >
      <Link className={styles.primary} to="/connections">
        Connect a source
      </Link>
      <Link className={styles.secondary} to="/uploads">
        See uploads
      </Link>
    </EmptyStatePage>
  );
}
