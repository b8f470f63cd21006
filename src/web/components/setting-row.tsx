import type { ReactNode } from 'react';
import { PremiumBadge } from '@/web/components/ui/badge';

/** A label and description on the left, a control on the right. */
export function SettingRow(props: {
  id: string;
  label: string;
  description?: string;
  premium?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={props.id} className="flex items-center gap-2 text-sm font-medium">
          {props.label}
          {props.premium && <PremiumBadge />}
        </label>
        {props.description && <p className="text-sm text-muted-foreground">{props.description}</p>}
      </div>
      {props.children}
    </div>
  );
}
