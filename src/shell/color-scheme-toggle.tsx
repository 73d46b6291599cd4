import { ActionIcon, useMantineContext } from '@mantine/core';
import { useColorScheme } from '@mantine/hooks';
import { IconBrightness } from '@tabler/icons-react';

/**
 * Light or dark: the page follows the operating system until this is used, and the choice is
 * remembered in this browser from then on. It reads and sets the provider's scheme directly:
 * Mantine's useMantineColorScheme does more (transitions held during the switch) than the first
 * screen's budget has room for.
 */
export function ColorSchemeToggle() {
  const { colorScheme, setColorScheme } = useMantineContext();
  // Read at once, not after a first render in light: the label is right from the start.
  const systemScheme = useColorScheme('light', { getInitialValueInEffect: false });
  const shown = colorScheme === 'auto' ? systemScheme : colorScheme;
  const next = shown === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={`Switch to ${next} mode`}
      onClick={() => {
        setColorScheme(next);
      }}
    >
      <IconBrightness aria-hidden="true" size={20} />
    </ActionIcon>
  );
}
