import { z } from 'zod';
import { hasControls } from './host-name';
import { requestBody } from './request-body';
import { SourceUrlSchema } from './source-urls';

// Issue 43 item 3: a Git repository over HTTPS (GitHub, GitLab, Gitea, Bitbucket, a company's own): its address,
// a token (or none for a public one) and the branch (default: the remote's HEAD). Its text files become
// documents with their path, and its commits documents with the author and date.

export const GIT_MESSAGES = {
  badBranch: 'A branch is a name such as main or release/2.1 (no spaces, "..", or leading "-").',
  usernameTooLong: 'A user name can be at most 320 characters.',
} as const;

/** A branch name as git-check-ref-format allows it, kept to what is safe on a command line. */
const branchName = z
  .string({ error: GIT_MESSAGES.badBranch })
  .trim()
  .min(1, GIT_MESSAGES.badBranch)
  .max(250, GIT_MESSAGES.badBranch)
  .refine(
    (name) =>
      /^[A-Za-z0-9._/+-]+$/.test(name) &&
      !name.startsWith('-') &&
      !name.startsWith('/') &&
      !name.endsWith('/') &&
      !name.endsWith('.lock') &&
      !name.includes('..') &&
      !name.includes('//'),
    GIT_MESSAGES.badBranch,
  );

export const GitSettingsSchema = z.object({
  /** The repository's HTTPS address (https://github.com/owner/name or …/name.git). */
  url: SourceUrlSchema,
  /** Sent with the token; most hosts take any name with a token ("x-access-token" when empty). */
  username: z
    .string()
    .trim()
    .max(320, GIT_MESSAGES.usernameTooLong)
    .refine((name) => !hasControls(name) && !name.includes(':'), GIT_MESSAGES.usernameTooLong)
    .default(''),
  /** null: the branch the remote's HEAD names. */
  branch: branchName.nullable().default(null),
});
export type GitSettings = z.output<typeof GitSettingsSchema>;
export type GitSettingsInput = z.input<typeof GitSettingsSchema>;

export const gitSettingsRequest = requestBody(GitSettingsSchema.shape);

export const GitSettingsChangeSchema = requestBody({
  url: SourceUrlSchema.optional(),
  username: GitSettingsSchema.shape.username.unwrap().optional(),
  /** null: the remote's HEAD again; absent: unchanged. */
  branch: branchName.nullable().optional(),
});
export type GitSettingsChange = z.output<typeof GitSettingsChangeSchema>;

/** A token (or "" for a public repository). */
export const GitTokenSchema = z.string({ error: 'Enter the token ("" for a public repository).' }).max(1024);
