/**
 * trove_connectors/playbooks (docs/decisions/004): the playbook data for the shell's /playground page,
 * which opens the template named by `?tpl=`, and each template's workflow draft (issue 40). The one copy of the
 * data; nothing else re-declares it.
 */
export {
  type ActionTag,
  actionTags,
  type Department,
  departments,
  type Difficulty,
  findPlaybook,
  type Playbook,
  playbooks,
} from '../features/playbooks/playbooks';
export { type Connector, connectors, findConnector } from '../features/connectors/connectors';
export {
  type PlaybookDraft,
  playbookDrafts,
  type SuggestedDestination,
  workflowDraftFor,
} from '../features/playbooks/playbook-drafts';
