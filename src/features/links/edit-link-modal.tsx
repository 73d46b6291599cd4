import { Radio, Stack, Switch, Text, TextInput } from '@mantine/core';
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
import { shortLinkLabel } from '@/lib/short-link';
import { destinationAddressProps, verbatimFieldProps } from '@/lib/validation-rules';
import {
  EDIT_LINK_SERVER_FIELDS,
  editLinkSchema,
  editLinkValues,
  updateLinkRequest,
} from './edit-link-form';
import type { AuthorLink } from './link-types';

interface EditLinkModalProps {
  link: AuthorLink | undefined;
  opened: boolean;
  onClose: () => void;
}

export function EditLinkModal({ link, opened, onClose }: EditLinkModalProps) {
  return (
    <StackedModal opened={opened} onClose={onClose} title="Edit link" size="lg">
      {link && <EditLinkForm key={link.id} link={link} onDone={onClose} />}
    </StackedModal>
  );
}

function EditLinkForm({ link, onDone }: { link: AuthorLink; onDone: () => void }) {
  const queryClient = useQueryClient();
  const updateLink = $api.useMutation('put', '/v1/links');
  const initial = editLinkValues(link);
  const form = useForm({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(editLinkSchema, { sync: true }),
  });
  const failure = useFormFailure(form);
  const label = shortLinkLabel(link);
  const { expires, afterExpiry, allStores } = form.values;

  const submit = form.onSubmit((values) => {
    const checked = v.parse(editLinkSchema, values);
    failure.clear();
    updateLink.mutate(
      { body: updateLinkRequest(link, checked, initial) },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: ['get', '/v1/links/list'] });
          notifications.show({
            color: 'teal',
            title: 'Link saved',
            message: `${label} is updated.`,
          });
          onDone();
        },
        onError: (error) => {
          failure.apply(splitFormFailure(error, EDIT_LINK_SERVER_FIELDS));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          Changes apply to <strong>{label}</strong> at once. Its ending and its clicks so far stay
          as they are.
        </Text>
        <TextInput
          label="Destination"
          description="A retailer or product page. We add https:// if you leave it out."
          placeholder="https://books.apple.com/…"
          required
          data-autofocus
          {...destinationAddressProps}
          {...form.getInputProps('url')}
        />
        <Radio.Group
          label="Where readers go"
          value={allStores ? 'every' : 'one'}
          onChange={(value) => {
            form.setFieldValue('allStores', value === 'every');
          }}
          error={form.errors.allStores}
          errorProps={{ role: 'alert' }}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="one" label="One store" description="Straight to the destination." />
            <Radio
              value="every"
              label="Every store"
              description="A page listing every store that sells the book. Needs the book’s ISBN."
            />
          </Stack>
        </Radio.Group>
        <Switch
          label="Send readers to their own country's store"
          description="Amazon, Apple Books, Kobo and Google Play open in the reader's country."
          {...form.getInputProps('localise', { type: 'checkbox' })}
        />
        <TextInput label="Title" {...form.getInputProps('title')} />
        <TextInput label="Author" {...form.getInputProps('author')} />
        <TextInput
          label="Cover address"
          description="A web address of the cover image; leave it empty to show none."
          placeholder="https://…/cover.jpg"
          {...verbatimFieldProps}
          {...form.getInputProps('coverImageUrl')}
        />
        <Switch
          label="Ends on a date"
          description="After its last day the link stops sending readers to the book."
          {...form.getInputProps('expires', { type: 'checkbox' })}
        />
        {expires && (
          <Stack gap="sm" pl="md">
            <TextInput
              type="date"
              label="Last day it works"
              description="It ends at midnight UTC after this day."
              required
              {...form.getInputProps('expiryDate')}
            />
            <Radio.Group
              label="What readers get after"
              value={afterExpiry}
              onChange={(value) => {
                form.setFieldValue('afterExpiry', value);
              }}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="fallback" label="Another address" />
                <Radio value="endedPage" label="A page saying the link has ended" />
              </Stack>
            </Radio.Group>
            {afterExpiry === 'fallback' && (
              <TextInput
                label="Address after it ends"
                placeholder="https://…"
                required
                {...destinationAddressProps}
                {...form.getInputProps('fallbackUrl')}
              />
            )}
          </Stack>
        )}
        <FormFailure title="The link was not saved" message={failure.message} />
        <FormActions onCancel={onDone} submitLabel="Save link" pending={updateLink.isPending} />
      </Stack>
    </form>
  );
}
