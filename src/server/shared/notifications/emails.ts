import { groupDigest, type DigestItem } from '@/domain/alerts/rules';
import type { MailMessage } from '../../lib/mailer';
import {
  categoryLabels,
  oneClickUnsubscribeUrl,
  unsubscribeUrl,
  type UnsubscribeCategory,
} from './unsubscribe';

export interface MailLinks {
  publicUrl: string;
  /** The signed token for this mail's category. */
  unsubscribeToken: string;
  category: UnsubscribeCategory;
}

const absolute = (publicUrl: string, url: string | null) =>
  url === null ? null : url.startsWith('/') ? `${publicUrl}${url}` : url;

/** The footer every notification email carries, and the RFC 8058 one-click headers. */
export function withUnsubscribe(to: string, subject: string, body: string, links: MailLinks): MailMessage {
  const page = unsubscribeUrl(links.publicUrl, links.unsubscribeToken);
  return {
    to,
    subject,
    text: [
      body,
      '',
      '—',
      `XRP Research · ${links.publicUrl}`,
      `Stop ${categoryLabels[links.category]}: ${page}`,
      // A newsletter subscriber may have no account, so no settings to point to.
      ...(links.category === 'newsletter' ? [] : [`All notification settings: ${links.publicUrl}/settings`]),
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(links.publicUrl, links.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * An analyst's answer to the member's own question: the answer and a link to the thread.
 * No unsubscribe: it is the reply to a request the member made, like a help desk's.
 */
export function answerEmail(
  to: string,
  item: { title: string; body: string; url: string | null },
  publicUrl: string,
): MailMessage {
  const url = absolute(publicUrl, item.url);
  return {
    to,
    subject: item.title,
    text: [
      item.body,
      '',
      ...(url ? [`Read the whole thread and reply: ${url}`, ''] : []),
      '—',
      `XRP Research · ${publicUrl}`,
      'You receive this because you asked our analysts a question.',
    ].join('\n'),
  };
}

/** One alert, or a digest of several grouped by type. */
export function alertsEmail(to: string, items: readonly DigestItem[], links: MailLinks): MailMessage {
  const digest = groupDigest(items);
  const line = (item: DigestItem) => {
    const url = absolute(links.publicUrl, item.url);
    return `${item.title}\n${item.body}${url ? `\n${url}` : ''}`;
  };
  const only = items.length === 1 ? items[0] : undefined;
  const body = only
    ? line(only)
    : digest.sections
        .map(
          (section) => `${section.name} (${section.items.length})\n\n${section.items.map(line).join('\n\n')}`,
        )
        .join('\n\n\n');
  return withUnsubscribe(to, digest.subject, body, links);
}

export interface WeeklySummary {
  weekLabel: string;
  price: string;
  change: string;
  fearGreed: string;
  whales: string;
  headlines: { title: string; url: string }[];
}

export function weeklySummaryEmail(to: string, summary: WeeklySummary, links: MailLinks): MailMessage {
  const headlines =
    summary.headlines.length > 0
      ? summary.headlines.map((headline) => `• ${headline.title}\n  ${headline.url}`).join('\n')
      : 'No headlines this week.';
  const body = [
    `Your XRP week, ${summary.weekLabel}`,
    '',
    `Price: ${summary.price} (${summary.change} over 7 days)`,
    `Fear & Greed: ${summary.fearGreed}`,
    `Whale transfers: ${summary.whales}`,
    '',
    'Top headlines',
    headlines,
    '',
    `The dashboard: ${links.publicUrl}/analytics`,
  ].join('\n');
  return withUnsubscribe(to, `XRP weekly summary: ${summary.weekLabel}`, body, links);
}
