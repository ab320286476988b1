import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

export interface PendingButtonProps extends ButtonProps {
  /** While true the button is disabled and shows a spinner with `pendingLabel`. */
  pending: boolean;
  pendingLabel: string;
}

/** A button for an action that takes a while (a form's submit, a resend): says so while it runs. */
export function PendingButton({ pending, pendingLabel, disabled, children, ...props }: PendingButtonProps) {
  return (
    <Button disabled={pending || disabled} {...props}>
      {pending && <Spinner />}
      {pending ? pendingLabel : children}
    </Button>
  );
}
