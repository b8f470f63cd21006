import { Check, X } from 'lucide-react';
import { passwordScore, passwordStrength, type PasswordRule } from '@/domain/auth/password-rules';
import { cn } from '@/web/lib/cn';

const barColour = { Weak: 'bg-red-600', Medium: 'bg-amber-500', Strong: 'bg-emerald-600' } as const;

/** The password strength meter and the requirement list, updated as the user types. */
export function PasswordStrength({ password, rules }: { password: string; rules: readonly PasswordRule[] }) {
  const score = passwordScore(password);
  const label = passwordStrength(score);
  return (
    <div className="flex flex-col gap-2" data-testid="password-strength">
      <div className="flex items-center justify-between text-xs">
        <span className="text-muted-foreground">Password strength</span>
        <span className="font-medium" data-testid="password-strength-label">
          {password ? label : ''}
        </span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={password ? label : 'Empty'}
      >
        <div className={cn('h-full transition-all', barColour[label])} style={{ width: `${score}%` }} />
      </div>
      <ul className="flex flex-col gap-1 text-xs" aria-label="Password requirements">
        {rules.map((rule) => {
          const met = rule.test(password);
          return (
            <li
              key={rule.id}
              className={cn(
                'flex items-center gap-1.5',
                met ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground',
              )}
            >
              {met ? (
                <Check className="size-3.5" aria-hidden="true" />
              ) : (
                <X className="size-3.5" aria-hidden="true" />
              )}
              <span>{rule.label}</span>
              <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
