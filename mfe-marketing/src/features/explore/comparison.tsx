import { useAppConfig } from '@trove/kit';
import { Link } from 'react-router';
import { buttonClassName, Table } from '@trove/kit/ui';
import { Icon } from '../content/icons';
import * as section from '../layout/section.module.css';
import * as styles from './explore.module.css';

const rows: ReadonlyArray<{ feature: string; trove: string; search: string; manual: string }> = [
  {
    feature: 'Searches mail, files, chat, docs, issues and calendars at once',
    trove: 'Yes',
    search: 'Some',
    manual: 'No',
  },
  { feature: 'Recognises one person across apps', trove: 'Yes', search: 'No', manual: 'No' },
  { feature: 'Extracts dates, totals and entities', trove: 'Yes', search: 'No', manual: 'By hand' },
  {
    feature: 'Sends the answer to chat, Teams, email or docs',
    trove: 'Yes',
    search: 'No',
    manual: 'Copy and paste',
  },
  { feature: 'Index on your device, keys in the keychain', trove: 'Yes', search: 'Cloud only', manual: '—' },
  { feature: 'Median query time', trove: '~200 ms', search: '1–3 s', manual: 'Minutes' },
];

const migration: ReadonlyArray<{ title: string; text: string }> = [
  { title: 'Connect your sources', text: 'Sign in to each source with read-only access; nothing moves.' },
  {
    title: 'Index on each device',
    text: 'The first index builds in the background, usually within an hour.',
  },
  { title: 'Bring your saved searches', text: 'Turn your team’s repeat questions into playbooks.' },
  { title: 'Roll out with SSO', text: 'Invite the team through SAML/OIDC and provision with SCIM.' },
];

/** docs/product/public-pages.md#comparison-tab Comparison tab: a feature table, a 4-step migration list, and Talk to sales for 25+. */
export default function Comparison() {
  const { name } = useAppConfig();
  return (
    <div className={styles.comparison}>
      <Table caption={`${name} compared with other ways to find work`} captionHidden>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            <th scope="col">{name}</th>
            <th scope="col">App-by-app search</th>
            <th scope="col">Doing it by hand</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.feature}>
              <th scope="row">{row.feature}</th>
              <td className={styles.trove}>{row.trove}</td>
              <td>{row.search}</td>
              <td>{row.manual}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <div>
        <h3 className={styles.subheading}>Switching takes an afternoon</h3>
        <ol className={styles.migration}>
          {migration.map((step) => (
            <li key={step.title}>
              <strong>{step.title}.</strong> {step.text}
            </li>
          ))}
        </ol>
        <div className={styles.salesBox}>
          <Icon name="people" />
          <p>Moving a team of 25 or more? We’ll plan the rollout with you, with white-glove onboarding.</p>
          <Link
            className={buttonClassName({ variant: 'primary', className: section.button })}
            to="/contact?topic=pricing"
          >
            Talk to sales
          </Link>
        </div>
      </div>
    </div>
  );
}
