import { schemaResolver, useForm } from '@mantine/form';
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
