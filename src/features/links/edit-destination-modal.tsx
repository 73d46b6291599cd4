import { Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { splitFormFailure } from '@/api/form-failure';
import { $api } from '@/api/query-client';
import { FormActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { StackedModal } from '@/components/stacked-modal';
import { useFormFailure } from '@/components/use-form-failure';
import { destinationAddressProps, destinationUrlSchema } from '@/lib/validation-rules';
import { shortLinkLabel } from './link-display';
import type { AuthorLink } from './link-types';

const destinationFormSchema = v.object({ url: destinationUrlSchema });

interface EditDestinationModalProps {
  link: AuthorLink | undefined;
  opened: boolean;
  onClose: () => void;
}

export function EditDestinationModal({ link, opened, onClose }: EditDestinationModalProps) {
  return (
    <StackedModal opened={opened} onClose={onClose} title="Change where this link leads">
      {link && <EditDestinationForm key={link.id} link={link} onDone={onClose} />}
    </StackedModal>
  );
}

function EditDestinationForm({ link, onDone }: { link: AuthorLink; onDone: () => void }) {
  const queryClient = useQueryClient();
  const updateLink = $api.useMutation('put', '/v1/links');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { url: link.url },
    validate: schemaResolver(destinationFormSchema, { sync: true }),
  });
  const failure = useFormFailure(form);
  const label = shortLinkLabel(link);

  const submit = form.onSubmit((values) => {
    const { url } = v.parse(destinationFormSchema, values);
    failure.clear();
    updateLink.mutate(
      { body: { domain: link.domain, code: link.code, baseCode: link.baseCode, url } },
      {
        onSuccess: (updated) => {
          void queryClient.invalidateQueries({ queryKey: ['get', '/v1/links/list'] });
          notifications.show({
            color: 'teal',
            title: 'Destination changed',
            message: `${label} now leads to ${updated.url}`,
          });
          onDone();
        },
        onError: (error) => {
          failure.apply(splitFormFailure(error, ['url']));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          Readers who open <strong>{label}</strong> will be sent to the new address. Its clicks so
          far stay with the link.
        </Text>
        <TextInput
          label="Destination"
          description="A retailer or product page. We add https:// if you leave it out."
          placeholder="https://books.apple.com/…"
          required
          data-autofocus
          {...destinationAddressProps}
          key={form.key('url')}
          {...form.getInputProps('url')}
        />
        <FormFailure title="The destination was not changed" message={failure.message} />
        <FormActions
          onCancel={onDone}
          submitLabel="Save destination"
          pending={updateLink.isPending}
        />
      </Stack>
    </form>
  );
}
