import { MantineProvider } from '@mantine/core';
import {
  render as testingLibraryRender,
  renderHook as testingLibraryRenderHook,
  type RenderHookOptions,
  type RenderOptions,
} from '@testing-library/react';
import type { ReactNode } from 'react';
import { theme } from '@/app/theme';

/** The app's one MantineProvider, with the app theme; `env="test"` turns transitions off. */
export function MantineWrapper({ children }: { children: ReactNode }) {
  return (
    <MantineProvider env="test" theme={theme}>
      {children}
    </MantineProvider>
  );
}

/** Testing Library's render, inside the app's Mantine theme. */
export function render(ui: ReactNode, options?: Omit<RenderOptions, 'wrapper'>) {
  return testingLibraryRender(ui, { wrapper: MantineWrapper, ...options });
}

/** Testing Library's renderHook, inside the app's Mantine theme. */
export function renderHook<Result, Props>(
  hook: (props: Props) => Result,
  options?: Omit<RenderHookOptions<Props>, 'wrapper'>,
) {
  return testingLibraryRenderHook(hook, { wrapper: MantineWrapper, ...options });
}
