import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { ButtonLink } from '@/components/button-link';
import { useSession } from '@/session/use-session';
import { confirmedEmail } from './email-confirmation';
import type { EmailConfirmationOutcome } from './email-confirmation-outcome';

interface OutcomeText {
  title: string;
  body: string;
}

function outcomeText(outcome: EmailConfirmationOutcome): OutcomeText {
  switch (outcome) {
    case 'confirmed': {
      const email = confirmedEmail();
      return {
        title: 'Your e-mail address is changed',
        body: email
          ? `Shelflink now sends sign-in links and reports to ${email}. Sign in with it from now on.`
          : 'Shelflink now sends sign-in links and reports to your new address. Sign in with it from now on.',
      };
    }
    case 'expired':
      return {
        title: 'This confirmation link has expired',
        body: 'A confirmation link works for 24 hours. Your account keeps its address: ask for a new link from your account page with "Send again".',
      };
    case 'used':
      return {
        title: 'This confirmation link was already used',
        body: 'Each link works once. Your account page shows the address in force.',
      };
    case 'invalid':
      return {
        title: 'This confirmation link is not valid',
        body: 'It may have been replaced by a newer one, or the change was cancelled. Use the latest e-mail we sent, or ask again from your account page.',
      };
    case 'taken':
      return {
        title: 'This address now belongs to another account',
        body: 'Your account keeps its address. You can choose another one on your account page.',
      };
    case 'failed':
      return {
        title: 'We could not confirm your new address',
        body: 'Your account keeps its address. Check your connection and open the link in the e-mail again.',
      };
  }
}

export function EmailConfirmationPage({ outcome }: { outcome: EmailConfirmationOutcome }) {
  const session = useSession();
  const { title, body } = outcomeText(outcome);
  const confirmed = outcome === 'confirmed';
  const Icon = confirmed ? IconCircleCheck : IconAlertTriangle;

  return (
    <Container size="xs" py="xl">
      <Stack align="flex-start">
        <Title order={1}>
          {confirmed ? 'E-mail address confirmed' : 'E-mail address not changed'}
        </Title>
        <Alert
          color={confirmed ? 'teal' : 'red'}
          title={title}
          icon={<Icon size={20} aria-hidden />}
          role={confirmed ? 'status' : 'alert'}
          w="100%"
        >
          {body}
        </Alert>
        {session.isAuthenticated ? (
          <ButtonLink to="/account">Go to your account</ButtonLink>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="dimmed">
              {confirmed
                ? 'Ask for a sign-in link at your new address.'
                : 'Sign in to see your account.'}
            </Text>
            <ButtonLink to="/login">Sign in</ButtonLink>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
