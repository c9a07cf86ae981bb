import { useSession } from '@trove/kit';
import { profileDisplayName } from './display-name';
import * as styles from './profile-header.module.css';

/** SPEC §2.5: banner, avatar, display name and the headline placeholder. */
export function ProfileHeader() {
  const { user } = useSession();
  const name = profileDisplayName({ name: user?.name });
  return (
    <section className={styles.card} aria-label="Your profile">
      <div className={styles.banner} aria-hidden="true" />
      <div className={styles.body}>
        <span className={styles.avatar} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <div>
          <p className={styles.name}>{name}</p>
          <p className={styles.headline}>Add a headline (e.g., Product Manager @ Acme)</p>
        </div>
      </div>
    </section>
  );
}
