import '@/components/on-demand-mantine-styles';
import { Affix, Button, Popover, Radio, Stack, Text } from '@mantine/core';
import { activeScenario, chooseScenario, mockScenarios } from './mock-scenarios';

/** Development only: pick the mock's scenario without touching code. */
export default function MockScenarioPanel() {
  const current = activeScenario();
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={900}>
      <Popover position="top-end" width={300} shadow="md">
        <Popover.Target>
          <Button size="xs" variant="filled" color="grape">
            Mock: {current.label}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Answer from the mock as…
            </Text>
            <Radio.Group value={current.id} onChange={chooseScenario}>
              <Stack gap={6}>
                {mockScenarios.map((scenario) => (
                  <Radio key={scenario.id} value={scenario.id} label={scenario.label} />
                ))}
              </Stack>
            </Radio.Group>
            <Text size="xs" c="dimmed">
              Also settable with ?mock=&lt;id&gt; in the address.
            </Text>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Affix>
  );
}
