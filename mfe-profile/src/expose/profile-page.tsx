import { BuildLabel, useAppConfig } from '@trove/kit';
import { ProfileWorkspace } from '../features/profile-page/profile-workspace';
import * as styles from './profile-page.module.css';

/** trove_profile/ProfilePage (docs/decisions/001): SPEC §2.5, the profile and its seven tabs. */
export default function ProfilePage() {
  const { name } = useAppConfig();
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1 className={styles.title}>Profile</h1>
        <p className={styles.lead}>How you appear in {name}, and how you sign in.</p>
      </header>
      <ProfileWorkspace />
      <BuildLabel label={__TROVE_BUILD_LABEL__} />
    </div>
  );
}
