import { BuildLabel } from '@trove/kit';
import { ProfileHeader } from '../features/profile-header/profile-header';
import * as styles from './profile-page.module.css';

/** trove_profile/ProfilePage (docs/decisions/001). The seven tabs (SPEC §2.5) arrive with the profile issue. */
export default function ProfilePage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Profile</h1>
      <ProfileHeader />
      <BuildLabel label={__TROVE_BUILD_LABEL__} />
    </div>
  );
}
