import * as styles from './pages.module.css';

/** SPEC §2.1: Chats and Uploads are placeholder pages showing their name until their own issues land. */
export function PlaceholderPage({ title, text }: { title: string; text: string }) {
  return (
    <section className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.text}>{text}</p>
      </div>
    </section>
  );
}
