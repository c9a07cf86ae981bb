import type { Migration } from 'kysely';
import * as createUsers from './2026-11-22-01-create-users';
import * as accounts from './2026-11-22-02-accounts';
import * as search from './2026-11-23-01-search';
import * as chats from './2026-11-23-02-chats';
import * as passageKind from './2026-11-23-03-passage-kind';
import * as searchGinFastupdate from './2026-11-23-03-search-gin-fastupdate';
import * as searchPostings from './2026-11-23-04-search-postings';
import * as chatMailLedger from './2026-11-24-01-chat-mail-ledger';
import * as sessionLifetime from './2026-11-24-02-session-lifetime';
import * as refreshSuccessor from './2026-11-24-03-refresh-successor';
import * as searchJobTurns from './2026-11-24-04-search-job-turns';
import * as loginThrottle from './2026-11-25-01-login-throttle';
import * as uploadChunks from './2026-11-25-02-upload-chunks';
import * as serviceRoles from './2026-11-25-03-service-roles';
import * as searchFields from './2026-11-25-04-search-fields';
import * as documentSentAt from './2026-11-25-05-document-sent-at';
import * as answerSnippetParts from './2026-11-25-06-answer-snippet-parts';
import * as sources from './2026-11-25-07-sources';
import * as jobLibrary from './2026-11-25-08-job-library';
import * as uploadsIndex from './2026-11-25-09-uploads-index';
import * as destinations from './2026-11-25-11-destinations';
import * as changeNotifications from './2026-11-25-12-change-notifications';
import * as databaseSources from './2026-11-26-01-database-sources';
import * as postingsWithoutUserKey from './2026-11-26-02-postings-without-user-key';
import * as passagesWithoutTsvIndex from './2026-11-26-03-passages-without-tsv-index';
import * as postingLists from './2026-11-26-04-posting-lists';
import * as smallListPages from './2026-11-26-05-small-list-pages';
import * as containedDocuments from './2026-11-29-50-contained-documents';
import * as destinationPostLease from './2026-11-29-20-destination-post-lease';
import * as documentRecords from './2026-11-29-60-document-records';
import * as recordCollections from './2026-11-29-61-record-collections';
import * as sourceKindCheckpoints from './2026-11-29-70-source-kind-checkpoints';
import * as workflows from './2026-11-29-85-workflows';
import * as sourcesService from './2026-11-29-90-sources-service';
import * as deliveryRetriesShown from './2026-11-29-95-delivery-retries-shown';
import * as destinationPinnedCertificate from './2026-11-29-96-destination-pinned-certificate';
import * as sourceFileChunks from './2026-11-29-97-source-file-chunks';
import * as extractionResume from './2026-11-30-10-extraction-resume';
import * as answerReadIndexes from './2026-11-30-30-answer-read-indexes';
import * as shortLexemesInSearchWords from './2026-11-30-40-short-lexemes-in-search-words';
import * as senderIndexPendingList from './2026-11-30-50-sender-index-pending-list';
import * as searchReadsAccountName from './2026-11-29-75-search-reads-account-name';
import * as searchWords from './2026-11-29-80-search-words';
import * as searchWordsByLetter from './2026-11-29-99-search-words-by-letter';

// Every migration, imported by name rather than read from the folder at run time, so the list works
// the same under tsx, vitest or any bundler. Append-only: add a file and a line, never edit one.
// Names sort by date, which is the order kysely runs them in.
export const migrations: Record<string, Migration> = {
  '2026-11-22-01-create-users': createUsers,
  '2026-11-22-02-accounts': accounts,
  '2026-11-23-01-search': search,
  '2026-11-23-02-chats': chats,
  '2026-11-23-03-passage-kind': passageKind,
  '2026-11-23-03-search-gin-fastupdate': searchGinFastupdate,
  '2026-11-23-04-search-postings': searchPostings,
  '2026-11-24-01-chat-mail-ledger': chatMailLedger,
  '2026-11-24-02-session-lifetime': sessionLifetime,
  '2026-11-24-03-refresh-successor': refreshSuccessor,
  '2026-11-24-04-search-job-turns': searchJobTurns,
  '2026-11-25-01-login-throttle': loginThrottle,
  '2026-11-25-02-upload-chunks': uploadChunks,
  '2026-11-25-03-service-roles': serviceRoles,
  '2026-11-25-04-search-fields': searchFields,
  '2026-11-25-05-document-sent-at': documentSentAt,
  '2026-11-25-06-answer-snippet-parts': answerSnippetParts,
  '2026-11-25-07-sources': sources,
  '2026-11-25-08-job-library': jobLibrary,
  '2026-11-25-09-uploads-index': uploadsIndex,
  '2026-11-25-11-destinations': destinations,
  '2026-11-25-12-change-notifications': changeNotifications,
  '2026-11-26-01-database-sources': databaseSources,
  '2026-11-26-02-postings-without-user-key': postingsWithoutUserKey,
  '2026-11-26-03-passages-without-tsv-index': passagesWithoutTsvIndex,
  '2026-11-26-04-posting-lists': postingLists,
  '2026-11-26-05-small-list-pages': smallListPages,
  '2026-11-29-20-destination-post-lease': destinationPostLease,
  '2026-11-29-50-contained-documents': containedDocuments,
  '2026-11-29-60-document-records': documentRecords,
  '2026-11-29-61-record-collections': recordCollections,
  '2026-11-29-70-source-kind-checkpoints': sourceKindCheckpoints,
  '2026-11-29-75-search-reads-account-name': searchReadsAccountName,
  '2026-11-29-80-search-words': searchWords,
  '2026-11-29-85-workflows': workflows,
  '2026-11-29-90-sources-service': sourcesService,
  '2026-11-29-95-delivery-retries-shown': deliveryRetriesShown,
  '2026-11-29-96-destination-pinned-certificate': destinationPinnedCertificate,
  '2026-11-29-97-source-file-chunks': sourceFileChunks,
  '2026-11-29-99-search-words-by-letter': searchWordsByLetter,
  '2026-11-30-10-extraction-resume': extractionResume,
  '2026-11-30-30-answer-read-indexes': answerReadIndexes,
  '2026-11-30-40-short-lexemes-in-search-words': shortLexemesInSearchWords,
  '2026-11-30-50-sender-index-pending-list': senderIndexPendingList,
};
