import type { AuditLog } from '@/domain/admin/admin.schema';

/** The audit trail's action types in words (a Record, so a new action type fails the typecheck here). */
export const auditActionLabels: Record<AuditLog['actionType'], string> = {
  subscription_change: 'Plan changed',
  profile_update: 'Profile updated',
  user_block: 'User blocked',
  user_unblock: 'User unblocked',
  role_change: 'Role changed',
  domino_event_create: 'Domino event created',
  domino_event_update: 'Domino event updated',
  domino_event_delete: 'Domino event deleted',
  domino_event_reorder: 'Domino events reordered',
  research_post_create: 'Research post created',
  research_post_update: 'Research post updated',
  research_post_delete: 'Research post deleted',
  comment_hide: 'Comment hidden',
  comment_restore: 'Comment restored',
  comment_delete: 'Comment deleted',
  commenting_stop: 'Commenting stopped',
  commenting_resume: 'Commenting allowed again',
  known_account_add: 'Account named',
  known_account_update: 'Account name changed',
  known_entity_merge: 'Entities merged',
};
