import { BuildLabel, useAppConfig } from '@trove/kit';
import { PageHeader, Stack } from '@trove/kit/ui';
import { ProfileWorkspace } from '../features/profile-page/profile-workspace';
import * as styles from './profile-page.module.css';

/** trove_profile/ProfilePage (docs/decisions/001): docs/product/profile.md#tabs, the profile and its seven tabs. */
export default function ProfilePage() {
  const { name } = useAppConfig();
  return (
    <Stack gap={4} className={styles.page}>
      <PageHeader
        className={styles.intro}
        title="Profile"
        lede={<>How you appear in {name}, and how you sign in.</>}
      />
      <ProfileWorkspace />
      <BuildLabel label={__TROVE_BUILD_LABEL__} />
    </Stack>
  );
}
