import type { Profile, SessionUser } from '@trove/contracts';
import { Avatar } from '@trove/kit';
import { Card, Cluster, Text } from '@trove/kit/ui';
import type { CSSProperties } from 'react';
import { BANNER_HEIGHT, bannerGradient } from './banner';
import { profileDisplayName } from './display-name';
import * as styles from './profile-header.module.css';

export const HEADLINE_PLACEHOLDER = 'Add a headline (e.g., Product Manager @ Acme)';

/** docs/product/shell.md#avatar: the avatar is 96px on the profile page. */
const PROFILE_AVATAR_SIZE = 96;

/** docs/product/profile.md#page header: banner (image or the user's gradient), avatar, display name and headline. */
export function ProfileHeader({ user, profile }: { user: SessionUser; profile: Profile }) {
  const name = profileDisplayName({
    name: user.name,
    firstName: profile.first_name,
    lastName: profile.last_name,
    email: user.email,
  });
  // The avatar's initials come from the real name only: "Your Name" is a placeholder, so it gets "U".
  const realName = name === profileDisplayName({}) ? '' : name;
  const banner: CSSProperties = {
    height: BANNER_HEIGHT,
    backgroundImage: profile.banner_url
      ? `url("${encodeURI(profile.banner_url)}"), ${bannerGradient(user.id)}`
      : bannerGradient(user.id),
  };
  const headline = profile.headline?.trim();
  const place = [profile.city, profile.country].filter((part) => part?.trim()).join(', ');
  return (
    <Card as="section" shadow="sm" className={styles.card} aria-labelledby="profile-display-name">
      <div className={styles.banner} style={banner} data-testid="profile-banner" aria-hidden="true" />
      <Cluster gap={5} wrap={false} className={styles.body}>
        <Avatar
          name={realName}
          image={profile.avatar_url}
          size={PROFILE_AVATAR_SIZE}
          className={styles.avatar}
        />
        <div className={styles.who}>
          <Text as="h2" weight="bold" breakAnywhere className={styles.name} id="profile-display-name">
            {name}
          </Text>
          <Text
            tone="strong"
            breakAnywhere
            className={styles.headline}
            data-empty={headline ? undefined : ''}
          >
            {headline || HEADLINE_PLACEHOLDER}
          </Text>
          <Cluster as="ul" gap={3} rowGap={1} className={styles.meta} aria-label="About you">
            <li>{user.email}</li>
            {place ? <li>{place}</li> : null}
            {profile.two_factor_enabled ? (
              <Text as="li" tone="success" weight="semibold">
                2-step on
              </Text>
            ) : null}
          </Cluster>
        </div>
      </Cluster>
    </Card>
  );
}

/** The header's shape while the profile loads, so the page does not jump when it arrives. */
export function ProfileHeaderSkeleton() {
  return (
    <Card as="section" shadow="sm" className={styles.card} aria-hidden="true" data-loading="">
      <div className={`${styles.banner} ${styles.shimmer}`} style={{ height: BANNER_HEIGHT }} />
      <Cluster gap={5} wrap={false} className={styles.body}>
        <span className={`${styles.avatarSkeleton} ${styles.shimmer}`} />
        <div className={styles.who}>
          <span className={`${styles.line} ${styles.shimmer}`} />
          <span className={`${styles.line} ${styles.short} ${styles.shimmer}`} />
        </div>
      </Cluster>
    </Card>
  );
}
