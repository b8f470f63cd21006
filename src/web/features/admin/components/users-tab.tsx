import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CANNOT_MODIFY_SELF, auditActionSchema, type AdminUser } from '@/domain/admin/admin.schema';
import { useSession } from '@/web/lib/session';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { Spinner } from '@/web/components/ui/spinner';
import { auditQuery, usersQuery } from '../api/admin';
import { auditActionLabels } from '../lib/audit-labels';
import { planLabels } from '../lib/labels';
import { BlockUserDialog, EditUserDialog } from './user-dialogs';
import { Pager } from '@/web/components/pager';
import { useDates } from '@/web/lib/preferences';
import { TableScroll } from '@/web/components/ui/table-scroll';

/** Staff are marked beside their name: administrators, and analysts (who answer members' questions). */
function RoleBadge({ role }: { role: AdminUser['role'] }) {
  if (role === 'admin')
    return (
      <Badge className="ml-2" title="Administrators change with the CLI">
        Admin
      </Badge>
    );
  if (role === 'analyst') return <Badge className="ml-2 border-primary/50 text-primary">Analyst</Badge>;
  return null;
}

function AuditLogCard({
  userFilter,
  onClearUser,
}: {
  userFilter: AdminUser | null;
  onClearUser: () => void;
}) {
  const dates = useDates();
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const logs = useQuery(
    auditQuery({ ...(userFilter ? { userId: userFilter.userId } : {}), ...(action ? { action } : {}) }, page),
  );
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Audit Log</CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          {userFilter && (
            <Button variant="outline" size="sm" onClick={onClearUser}>
              {userFilter.email} ✕
            </Button>
          )}
          <Select
            aria-label="Filter by action"
            className="w-52"
            value={action}
            onChange={(event) => {
              setAction(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All actions</option>
            {auditActionSchema.options.map((option) => (
              <option key={option} value={option}>
                {auditActionLabels[option]}
              </option>
            ))}
          </Select>
        </div>
      </CardHeader>
      <CardContent>
        {logs.isPending ? (
          <Spinner label="Loading..." />
        ) : logs.isError ? (
          <p role="alert" className="text-destructive">
            Failed to load the audit log
          </p>
        ) : logs.data.logs.length === 0 ? (
          <p className="text-sm text-muted-foreground">No audit entries.</p>
        ) : (
          <>
            <ul className="divide-y text-sm" aria-label="Audit log">
              {logs.data.logs.map((log) => (
                <li key={log.id} className="flex flex-col gap-0.5 py-2">
                  <span>
                    <span className="font-medium">{auditActionLabels[log.actionType]}</span>{' '}
                    <code className="text-xs text-muted-foreground">{log.actionType}</code> ·{' '}
                    {log.targetEmail ?? 'deleted user'} · by {log.adminEmail ?? 'unknown'}
                  </span>
                  <span className="break-all text-muted-foreground">
                    {JSON.stringify(log.oldValue)} → {JSON.stringify(log.newValue)}
                    {log.reason ? ` · reason: ${log.reason}` : ''}
                  </span>
                  <time className="text-xs text-muted-foreground" dateTime={log.createdAt}>
                    {dates.dateTime(log.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
            <Pager page={page} pageSize={logs.data.pageSize} total={logs.data.total} onPage={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Admin → User Management: search, edit name, plan and role (analyst or not), block
 * with a reason, and the audit trail.
 */
export function UsersTab() {
  const dates = useDates();
  const { user: me } = useSession();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [blocking, setBlocking] = useState<AdminUser | null>(null);
  const [history, setHistory] = useState<AdminUser | null>(null);
  // The search applies 300 ms after the last key; only a changed search goes back to page 1, so the
  // first render's timer cannot undo a Next pressed within 300 ms.
  useEffect(() => {
    const next = search.trim();
    if (next === query) return;
    const timer = setTimeout(() => {
      setQuery(next);
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search, query]);
  const users = useQuery(usersQuery(query, page));

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Users</CardTitle>
          <Input
            type="search"
            aria-label="Search users by name or email"
            placeholder="Search by name or email"
            className="w-full sm:w-72"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </CardHeader>
        <CardContent>
          {users.isPending ? (
            <Spinner label="Loading..." />
          ) : users.isError ? (
            <p role="alert" className="text-destructive">
              Failed to fetch users
            </p>
          ) : users.data.users.length === 0 ? (
            <p className="text-sm text-muted-foreground">No users match.</p>
          ) : (
            <>
              <TableScroll label="Users">
                <table className="w-full min-w-[44rem] text-left text-sm">
                  <thead className="text-muted-foreground">
                    <tr>
                      <th className="py-2 pr-4 font-medium">Name</th>
                      <th className="py-2 pr-4 font-medium">Email</th>
                      <th className="py-2 pr-4 font-medium">Plan</th>
                      <th className="py-2 pr-4 font-medium">Status</th>
                      <th className="py-2 pr-4 font-medium">Joined</th>
                      <th className="py-2 font-medium">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y">
                    {users.data.users.map((user) => {
                      const self = user.userId === me?.id;
                      const name = user.fullName || 'User';
                      return (
                        <tr key={user.id} data-testid="admin-user-row">
                          <td className="py-2 pr-4">
                            {name}
                            <RoleBadge role={user.role} />
                          </td>
                          <td className="py-2 pr-4">{user.email}</td>
                          <td className="py-2 pr-4">{planLabels[user.subscriptionPlan]}</td>
                          <td className="py-2 pr-4">
                            {user.blocked ? (
                              <span className="text-destructive" title={user.blockReason ?? undefined}>
                                Blocked
                              </span>
                            ) : (
                              'Active'
                            )}
                          </td>
                          <td className="py-2 pr-4 whitespace-nowrap">{dates.date(user.createdAt)}</td>
                          <td className="py-2">
                            <div className="flex flex-wrap justify-end gap-1">
                              <Button
                                variant="outline"
                                size="sm"
                                disabled={self}
                                title={self ? CANNOT_MODIFY_SELF : undefined}
                                aria-label={`Edit ${user.email}`}
                                onClick={() => setEditing(user)}
                              >
                                Edit
                              </Button>
                              <Button
                                variant="outline"
                                size="sm"
                                disabled={self}
                                aria-label={`${user.blocked ? 'Unblock' : 'Block'} ${user.email}`}
                                onClick={() => setBlocking(user)}
                              >
                                {user.blocked ? 'Unblock' : 'Block'}
                              </Button>
                              <Button
                                variant="ghost"
                                size="sm"
                                aria-label={`History of ${user.email}`}
                                onClick={() => setHistory(user)}
                              >
                                History
                              </Button>
                            </div>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </TableScroll>
              <Pager page={page} pageSize={users.data.pageSize} total={users.data.total} onPage={setPage} />
            </>
          )}
        </CardContent>
      </Card>
      {/* Keyed by the user: choosing another user's history starts again at page 1. */}
      <AuditLogCard
        key={history?.userId ?? 'all'}
        userFilter={history}
        onClearUser={() => setHistory(null)}
      />
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
      {blocking && <BlockUserDialog user={blocking} onClose={() => setBlocking(null)} />}
    </div>
  );
}
