import { useState } from 'react';
import type { FieldErrors } from '@/api/api-error';
import type { FormFailureSplit } from '@/api/form-failure';

/** The part of a Mantine form that shows errors at its fields. */
interface FormWithFieldErrors {
  setErrors: (errors: FieldErrors) => void;
}

/**
 * Why a form's last attempt failed. `apply` puts a split failure's errors at the form's fields and
 * its message in the form's alert (`<FormFailure>`); `show` sets the message alone, and `clear`
 * hides it when the author tries again. Without a form, only the message is kept.
 */
export function useFormFailure(form?: FormWithFieldErrors) {
  const [message, setMessage] = useState<string>();
  return {
    message,
    apply: (failure: FormFailureSplit) => {
      form?.setErrors(failure.fieldErrors);
      setMessage(failure.message);
    },
    show: (text: string) => {
      setMessage(text);
    },
    clear: () => {
      setMessage(undefined);
    },
  };
}

export type FormFailureState = ReturnType<typeof useFormFailure>;
