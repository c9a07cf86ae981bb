/**
 * The security section's words (docs/product/public-pages.md#claims claims, docs/product/public-pages.md#security-section, docs/product/public-pages.md#motion). The PDF brief (infra/src/security-brief.ts)
 * states the same claims; keep the two in step.
 */

export type SecurityMode = 'local' | 'cloud';

export const securityModes: Record<
  SecurityMode,
  { label: string; title: string; points: readonly string[] }
> = {
  local: {
    label: 'Local-only',
    title: 'Everything stays on your device',
    points: [
      'The search index is built and stored on your device.',
      'Connector tokens and keys live in the operating system keychain.',
      'Zero telemetry by default: nothing about your usage leaves the machine.',
      'Works offline against everything already indexed.',
    ],
  },
  cloud: {
    label: 'Cloud assist',
    title: 'An optional relay, when you choose it',
    points: [
      'Turn on the cloud relay to reach sources your device cannot, or to share runs with a team.',
      'Relayed data is encrypted with AES-256 at rest and TLS 1.2+ in transit.',
      'Connectors stay read-only and least-privilege; the relay never writes to a source.',
      'Admins can pin data residency and bring their own key (BYOK is on the roadmap).',
    ],
  },
};

export const securityClaims: readonly string[] = [
  'On-device index',
  'Keys in the OS keychain',
  'Zero telemetry by default',
  'Optional cloud relay',
  'Read-only, least-privilege connectors',
  'AES-256 at rest',
  'TLS 1.2+ in transit',
];

/** docs/product/public-pages.md#claims compliance badges, with their honest status. */
export const complianceBadges: ReadonlyArray<{ name: string; status: string }> = [
  { name: 'SOC 2', status: 'In progress' },
  { name: 'GDPR', status: 'Aligned' },
  { name: 'SAML / OIDC', status: 'Single sign-on' },
  { name: 'SCIM', status: 'Provisioning' },
  { name: 'DLP APIs', status: 'Available' },
  { name: 'BYOK', status: 'Roadmap' },
];

/** docs/product/public-pages.md#landing-sections: four expandable FAQ items. */
export const securityFaq = (appName: string): ReadonlyArray<{ question: string; answer: string }> => [
  {
    question: `Does ${appName} copy my data to its servers?`,
    answer:
      'No. In Local-only mode the index is built and kept on your device and nothing is uploaded. Cloud assist is optional and off until an admin turns it on.',
  },
  {
    question: 'What can a connector do in my accounts?',
    answer: `Read, and only what it needs. Every connector is read-only and asks for the narrowest scope the source offers. ${appName} never sends, edits or deletes anything in a source.`,
  },
  {
    question: 'Where are my tokens and keys kept?',
    answer:
      'In the operating system keychain (Keychain on macOS and iOS, Credential Manager on Windows, the Secret Service on Linux, Keystore on Android), never in a plain file.',
  },
  {
    question: 'Which compliance programmes do you follow?',
    answer:
      'Our SOC 2 audit is in progress and our practices are GDPR aligned. Teams get SAML/OIDC single sign-on, SCIM provisioning and DLP APIs; bring-your-own-key is on the roadmap.',
  },
];
