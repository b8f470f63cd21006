import { useQuery } from '@tanstack/react-query';
import { useDates } from '@/web/lib/preferences';
import { Spinner } from '@/web/components/ui/spinner';
import { taskRunsQuery } from '../api/admin';
import { TableScroll } from '@/web/components/ui/table-scroll';

/** The background tasks (prunes), what each does, its last run and error. */
export function TasksPanel() {
  const dates = useDates();
  const tasks = useQuery(taskRunsQuery);
  if (tasks.isPending) return <Spinner label="Loading..." />;
  if (tasks.isError)
    return (
      <p role="alert" className="text-destructive">
        Failed to load the background tasks
      </p>
    );
  return (
    <TableScroll label="Background tasks">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="text-muted-foreground">
          <tr>
            <th className="py-2 pr-4 font-medium">Task</th>
            <th className="py-2 pr-4 font-medium">Last run</th>
            <th className="py-2 pr-4 font-medium">Duration</th>
            <th className="py-2 pr-4 font-medium">Result</th>
            <th className="py-2 font-medium">Next run</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {tasks.data.map((task) => (
            <tr key={task.name} data-testid="task-run">
              <td className="py-2 pr-4">
                {task.name}
                <span className="block text-xs text-muted-foreground">{task.description}</span>
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">
                {task.lastStartedAt ? dates.age(task.lastStartedAt) : 'Not run yet'}
              </td>
              <td className="py-2 pr-4">
                {task.lastDurationMs === null ? '—' : `${task.lastDurationMs} ms`}
              </td>
              <td className="py-2 pr-4 break-words">
                {task.lastStatus === 'error' ? (
                  <span className="text-destructive">{task.lastError}</span>
                ) : (
                  (task.lastDetails ?? '—')
                )}
              </td>
              <td className="py-2 whitespace-nowrap">
                {task.nextRunAt ? dates.dateTime(task.nextRunAt) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
