import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '@/session/use-session';
import { confirmRegistration, signInWithToken, type TokenLinkKind } from './token-sign-in';

interface TokenLinkPageProps {
  token: string;
  /** The address the link was e-mailed to. */
  email: string;
  kind: TokenLinkKind;
}

/**
 * The screen of a link from an e-mail. Opening the link does nothing by itself: only pressing
 * Continue signs in, so a link planted on another site cannot sign a visitor in as someone
 * else, nor replace the session of someone already signed in.
 */
export function TokenLinkPage({ token, email, kind }: TokenLinkPageProps) {
  const router = useRouter();
  const session = useSession();
  const [continuing, setContinuing] = useState(false);
  const signedInAs = session.isAuthenticated ? session.email || session.userName : '';
  const replacesSession = signedInAs !== '' && signedInAs.toLowerCase() !== email.toLowerCase();

  const continueAs = async () => {
    setContinuing(true);
    const { context } = router.options;
    const next =
      kind === 'sign-in'
        ? await signInWithToken(token, context)
        : await confirmRegistration(token, context);
    await router.navigate(next);
  };

  return (
    <Container size={460} py="xl">
      <Title order={1} mb="md">
        Continue as {email}?
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Text>
            {kind === 'sign-in'
              ? 'This link signs you in to Shelflink as '
              : 'This link confirms your registration and signs you in to Shelflink as '}
            <strong>{email}</strong>.
          </Text>
          {replacesSession && (
            <Alert
              color="yellow"
              title={`You are signed in as ${signedInAs}`}
              icon={<IconAlertTriangle size={20} aria-hidden />}
            >
              Continuing will sign you out of <strong>{signedInAs}</strong>.
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            Did not open this link from your own e-mail? Close this page: nothing happens until you
            continue.
          </Text>
          <Button loading={continuing} onClick={() => void continueAs()}>
            Continue
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
