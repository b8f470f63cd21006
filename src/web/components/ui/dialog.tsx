import { X } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/web/lib/cn';
import { useReturnFocus } from './return-focus';

export const Dialog = Primitive.Root;
export const DialogTrigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;

export function DialogContent({
  title,
  description,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof Primitive.Content> & { title: string; description?: ReactNode }) {
  const returnFocus = useReturnFocus();
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="animate-fade-in fixed inset-0 z-50 bg-black/50" />
      <Primitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={(event) => {
          returnFocus.onOpenAutoFocus();
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented) returnFocus.onCloseAutoFocus(event);
        }}
        {...props}
      >
        <Primitive.Title className="pr-8 text-lg font-semibold">{title}</Primitive.Title>
        {description && (
          <Primitive.Description className="text-sm text-muted-foreground">
            {description}
          </Primitive.Description>
        )}
        {children}
        <Primitive.Close
          className="absolute right-4 top-4 rounded-sm opacity-80 hover:opacity-100"
          aria-label="Close"
        >
          <X className="size-5" aria-hidden="true" />
        </Primitive.Close>
      </Primitive.Content>
    </Primitive.Portal>
  );
}
