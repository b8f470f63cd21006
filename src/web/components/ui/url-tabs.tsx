import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '@/web/lib/cn';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

export interface UrlTab {
  value: string;
  label: string;
  Content: ComponentType;
}

/** Tabs whose open tab lives in the URL (`?tab=`), so a reload or a shared link opens the same one. */
export function UrlTabs({ tabs, className }: { tabs: readonly UrlTab[]; className?: string }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = tabs.find((tab) => tab.value === requested)?.value ?? tabs[0]?.value ?? '';
  return (
    <Tabs value={current} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
      <TabsList className={cn('h-auto w-full flex-wrap', className)}>
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map(({ value, Content }) => (
        <TabsContent key={value} value={value} className="mt-4">
          <Content />
        </TabsContent>
      ))}
    </Tabs>
  );
}
