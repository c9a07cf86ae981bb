// Where each section of the old product spec and design notes now lives (issue 44). The spec was cited by
// number ("§4.3"), and one number often covered several areas (its §5 holds the email, password, code and
// profile rules), so a citation is placed by what its line talks about and by the file it is in. The first
// rule that matches wins; every section ends in a rule with no condition, so a citation merged later always
// has a home. Read by rewrite-citations.ts; every target is checked to exist by citations.test.ts.

export interface CitationRule {
  /** A path relative to the repository root must match this, when given. */
  readonly path?: RegExp;
  /** The citation's line must match this (case-insensitive), when given. */
  readonly text?: RegExp;
  /** `docs/…md#anchor` */
  readonly target: string;
}

const P = 'docs/product';
const A = 'docs/architecture.md';
const C = 'docs/conventions.md';

export const SPEC_SECTIONS: Readonly<Record<string, readonly CitationRule[]>> = {
  '1': [
    { text: /claim|badge|compliance|soc 2|keychain|telemetry/i, target: `${P}/public-pages.md#claims` },
    { text: /figure|62%|case study/i, target: `${P}/public-pages.md#figures` },
    { text: /dates|totals|entit/i, target: `${P}/uploads-and-search.md#facts` },
    { path: /services\/search|uploads/, target: `${P}/uploads-and-search.md#facts` },
    { text: /placeholder/i, target: `${P}/shell.md#routes` },
    { text: /12\+|connectors/i, target: `${P}/public-pages.md#claims` },
    { target: `${P}/public-pages.md#what-it-is` },
  ],
  '2.1': [
    { text: /not.?found|404/i, target: `${P}/shell.md#not-found` },
    { text: /security\.pdf|brief/i, target: `${P}/public-pages.md#landing-links` },
    { text: /guard|guest|redirect|checking session|protected|signed in/i, target: `${P}/shell.md#guards` },
    { target: `${P}/shell.md#routes` },
  ],
  '2.2': [
    { text: /drawer/i, target: `${P}/shell.md#drawer` },
    { text: /\brail\b|tooltip|64px/i, target: `${P}/shell.md#rail` },
    {
      text: /display name|guest user|secondary|second line|before the @/i,
      target: `${P}/shell.md#display-name`,
    },
    { text: /account menu|18rem|logout/i, target: `${P}/shell.md#account-menu` },
    { text: /top bar|header|translucent|8px|scroll/i, target: `${P}/shell.md#top-bar` },
    { text: /theme/i, target: `${P}/shell.md#theme` },
    { target: `${P}/shell.md#navigation` },
  ],
  '2.3': [
    { path: /playbook/, target: `${P}/public-pages.md#playbooks-tab` },
    { text: /template|playbook/i, target: `${P}/public-pages.md#playbooks-tab` },
    { text: /integration|"connect"|connector/i, target: `${P}/public-pages.md#integrations-tab` },
    { path: /mfe-connectors/, target: `${P}/public-pages.md#integrations-tab` },
    { text: /download|platform|store|installer/i, target: `${P}/public-pages.md#hero` },
    { text: /\broi\b/i, target: `${P}/public-pages.md#roi` },
    { text: /comparison/i, target: `${P}/public-pages.md#comparison-tab` },
    { text: /playground/i, target: `${P}/public-pages.md#playground-tab` },
    { text: /pricing|price|plan/i, target: `${P}/public-pages.md#pricing` },
    { text: /tagline|terms|wrapper|auth page|auth-layout/i, target: `${P}/accounts.md#auth-page` },
    { path: /mfe-auth/, target: `${P}/accounts.md#auth-page` },
    { text: /security|brief/i, target: `${P}/public-pages.md#security-section` },
    { text: /\border\b|sections/i, target: `${P}/public-pages.md#landing-sections` },
    { text: /demo|hero/i, target: `${P}/public-pages.md#hero` },
    { text: /flow|command/i, target: `${P}/public-pages.md#flow` },
    { text: /stage|typ(e|ing)/i, target: `${P}/public-pages.md#hero` },
    { text: /\btabs?\b|arrow key/i, target: `${P}/public-pages.md#tabs` },
    { text: /footer|link|contact/i, target: `${P}/public-pages.md#landing-links` },
    { text: /feature|grid|card/i, target: `${P}/public-pages.md#feature-grid` },
    { target: `${P}/public-pages.md#landing-sections` },
  ],
  '2.4': [
    { text: /verify.your.email|verify-email|verify now/i, target: `${P}/accounts.md#verify-email-dialog` },
    {
      text: /create your account|unknown.email|no account|\bdialog\b|backdrop/i,
      target: `${P}/accounts.md#unknown-email-dialog`,
    },
    { text: /where a signed-in user goes|after sign-in|return/i, target: `${P}/accounts.md#after-sign-in` },
    { path: /return-path/, target: `${P}/accounts.md#after-sign-in` },
    { text: /strength/i, target: `${P}/accounts.md#strength-meter` },
    { text: /remember/i, target: `${P}/accounts.md#remembered-email` },
    { text: /tagline|wrapper|auth-layout|layout/i, target: `${P}/accounts.md#auth-page` },
    { path: /code-input|one-time-code/, target: `${P}/accounts.md#code-rules` },
    { text: /\bcode boxes|digit|paste|backspace|typing advances/i, target: `${P}/accounts.md#code-rules` },
    { text: /200 ?ms|redirect/i, target: `${P}/accounts.md#after-sign-in` },
    { target: `${P}/accounts.md#steps` },
  ],
  '2.5': [
    { text: /2-step|two.step/i, target: `${P}/profile.md#two-step` },
    { text: /security|password/i, target: `${P}/profile.md#password-change` },
    { path: /kit|security|password/, target: `${P}/profile.md#password-change` },
    { text: /\btabs?\b/i, target: `${P}/profile.md#tabs` },
    { text: /save|button|disabled|spinner/i, target: `${P}/profile.md#save` },
    { target: `${P}/profile.md#page` },
  ],
  '2.6': [
    { text: /toast|flash/i, target: `${P}/shell.md#toasts` },
    { path: /toast/, target: `${P}/shell.md#toasts` },
    { target: `${P}/shell.md#popups` },
  ],
  '3': [
    { path: /command-grammar|command-preview/, target: `${P}/public-pages.md#command-grammar` },
    { text: /grammar|command/i, target: `${P}/public-pages.md#command-grammar` },
    { path: /playbook/, target: `${P}/connections.md#playbooks` },
    { text: /playbook/i, target: `${P}/connections.md#playbooks` },
    { path: /connector|catalog|server-needs/, target: `${P}/connections.md#connectors` },
    { text: /connector/i, target: `${P}/connections.md#connectors` },
    { text: /avatar|initials|banner/i, target: `${P}/shell.md#avatar` },
    { path: /avatar|banner|user-labels/, target: `${P}/shell.md#avatar` },
    { text: /popup/i, target: `${P}/shell.md#popups` },
    { text: /flash|toast/i, target: `${P}/shell.md#toasts` },
    { text: /one-time.code|code meta|otp|purpose/i, target: `${P}/accounts.md#one-time-code-meta` },
    { path: /otp-timer/, target: `${P}/accounts.md#one-time-code-meta` },
    { text: /remember/i, target: `${P}/accounts.md#remembered-email` },
    { path: /remembered-email/, target: `${P}/accounts.md#remembered-email` },
    { text: /theme|local storage/i, target: `${P}/shell.md#local-storage` },
    { text: /feature card/i, target: `${P}/public-pages.md#feature-grid` },
    { text: /testimonial/i, target: `${P}/public-pages.md#social-proof` },
    { text: /flow step/i, target: `${P}/public-pages.md#flow` },
    { text: /plan shape|\bplan\b/i, target: `${P}/public-pages.md#pricing` },
    { path: /mfe-marketing\/src\/features\/(content|grid)/, target: `${P}/public-pages.md#feature-grid` },
    { text: /navigation|nav item/i, target: `${P}/shell.md#navigation` },
    { text: /profile|dob|first_name|phone/i, target: `${P}/profile.md#fields` },
    { path: /profile/, target: `${P}/profile.md#fields` },
    { target: `${P}/shell.md#user` },
  ],
  '4.1': [
    { text: /401|403|network fail/i, target: `${P}/shell.md#session-errors` },
    { target: `${P}/shell.md#session` },
  ],
  '4.2': [{ target: `${P}/shell.md#theme` }],
  '4.3': [
    {
      text: /code timer|countdown|resend|retry_after|expir|timing|60 s|30 s/i,
      target: `${P}/accounts.md#code-timing`,
    },
    { path: /otp-timer|countdown/, target: `${P}/accounts.md#code-timing` },
    { text: /completeness|profile check|complete\b/i, target: `${P}/accounts.md#profile-check` },
    { path: /profile-completeness/, target: `${P}/accounts.md#profile-check` },
    {
      text: /second.factor|2fa|two.factor|mfa|otp_required|a 401|for a 401/i,
      target: `${P}/accounts.md#second-factor`,
    },
    { path: /login-signals/, target: `${P}/accounts.md#second-factor` },
    { text: /unverified|not verified|\b403\b|\b412\b/i, target: `${P}/accounts.md#unverified` },
    { text: /forgot|reset/i, target: `${P}/accounts.md#forgot-password` },
    { text: /\b409\b|register|sign-up|signup/i, target: `${P}/accounts.md#register` },
    { text: /in flight|second submission/i, target: `${P}/accounts.md#in-flight` },
    { text: /profile step|profile saved/i, target: `${P}/accounts.md#profile-saved` },
    { text: /verified/i, target: `${P}/accounts.md#verified` },
    { text: /identify|exists|unknown/i, target: `${P}/accounts.md#identify` },
    { text: /welcome back|signing in|sign in|login/i, target: `${P}/accounts.md#login` },
    { target: `${P}/accounts.md#auth-flow` },
  ],
  '4.4': [
    {
      text: /client id|required setting|configure|settings|connectors\.json/i,
      target: `${P}/connections.md#required-settings`,
    },
    { path: /use-connector-settings/, target: `${P}/connections.md#required-settings` },
    { text: /load|paging|page size|shown count|\b12\b/i, target: `${P}/connections.md#paging` },
    { path: /paging/, target: `${P}/connections.md#paging` },
    { target: `${P}/connections.md#card-states` },
  ],
  '4.5': [
    { text: /testimonial|swipe|hover|social/i, target: `${P}/public-pages.md#social-proof` },
    { path: /testimonial/, target: `${P}/public-pages.md#social-proof` },
    { text: /reduced|motion/i, target: `${P}/public-pages.md#motion` },
    { text: /demo|hero|stage/i, target: `${P}/public-pages.md#hero` },
    { path: /hero|demo/, target: `${P}/public-pages.md#hero` },
    { text: /toggle|billing|security mode|pricing/i, target: `${P}/public-pages.md#motion` },
    { path: /pricing|security/, target: `${P}/public-pages.md#motion` },
    { target: `${P}/public-pages.md#flow` },
  ],
  '4.6': [
    { text: /toast|flash/i, target: `${P}/shell.md#toasts` },
    { path: /toast/, target: `${P}/shell.md#toasts` },
    { target: `${P}/shell.md#popups` },
  ],
  '4.7': [{ text: /sav(e|ing)/i, target: `${P}/profile.md#save` }, { target: `${P}/profile.md#defaults` }],
  '5': [
    { path: /playbook/, target: `${P}/connections.md#playbook-filters` },
    { path: /mfe-connectors|catalog/, target: `${P}/connections.md#filters` },
    { text: /integration filter|filters/i, target: `${P}/connections.md#filters` },
    { text: /mask/i, target: `${P}/accounts.md#masked-email` },
    { text: /strength/i, target: `${P}/accounts.md#strength-meter` },
    { path: /password-strength/, target: `${P}/accounts.md#strength-meter` },
    {
      text: /password.change|security tab|current password|upper, lower/i,
      target: `${P}/profile.md#password-change`,
    },
    {
      path: /mfe-profile\/src\/features\/security|profile-security/,
      target: `${P}/profile.md#password-change`,
    },
    { text: /linkedin|twitter|github|link.field/i, target: `${P}/profile.md#link-fields` },
    {
      text: /profile step|first.name|last name|13 years|\bage\b|date of birth|\bdob\b/i,
      target: `${P}/accounts.md#profile-step-rules`,
    },
    { path: /profile-step/, target: `${P}/accounts.md#profile-step-rules` },
    { text: /\bcodes?\b|otp|digit|paste|resend/i, target: `${P}/accounts.md#code-rules` },
    { path: /otp|one-time-code|code-input|verify-step/, target: `${P}/accounts.md#code-rules` },
    {
      text: /email|lower-cased|lower case|one @|suffix|dot-string|atext/i,
      target: `${P}/accounts.md#email-rules`,
    },
    { text: /phone|gender|website|domain|profile page|profile-form/i, target: `${P}/profile.md#validation` },
    { path: /email|users\.repository|errors\.ts|db\/schema/, target: `${P}/accounts.md#email-rules` },
    { path: /\bauth\b|mfe-auth|decisions\/00[56]/, target: `${P}/accounts.md#email-rules` },
    {
      path: /mfe-profile|services\/profile|profile-page|profile\.ts|profile-form/,
      target: `${P}/profile.md#validation`,
    },
    { text: /password|reset/i, target: `${P}/accounts.md#password-rules` },
    { path: /password|reset/, target: `${P}/accounts.md#password-rules` },
    { target: `${P}/profile.md#validation` },
  ],
  '6': [
    { text: /guest|login|template|next target|signed.in/i, target: `${P}/shell.md#roles` },
    { path: /profile/, target: `${P}/shell.md#roles` },
    { path: /mfe-connectors|catalogs/, target: `${P}/connections.md#read-only` },
    { text: /connector|read-only/i, target: `${P}/connections.md#read-only` },
    { target: `${P}/shell.md#roles` },
  ],
  '7': [
    { text: /profile/i, target: `${P}/api.md#profile-calls` },
    { path: /profile/, target: `${P}/api.md#profile-calls` },
    { text: /csrf/i, target: `${P}/api.md#csrf` },
    { text: /cookie/i, target: `${P}/api.md#cookies` },
    { path: /api-client|service-app/, target: `${P}/api.md#conventions` },
    { target: `${P}/api.md#auth-calls` },
  ],
  '8': [
    { text: /helper|detail\.error|something went wrong/i, target: `${P}/api.md#errors` },
    { text: /no integrations|no playbooks/i, target: `${P}/connections.md#empty-results` },
    { path: /mfe-profile|profile-page|profile-phone/, target: `${P}/profile.md#errors` },
    { text: /profile page/i, target: `${P}/profile.md#errors` },
    { path: /mfe-auth|auth-expiry|auth-flow/, target: `${P}/accounts.md#errors` },
    { text: /\b410\b|code|otp|reset/i, target: `${P}/accounts.md#errors` },
    { path: /api-client/, target: `${P}/api.md#errors` },
    { text: /session|401|403|logout|network/i, target: `${P}/shell.md#session-errors` },
    { path: /session/, target: `${P}/shell.md#session-errors` },
    { target: `${P}/api.md#errors` },
  ],
  '9': [
    { text: /\broi\b|workday|1200|value of an hour|₹2,18,182/i, target: `${P}/public-pages.md#roi` },
    { path: /\/roi/, target: `${P}/public-pages.md#roi` },
    { text: /pric|yearly|799|\bplans?\b/i, target: `${P}/public-pages.md#pricing` },
    { path: /pricing/, target: `${P}/public-pages.md#pricing` },
    { text: /page sizes?|10, 25/i, target: `${P}/connections.md#paging` },
    { path: /catalog/, target: `${P}/connections.md#paging` },
    { text: /timezone|time zone/i, target: `${P}/profile.md#timezones` },
    { text: /language|locale/i, target: `${P}/profile.md#languages` },
    { text: /phone/i, target: `${P}/profile.md#constants` },
    { text: /banner|avatar/i, target: `${P}/shell.md#avatar` },
    { text: /cookie|csrf|header name/i, target: `${P}/api.md#cookies` },
    { path: /api-client|sessions\/cookies|testing\/client/, target: `${P}/api.md#cookies` },
    {
      text: /\bcode\b|otp|countdown|redirect|fallback|picker|1900|minimum age|password|6 digits/i,
      target: `${P}/accounts.md#constants`,
    },
    { text: /1500|\brail\b|drawer|menu|theme|session/i, target: `${P}/shell.md#constants` },
    { text: /flash|toast|popup/i, target: `${P}/shell.md#toasts` },
    { path: /mfe-profile|profile/, target: `${P}/profile.md#constants` },
    { path: /mfe-auth|services\/auth/, target: `${P}/accounts.md#constants` },
    { path: /mfe-marketing|landing/, target: `${P}/public-pages.md#motion` },
    { target: `${P}/shell.md#constants` },
  ],
};

