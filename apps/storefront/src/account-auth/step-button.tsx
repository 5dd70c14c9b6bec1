import { Button, type ButtonProps } from '@marketkit/ui';
import { useSearchParams } from 'react-router';

/**
 * A button that moves to another step of sign-in or sign-up. Once the app's code runs, it changes the
 * page's step in place; before that (or without JavaScript) it is a GET form to this page with
 * `?step=` (the return path kept), which the page opens at. Nothing typed travels in the address.
 */
export function StepButton({
  step,
  onClick,
  ...props
}: Omit<ButtonProps, 'type' | 'name' | 'value' | 'onClick'> & {
  /** The step to open (`?step=`), or null for the page's first step. */
  step: string | null;
  onClick: () => void;
}) {
  const [params] = useSearchParams();
  const back = params.get('redirect');
  return (
    // No action: the form goes to this page's own address (language prefix included).
    <form method="get" className="contents">
      {back ? <input type="hidden" name="redirect" value={back} /> : null}
      <Button
        {...props}
        type="submit"
        {...(step ? { name: 'step', value: step } : {})}
        onClick={(event) => {
          event.preventDefault();
          onClick();
        }}
      />
    </form>
  );
}

/** The step a `StepButton` opened, when it is one of `steps`. */
export function useOpenedStep<T extends string>(steps: readonly T[]): T | null {
  const [params] = useSearchParams();
  const step = params.get('step');
  return steps.find((candidate) => candidate === step) ?? null;
}
