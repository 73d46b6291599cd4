import '@/components/on-demand-mantine-styles';
import {
  Alert,
  Badge,
  Button,
  Group,
  Radio,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/api/api-error';
import { splitFormFailure } from '@/api/form-failure';
import { $api } from '@/api/query-client';
import { ButtonLink } from '@/components/button-link';
import { FormActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { StackedModal } from '@/components/stacked-modal';
import { useFormFailure } from '@/components/use-form-failure';
import {
  pickedCollectionQueryOptions,
  pickerCollectionsQueryOptions,
} from './collection-picker-queries';
import { shortLinkLabel } from '@/lib/short-link';
import { linkCountLabel, withLinkAdded } from './link-display';
import type { AuthorLink } from './link-types';

const MAX_LINKS_PER_COLLECTION = 100;

interface AddToCollectionModalProps {
  link: AuthorLink | undefined;
  opened: boolean;
  onClose: () => void;
}

export function AddToCollectionModal({ link, opened, onClose }: AddToCollectionModalProps) {
  return (
    <StackedModal opened={opened} onClose={onClose} title="Add to a collection">
      {link && <CollectionPicker key={link.id} link={link} onDone={onClose} />}
    </StackedModal>
  );
}

function CollectionPicker({ link, onDone }: { link: AuthorLink; onDone: () => void }) {
  const queryClient = useQueryClient();
  const collections = useQuery(pickerCollectionsQueryOptions());
  const updateCollection = $api.useMutation('put', '/v2/collections/{id}');
  const [pickedId, setPickedId] = useState<string>();
  const [pickError, setPickError] = useState<string>();
  const failure = useFormFailure();
  const [saving, setSaving] = useState(false);
  const label = shortLinkLabel(link);

  const add = async () => {
    if (!pickedId) {
      setPickError('Choose a collection.');
      return;
    }
    failure.clear();
    setSaving(true);
    try {
      // The list may be stale: build the new list of links from the collection as it is now.
      const current = await queryClient.query(pickedCollectionQueryOptions(pickedId));
      if (current.linkIds.includes(link.id)) {
        notifications.show({ title: 'Already there', message: `${label} is in ${current.title}.` });
        onDone();
        return;
      }
      if (current.linkIds.length >= MAX_LINKS_PER_COLLECTION) {
        failure.show(
          `${current.title} already holds ${MAX_LINKS_PER_COLLECTION} links, the most a collection can.`,
        );
        return;
      }
      await updateCollection.mutateAsync({
        params: { path: { id: pickedId } },
        body: { title: current.title, linkIds: withLinkAdded(current.linkIds, link.id) },
      });
      void queryClient.invalidateQueries({ queryKey: ['get', '/v2/collections/list'] });
      void queryClient.invalidateQueries({ queryKey: ['get', '/v2/collections/{id}'] });
      notifications.show({
        color: 'teal',
        title: 'Added to collection',
        message: `${label} is now in ${current.title}.`,
      });
      onDone();
    } catch (error) {
      failure.apply(splitFormFailure(error, [], 'The link could not be added. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  if (collections.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading your collections">
        <Skeleton h={56} />
        <Skeleton h={56} />
        <Skeleton h={56} />
      </Stack>
    );
  }

  if (collections.isError) {
    return (
      <Stack>
        <Alert color="red" role="alert" title="Your collections could not be loaded">
          {isApiError(collections.error) ? collections.error.message : 'Please try again.'}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={() => void collections.refetch()}>Try again</Button>
        </Group>
      </Stack>
    );
  }

  const results = collections.data.results;
  if (results.length === 0) {
    return (
      <Stack>
        <Text>
          You have no collections yet. A collection puts a series, a box set or every format of a
          book behind one short link.
        </Text>
        <Group justify="flex-end">
          <ButtonLink to="/links/collections" onClick={onDone}>
            Create a collection
          </ButtonLink>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack>
      <Radio.Group
        label={`Which collection should ${label} join?`}
        value={pickedId ?? null}
        onChange={(value) => {
          setPickedId(value);
          setPickError(undefined);
        }}
        error={pickError}
      >
        <ScrollArea.Autosize mah={320} mt="xs" type="auto">
          <Stack gap="xs">
            {results.map((collection) => {
              const alreadyIn = collection.linkIds.includes(link.id);
              return (
                <Radio.Card key={collection.id} value={collection.id} disabled={alreadyIn} p="sm">
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator disabled={alreadyIn} />
                    <Stack gap={2}>
                      <Text fw={600}>{collection.title}</Text>
                      <Group gap="xs">
                        <Text size="sm" c="dimmed">
                          {linkCountLabel(collection.linkIds.length)}
                        </Text>
                        {alreadyIn && (
                          <Badge size="sm" variant="light">
                            Already in it
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                  </Group>
                </Radio.Card>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      </Radio.Group>
      <FormFailure title="The link was not added" message={failure.message} />
      <FormActions
        onCancel={onDone}
        submitLabel="Add to collection"
        onConfirm={() => void add()}
        pending={saving}
      />
    </Stack>
  );
}
