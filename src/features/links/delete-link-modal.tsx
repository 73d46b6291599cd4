import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { splitFormFailure } from '@/api/form-failure';
import { $api } from '@/api/query-client';
import { ConfirmActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { StackedModal } from '@/components/stacked-modal';
import { useFormFailure } from '@/components/use-form-failure';
import { shortLinkLabel } from '@/lib/short-link';
import { deleteLinkQuestion } from './link-status';
import type { AuthorLink } from './link-types';

interface DeleteLinkModalProps {
  link: AuthorLink | undefined;
  opened: boolean;
  onClose: () => void;
}

export function DeleteLinkModal({ link, opened, onClose }: DeleteLinkModalProps) {
  return (
    <StackedModal opened={opened} onClose={onClose} title="Delete this link?">
      {link && <DeleteConfirmation key={link.id} link={link} onDone={onClose} />}
    </StackedModal>
  );
}

function DeleteConfirmation({ link, onDone }: { link: AuthorLink; onDone: () => void }) {
  const queryClient = useQueryClient();
  const deleteLink = $api.useMutation('delete', '/v1/links');
  const failure = useFormFailure();
  const label = shortLinkLabel(link);

  const confirm = async () => {
    failure.clear();
    try {
      await deleteLink.mutateAsync({ params: { query: { domain: link.domain, code: link.code } } });
    } catch (error) {
      failure.apply(splitFormFailure(error, []));
      return;
    }
    void queryClient.invalidateQueries({ queryKey: ['get', '/v1/links/list'] });
    void queryClient.invalidateQueries({ queryKey: ['get', '/v1/links/count'] });
    notifications.show({
      color: 'teal',
      title: 'Link deleted',
      message: `${label} no longer sends readers on. Its ending stays yours for 30 days.`,
    });
    onDone();
  };

  return (
    <Stack>
      <Text>{deleteLinkQuestion(label, link.clickCount)}</Text>
      <Text size="sm">
        Its reports stay in your totals; the ending stays yours for 30 days. Readers who open it
        will see that it was removed.
      </Text>
      <FormFailure title="The link was not deleted" message={failure.message} />
      <ConfirmActions confirmLabel="Delete link" onConfirm={confirm} onKeep={onDone} />
    </Stack>
  );
}
