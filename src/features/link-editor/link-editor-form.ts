import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import {
  emptyLinkEditorValues,
  linkEditorSchema,
  type LinkEditorValues,
} from './link-editor-schemas';

export function useLinkEditorForm() {
  return useForm<LinkEditorValues>({
    mode: 'uncontrolled',
    initialValues: emptyLinkEditorValues,
    validate: schemaResolver(linkEditorSchema, { sync: true }),
  });
}

export type LinkEditorForm = ReturnType<typeof useLinkEditorForm>;

/** What each step of the editor's form is given. */
export interface LinkEditorStepProps {
  form: LinkEditorForm;
  /** The create request is in flight. */
  creating: boolean;
  /** A failure that names no field, with its retry, shown above the buttons. */
  failure: ReactNode;
  onCreate: () => void;
}
