import * as RadixDialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens it (rendered as the trigger). */
  trigger?: ReactNode;
  title: string;
  description?: string;
  /** Text of the close button (translated by the caller). */
  closeLabel?: string;
  /** `dialog` is centred; `drawer` slides in from the inline end (the right in LTR, the left in RTL). */
  variant?: 'dialog' | 'drawer';
  children: ReactNode;
}

/** An accessible modal (Radix): focus trapped and restored, Escape closes, title and description announced. */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel = 'Close',
  variant = 'dialog',
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root
      {...(open === undefined ? {} : { open })}
      {...(defaultOpen === undefined ? {} : { defaultOpen })}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-slot="dialog-overlay" className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content
          data-slot={variant === 'drawer' ? 'drawer' : 'dialog'}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={clsx(
            'fixed z-50 flex flex-col gap-4 bg-page p-6 text-page-fg shadow-xl focus:outline-none',
            variant === 'drawer'
              ? 'inset-y-0 end-0 w-full max-w-sm overflow-y-auto'
              : 'start-1/2 top-1/2 max-h-[90dvh] w-[min(92vw,32rem)] -translate-y-1/2 overflow-y-auto rounded-lg ltr:-translate-x-1/2 rtl:translate-x-1/2',
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close className="rounded-md px-2 py-1 text-sm underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-current">
              {closeLabel}
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="text-sm opacity-80">{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A drawer: the dialog sliding in from the inline end. */
export const Drawer = (props: Omit<DialogProps, 'variant'>) => <Dialog {...props} variant="drawer" />;