/** The design notes: where each of their rules is written now. */
export const DESIGN_RULES: readonly CitationRule[] = [
  { text: /link-field|link field/i, target: `${P}/profile.md#link-fields` },
  { text: /otp timing|code timing/i, target: `${P}/accounts.md#code-timing` },
  { text: /\bnext\b|same-origin/i, target: `${P}/accounts.md#after-sign-in` },
  { text: /tagline|public setting|names live|product's name/i, target: `${P}/shell.md#product-name` },
  { text: /yearly|799|20%/i, target: `${P}/public-pages.md#pricing` },
  { text: /beyond one machine|user_id|user-data row/i, target: `${A}#beyond-one-machine` },
  {
    text: /user-supplied host|ssrf|allow-list|public address|secrets at rest|encrypt|credential|next areas/i,
    target: `${A}#source-rules`,
  },
  { path: /host-guard|secret-box/, target: `${A}#source-rules` },
  { text: /\bcss\b|global rules?|design tokens/i, target: `${A}#css` },
  { text: /\bjobs?\b|kept library/i, target: `${A}#jobs` },
  { text: /outbox|mail/i, target: `${A}#mail` },
  { path: /outbox/, target: `${A}#mail` },
  {
    text: /flask-jwt|cookie|csrf|session|token|jwks|\bsigns?\b|shared secret|public keys/i,
    target: `${A}#sessions`,
  },
  { text: /embedded|smoke|database|postgres/i, target: `${A}#database` },
  { text: /one-way|never imports/i, target: `${A}#import-rules` },
  {
    text: /singleton|run-time composition|keep working|error boundary/i,
    target: `${A}#run-time-composition`,
  },
  { text: /uploads|beside connections/i, target: `${A}#packages` },
  { text: /services/i, target: `${A}#services` },
  { target: `${A}#shape` },
];

/** The style notes. */
export const STYLE_RULES: readonly CitationRule[] = [
  { text: /one schema/i, target: `${C}#one-schema-per-payload` },
  { text: /names? for (the same|one) thing|four names/i, target: `${C}#one-name-per-thing` },
  { text: /one-way|imports?/i, target: `${A}#import-rules` },
  { target: `${C}#one-way-to-do-each-thing` },
];

/** The first rule whose conditions hold for this file and line. */
export function placeCitation(rules: readonly CitationRule[], path: string, line: string): string {
  const rule = rules.find(
    (candidate) =>
      (candidate.path === undefined || candidate.path.test(path)) &&
      (candidate.text === undefined || candidate.text.test(line)),
  );
  // Every list ends in a rule without conditions; citations.test.ts holds the map to it.
  if (rule === undefined) throw new Error('a citation rule list must end in a rule without conditions');
  return rule.target;
}
