import { Divider, Stack, Text, Title } from '@mantine/core';
import { AffiliateTokensSection } from './affiliate-tokens-section';
import { AppleServicesSection } from './apple-services-section';
import { PartnerProgramSection } from './partner-program-section';

export function AffiliateSettingsPage() {
  return (
    <div>
      <Stack gap="xl">
        <div>
          <Title order={1}>Affiliate Settings</Title>
          <Text c="dimmed" mt={4}>
            Your affiliate tokens, your Apple Services enrolment and the Shelflink partner program.
          </Text>
        </div>
        <AffiliateTokensSection />
        <Divider />
        <AppleServicesSection />
        <Divider />
        <PartnerProgramSection />
      </Stack>
    </div>
  );
}
