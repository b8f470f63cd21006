import {
  communityMessages,
  excerpt,
  REPORTS_TO_HIDE,
  type ReportReason,
} from '@/domain/community/community.schema';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { adminEmails } from '../../lib/profiles';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { loadTarget, requireParticipant } from './participation.service';
import { reportEmail } from './community.emails';

export interface ReportDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}

/**
 * A member reports a comment. Reports from REPORTS_TO_HIDE different members (since its last review)
 * hide it until a moderator reviews it. Every administrator is mailed once the report is stored; a
 * failed mail is logged, the report stays in the queue.
 */
export async function reportComment(
  deps: ReportDeps,
  viewer: Viewer,
  id: string,
  input: { reason: ReportReason; details?: string | undefined },
): Promise<{ hidden: boolean }> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const { row, info } = await loadTarget(trx, viewer, id);
    await requireParticipant(trx, viewer, info, { needsProfile: false, stoppedMayAct: true });
    if (row.author_id === viewer.user.id) throw new AppError('conflict', communityMessages.ownReport);
    if (row.status !== 'visible')
      throw new AppError(
        'conflict',
        row.status === 'hidden'
          ? 'This comment is already hidden.'
          : 'This comment has already been removed.',
      );
    const inserted = await trx
      .insertInto('comment_reports')
      .values({
        comment_id: id,
        reporter_id: viewer.user.id,
        reason: input.reason,
        details: input.details || null,
      })
      .onConflict((conflict) => conflict.columns(['comment_id', 'reporter_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new AppError('conflict', communityMessages.alreadyReported);
    // Serialises concurrent reports of one comment, so the third one is the one that hides it.
    const current = await trx
      .selectFrom('comments')
      .select('status')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const { open } = await trx
      .selectFrom('comment_reports')
      .select((eb) => eb.fn.count<string>('reporter_id').distinct().as('open'))
      .where('comment_id', '=', id)
      .where('resolved_at', 'is', null)
      .executeTakeFirstOrThrow();
    const openReports = Number(open);
    const hide = current.status === 'visible' && openReports >= REPORTS_TO_HIDE;
    if (hide)
      await trx
        .updateTable('comments')
        .set({ status: 'hidden', hidden_by: 'reports', hidden_reason: null })
        .where('id', '=', id)
        .execute();
    const names = await trx
      .selectFrom('commenters')
      .select(['user_id', 'display_name'])
      .where('user_id', 'in', [viewer.user.id, row.author_id ?? ''])
      .execute();
    const nameOf = (userId: string | null) =>
      names.find((item) => item.user_id === userId)?.display_name ?? null;
    return {
      hidden: hide,
      notice: {
        reporter: nameOf(viewer.user.id) ?? viewer.user.email,
        author: row.author_id ? (nameOf(row.author_id) ?? 'a member') : 'a deleted member',
        reason: input.reason,
        details: input.details || null,
        excerpt: excerpt(row.body, 300),
        subjectTitle: info.title,
        pageUrl: `${deps.publicUrl}${info.path}#comment-${id}`,
        hidden: hide,
        openReports,
      },
    };
  });
  const admins = await adminEmails(deps.db);
  for (const admin of admins) {
    try {
      await deps.mailer.send(reportEmail(admin, outcome.notice, deps.publicUrl));
    } catch (error) {
      deps.logger.warn({ err: error, commentId: id }, 'could not mail an administrator about a report');
    }
  }
  return { hidden: outcome.hidden };
}
