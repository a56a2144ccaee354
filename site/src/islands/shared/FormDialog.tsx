// A dialog that asks for a form and sends it (an operator's action, a report, an inquiry, lease terms) or
// asks to confirm one step (accepting terms, deleting a listing: no fields): Radix Dialog with
// its trigger, title and description, the fields the caller gives, an error line, and the one footer —
// Cancel and the submit button, both held while the form is on its way (the dialog cannot be closed then,
// so an answer never lands in a closed dialog). The caller keeps its values, its open state and its send.
import * as Dialog from '@radix-ui/react-dialog';
import type { ComponentProps, FormEvent, ReactNode } from 'react';

const WIDTH = { sm: 'max-w-[440px]', md: 'max-w-lg', lg: 'max-w-[600px]', xl: 'max-w-[640px]' } as const;

export type FormDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Between the description and the form: what the form is about, a notice. */
  before?: ReactNode;
  /** The fields (none for a confirmation). */
  children?: ReactNode;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  submitLabel: string;
  /** The submit button's label while pending (its own label when not given). */
  pendingLabel?: string;
  pending: boolean;
  /** Said above the buttons (role="alert"); fields point at it with aria-describedby through errorId. */
  error?: string;
  errorId?: string;
  /**
   * Set once the form was sent and the dialog says so rather than closing (a report's thanks): it stands in
   * place of the description and the form, with a Close button.
   */
  done?: ReactNode;
  width?: keyof typeof WIDTH;
  /** A confirmation of what cannot be undone: announced as an alert dialog. */
  role?: 'alertdialog';
  /** The submit button of a destructive step. */
  tone?: 'danger';
  formClassName?: string;
  testId?: string;
  /** Radix's: where the focus goes once the dialog has closed (the default: back to the trigger). */
  onCloseAutoFocus?: ComponentProps<typeof Dialog.Content>['onCloseAutoFocus'];
};

export function FormDialog(props: FormDialogProps) {
  const { pending } = props;
  return (
    <Dialog.Root open={props.open} onOpenChange={(next) => !pending && props.onOpenChange(next)}>
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-(--z-overlay) bg-ink/50 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid={props.testId}
          role={props.role ?? 'dialog'}
          onCloseAutoFocus={props.onCloseAutoFocus}
          className={`fixed top-1/2 left-1/2 z-(--z-modal) max-h-[90vh] w-[calc(100vw-2rem)] ${WIDTH[props.width ?? 'md']} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none sm:p-8`}
        >
          <Dialog.Title className="text-xl font-bold tracking-tight text-ink">{props.title}</Dialog.Title>
          {props.done ? (
            <>
              <Dialog.Description className="mt-3 text-sm text-ink">{props.done}</Dialog.Description>
              <div className="mt-5 flex justify-end">
                <Dialog.Close className="btn-primary">Close</Dialog.Close>
              </div>
            </>
          ) : (
            <>
              <Dialog.Description className="mt-1 text-sm text-muted">{props.description}</Dialog.Description>
              {props.before}
              <form className={props.formClassName ?? 'mt-5 flex flex-col gap-4'} noValidate onSubmit={props.onSubmit}>
                {props.children}
                {props.error && (
                  <p id={props.errorId} role="alert" className="text-sm text-[var(--color-danger)]">
                    {props.error}
                  </p>
                )}
                <div className="mt-2 flex flex-col-reverse gap-2 sm:col-span-full sm:flex-row sm:justify-end">
                  <Dialog.Close className="btn-outline" disabled={pending}>
                    Cancel
                  </Dialog.Close>
                  <button type="submit" className={props.tone === 'danger' ? 'btn bg-[var(--color-danger)] text-white hover:opacity-90' : 'btn-primary'} disabled={pending}>
                    {pending ? (props.pendingLabel ?? props.submitLabel) : props.submitLabel}
                  </button>
                </div>
              </form>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
