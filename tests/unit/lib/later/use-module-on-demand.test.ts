import { notifications } from '@mantine/notifications';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useModuleOnDemand } from '@/lib/later/use-module-on-demand';

const dialogs = { EditDialog: () => null };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useModuleOnDemand', () => {
  test('a warm-up loads without rendering; a request renders the module and runs its follow-up', async () => {
    const load = vi.fn(() => Promise.resolve(dialogs));
    const { result } = renderHook(() => useModuleOnDemand(load));
    act(() => {
      result.current.warmUp();
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.loaded).toBeUndefined();

    const followUp = vi.fn();
    act(() => {
      result.current.request(followUp);
    });
    await waitFor(() => {
      expect(result.current.loaded).toBe(dialogs);
    });
    expect(followUp).toHaveBeenCalledTimes(1);
  });

  test('warmUp and request stay the same functions from render to render', async () => {
    const load = vi.fn(() => Promise.resolve(dialogs));
    const { result, rerender } = renderHook(() => useModuleOnDemand(load));
    const { warmUp, request } = result.current;

    rerender();
    act(() => {
      request();
    });
    await waitFor(() => {
      expect(result.current.loaded).toBe(dialogs);
    });

    expect(result.current.warmUp).toBe(warmUp);
    expect(result.current.request).toBe(request);
  });

  test('a failed request tells the user and reports it; the next request tries again', async () => {
    const show = vi.spyOn(notifications, 'show');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('Failed to fetch dynamically imported module');
    const load = vi
      .fn<() => Promise<typeof dialogs>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce(dialogs);
    const followUp = vi.fn();
    const { result } = renderHook(() => useModuleOnDemand(load));

    act(() => {
      result.current.request(followUp);
    });
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          title: 'That did not open',
          message: expect.stringContaining('Check your connection and try again.') as string,
        }),
      );
    });
    expect(logged).toHaveBeenCalledWith(failure.message, failure);
    expect(followUp).not.toHaveBeenCalled();
    expect(result.current.loaded).toBeUndefined();

    act(() => {
      result.current.request(followUp);
    });
    await waitFor(() => {
      expect(result.current.loaded).toBe(dialogs);
    });
    expect(followUp).toHaveBeenCalledTimes(1);
  });

  test('a failed warm-up stays quiet', async () => {
    const show = vi.spyOn(notifications, 'show');
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const { result } = renderHook(() => useModuleOnDemand(load));
    act(() => {
      result.current.warmUp();
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(show).not.toHaveBeenCalled();
    expect(result.current.loaded).toBeUndefined();
  });
});
