import { DESTINATION_KIND_LABELS, type DestinationKind } from '@trove/contracts';
import type { AnswerDigest } from '@trove/service-core';

// What a post says, in each service's own format (issue 22 "Ship"): the question, the summary with each
// sentence linked to its passage, the fields table, and the passages it rests on. Slack: Block Kit (section
// blocks of mrkdwn, `text` as the notification fallback). Teams: an Adaptive Card in the message envelope a
// Workflows "Post to a channel when a webhook request is received" flow takes (attachments[0] with
// contentType application/vnd.microsoft.card.adaptive). Google Chat: cardsV2 (header, sections of widgets).

export type { AnswerDigest };

/** Slack's section text is at most 3,000 characters; Google Chat's and Teams' are larger but a post is a glance. */
const SECTION_MAX = 2_900;
const PASSAGES_MAX = 5;
/** Rows of the fields table a post or a mail carries; an answer with more says so and links to the chat. */
export const FIELDS_MAX = 10;

function cut(text: string, max = SECTION_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Slack mrkdwn: &, < and > are control characters; a link is <url|label>. */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Teams' TextBlock markdown: brackets would start a link. */
const teamsEscape = (text: string) => text.replace(/([[\]\\*_])/g, '\\$1');
/** Google Chat's textParagraph takes a small HTML subset. */
const htmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function fieldLine(row: AnswerDigest['fields'][number]): string[] {
  return row.cells.filter((part) => part !== '');
}

export function slackPayload(digest: AnswerDigest): unknown {
  const summary = digest.summary.map((s) => `${slackEscape(s.text)} <${s.url}|↗>`).join(' ');
  const blocks: unknown[] = [
    { type: 'header', text: { type: 'plain_text', text: cut(digest.question, 150) } },
    {
      type: 'section',
      text: { type: 'mrkdwn', text: cut(summary || `_${slackEscape('No summary: see the passages.')}_`) },
    },
  ];
  if (digest.fields.length > 0) {
    const lines = digest.fields
      .slice(0, FIELDS_MAX)
      .map((row) => `• ${slackEscape(fieldLine(row).join(' · '))} — <${row.url}|${slackEscape(row.source)}>`);
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: cut(`*Fields*\n${lines.join('\n')}`) } });
  }
  for (const passage of digest.passages.slice(0, PASSAGES_MAX)) {
    blocks.push({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: cut(`<${passage.url}|${slackEscape(passage.source)}>\n>${slackEscape(passage.snippet)}`),
      },
    });
  }
  blocks.push({
    type: 'context',
    elements: [
      { type: 'mrkdwn', text: `<${digest.chatUrl}|Open the chat in ${slackEscape(digest.product)}>` },
    ],
  });
  return { text: cut(`${digest.question}: ${digest.summary.map((s) => s.text).join(' ')}`), blocks };
}

export function teamsPayload(digest: AnswerDigest): unknown {
  const body: unknown[] = [
    { type: 'TextBlock', text: teamsEscape(digest.question), weight: 'Bolder', size: 'Medium', wrap: true },
    {
      type: 'TextBlock',
      wrap: true,
      text: cut(
        digest.summary.map((s) => `${teamsEscape(s.text)} [↗](${s.url})`).join(' ') ||
          'No summary: see the passages.',
      ),
    },
  ];
  if (digest.fields.length > 0) {
    body.push({
      type: 'FactSet',
      facts: digest.fields.slice(0, FIELDS_MAX).map((row) => ({
        title: teamsEscape(row.source),
        value: teamsEscape(fieldLine(row).join(' · ') || '—'),
      })),
    });
  }
  for (const passage of digest.passages.slice(0, PASSAGES_MAX)) {
    body.push({
      type: 'TextBlock',
      wrap: true,
      isSubtle: true,
      text: cut(`[${teamsEscape(passage.source)}](${passage.url}): ${teamsEscape(passage.snippet)}`),
    });
  }
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          actions: [{ type: 'Action.OpenUrl', title: `Open in ${digest.product}`, url: digest.chatUrl }],
        },
      },
    ],
  };
}

export function googleChatPayload(digest: AnswerDigest): unknown {
  const widgets: unknown[] = [
    {
      textParagraph: {
        text: cut(
          digest.summary.map((s) => `${htmlEscape(s.text)} <a href="${htmlEscape(s.url)}">↗</a>`).join(' ') ||
            '<i>No summary: see the passages.</i>',
        ),
      },
    },
  ];
  const sections: unknown[] = [{ widgets }];
  if (digest.fields.length > 0) {
    sections.push({
      header: 'Fields',
      widgets: digest.fields.slice(0, FIELDS_MAX).map((row) => ({
        decoratedText: {
          topLabel: cut(row.source, 200),
          text: htmlEscape(fieldLine(row).join(' · ') || '—'),
          wrapText: true,
          button: { text: 'Open', onClick: { openLink: { url: row.url } } },
        },
      })),
    });
  }
  if (digest.passages.length > 0) {
    sections.push({
      header: 'Passages',
      widgets: digest.passages.slice(0, PASSAGES_MAX).map((passage) => ({
        textParagraph: {
          text: cut(
            `<a href="${htmlEscape(passage.url)}">${htmlEscape(passage.source)}</a><br>${htmlEscape(passage.snippet)}`,
          ),
        },
      })),
    });
  }
  sections.push({
    widgets: [
      {
        buttonList: {
          buttons: [{ text: `Open in ${digest.product}`, onClick: { openLink: { url: digest.chatUrl } } }],
        },
      },
    ],
  });
  return {
    text: cut(digest.question, 500),
    cardsV2: [
      {
        cardId: 'answer',
        card: { header: { title: cut(digest.question, 200), subtitle: digest.product }, sections },
      },
    ],
  };
}

export function payloadFor(kind: DestinationKind, digest: AnswerDigest): unknown {
  switch (kind) {
    case 'slack':
      return slackPayload(digest);
    case 'teams':
      return teamsPayload(digest);
    case 'google_chat':
      return googleChatPayload(digest);
  }
}

export const kindLabel = (kind: DestinationKind) => DESTINATION_KIND_LABELS[kind];
