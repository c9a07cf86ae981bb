import * as styles from './source-kinds.module.css';

/** The kinds of source Trove searches (SPEC §1); the per-connector cards and their states come later. */
const kinds = [
  { name: 'Mail', text: 'Threads, attachments and the people in them.' },
  { name: 'Files', text: 'Documents, sheets and PDFs in your drives.' },
  { name: 'Chat', text: 'Channels and direct messages.' },
  { name: 'Docs', text: 'Wikis and shared notes.' },
  { name: 'Issues', text: 'Tickets, bugs and their comments.' },
  { name: 'Calendars', text: 'Meetings, dates and who attends.' },
] as const;

export function SourceKinds() {
  return (
    <ul className={styles.grid}>
      {kinds.map((kind) => (
        <li key={kind.name} className={styles.card}>
          <h2 className={styles.name}>{kind.name}</h2>
          <p className={styles.text}>{kind.text}</p>
        </li>
      ))}
    </ul>
  );
}
